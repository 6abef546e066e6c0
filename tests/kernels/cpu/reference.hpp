#pragma once
// Serial reference views of a test graph's adjacency, built from its triples
// (never from the CSR the backend reads).
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cpu_test_support.hpp"
#include "graphrun/backend.hpp"
#include "graphrun/memory.hpp"

namespace graphrun::test {

struct Term {
  float weight;
  vertex_t column;
};

// terms[r] = the entries of row r of A (Edges::out) or A^T (Edges::in), in
// triple order.
inline std::vector<std::vector<Term>> row_terms(const TestGraph& g, Edges edges) {
  std::vector<std::vector<Term>> terms(static_cast<std::size_t>(g.graph.num_vertices()));
  for (const Triple& t : g.entries) {
    if (edges == Edges::out)
      terms[t.source].push_back({t.weight, t.target});
    else
      terms[t.target].push_back({t.weight, t.source});
  }
  return terms;
}

// neighbours[v] per semiring.hpp's Edges: out-neighbours, in-neighbours, or
// both lists (directed graphs only; on an undirected graph both = out).
inline std::vector<std::vector<vertex_t>> neighbour_lists(const TestGraph& g, Edges edges) {
  std::vector<std::vector<vertex_t>> neighbours(static_cast<std::size_t>(g.graph.num_vertices()));
  const bool walk_out = edges != Edges::in;
  const bool walk_in = edges == Edges::in || (edges == Edges::both && g.graph.directed());
  for (const Triple& t : g.entries) {
    if (walk_out) neighbours[t.source].push_back(t.target);
    if (walk_in) neighbours[t.target].push_back(t.source);
  }
  return neighbours;
}

template <class T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// Backend-memory copy of host data.
template <class T>
DeviceVector<T> to_backend(Backend& backend, const std::vector<T>& host) {
  return DeviceVector<T>(backend.memory(), std::span<const T>(host));
}

// Collects the first few mismatches of a vector comparison as readable text;
// an empty string means everything matched.
class MismatchLog {
 public:
  template <class Got, class Want>
  void add(std::size_t index, const Got& got, const Want& want, const std::string& detail = {}) {
    ++count_;
    if (count_ <= 5) text_ << "\n  [" << index << "] got " << +got << ", want " << +want << detail;
  }
  std::string str() const {
    return count_ == 0 ? std::string() : std::to_string(count_) + " mismatches:" + text_.str();
  }

 private:
  std::size_t count_ = 0;
  std::ostringstream text_;
};

}  // namespace graphrun::test
