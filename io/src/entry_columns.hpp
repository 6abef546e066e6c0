#pragma once
// Parsed entries as three parallel columns, the layout EdgeList uses.
#include <cstddef>
#include <vector>

namespace graphrun::io::detail {

template <typename Id>
struct EntryColumns {
  std::vector<Id> src;
  std::vector<Id> dst;
  std::vector<float> weights;  // empty for pattern input

  std::size_t size() const { return src.size(); }
  void clear() {
    src.clear();
    dst.clear();
    weights.clear();
  }
  void reserve(std::size_t entries, bool weighted) {
    src.reserve(entries);
    dst.reserve(entries);
    if (weighted) weights.reserve(entries);
  }
  void append(const EntryColumns& more) {
    src.insert(src.end(), more.src.begin(), more.src.end());
    dst.insert(dst.end(), more.dst.begin(), more.dst.end());
    weights.insert(weights.end(), more.weights.begin(), more.weights.end());
  }
};

}  // namespace graphrun::io::detail
