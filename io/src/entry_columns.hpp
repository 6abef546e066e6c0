#pragma once
// Parsed entries as three parallel columns, the layout EdgeList uses.
#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "graphrun/edge_list.hpp"
#include "graphrun/host_memory.hpp"
#include "graphrun/internal/parallel.hpp"

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
  // Large reservations get huge pages faulted in by all threads (see
  // graphrun::detail::reserve_bulk): the columns are the bulk of a load.
  // Refused with a RuntimeError when the machine has not the memory (what:
  // the data, for the message).
  void reserve(std::size_t entries, bool weighted, const std::string& what = "the edge list being read") {
    require_host_memory(static_cast<std::uint64_t>(entries) * (2 * sizeof(Id) + (weighted ? sizeof(float) : 0)),
                        what, "a machine with more memory");
    graphrun::detail::reserve_bulk(src, entries);
    graphrun::detail::reserve_bulk(dst, entries);
    if (weighted) graphrun::detail::reserve_bulk(weights, entries);
  }

  // Appends the parts in order, each part copied by its own thread: a serial
  // append of every other thread's entries would be a serial phase as large
  // as the parse's output.
  void append_in_parallel(std::span<const EntryColumns> parts) {
    std::vector<std::size_t> at(parts.size() + 1, size());
    for (std::size_t k = 0; k < parts.size(); ++k) at[k + 1] = at[k] + parts[k].size();
    const bool weighted = std::any_of(parts.begin(), parts.end(), [](const auto& p) { return !p.weights.empty(); });
    graphrun::detail::resize_bulk(src, at.back());
    graphrun::detail::resize_bulk(dst, at.back());
    if (weighted) graphrun::detail::resize_bulk(weights, at.back());
    const auto count = static_cast<long long>(parts.size());
#pragma omp parallel for schedule(static, 1) if (at.back() - at.front() > 65536)
    for (long long k = 0; k < count; ++k) {
      const EntryColumns& part = parts[static_cast<std::size_t>(k)];
      const std::size_t to = at[static_cast<std::size_t>(k)];
      std::copy(part.src.begin(), part.src.end(), src.begin() + static_cast<std::ptrdiff_t>(to));
      std::copy(part.dst.begin(), part.dst.end(), dst.begin() + static_cast<std::ptrdiff_t>(to));
      // Pattern input has no weights: no iterator into the empty column.
      if (weighted)
        std::copy(part.weights.begin(), part.weights.end(), weights.begin() + static_cast<std::ptrdiff_t>(to));
    }
  }
};

// The entries of a file with 1-based ids 1..vertices (Matrix Market,
// DIMACS) as an EdgeList; the columns move.
inline EdgeList one_based_edge_list(EntryColumns<vertex_t>&& entries, vertex_t vertices, Symmetry symmetry) {
  EdgeList edges;
  edges.num_vertices = vertices;
  edges.symmetry = symmetry;
  edges.src = std::move(entries.src);
  edges.dst = std::move(entries.dst);
  edges.weights = std::move(entries.weights);
  edges.ids.base = 1;
  return edges;
}

}  // namespace graphrun::io::detail
