// CSR transpose by a stable parallel counting sort; used for the in-edges
// (CSC) view. Source rows are scattered in increasing order, so every row of
// the result comes out sorted with no sort pass.
#include <algorithm>

#include "graphrun/internal/parallel.hpp"
#include "graphrun/graph.hpp"
#include "graphrun/host_memory.hpp"
#include "row_scatter.hpp"

namespace graphrun {
namespace {

struct Transposed {
  vertex_t row;
  float value;
};

}  // namespace

std::size_t Csr::bytes() const {
  return offsets.size() * sizeof(edge_t) + indices.size() * sizeof(vertex_t) + values.size() * sizeof(float);
}

Csr transpose(const Csr& matrix, vertex_t num_cols) {
  const vertex_t rows = matrix.num_rows();
  const auto entries = static_cast<std::size_t>(matrix.num_entries());
  require_host_memory(entries * (sizeof(vertex_t) + (matrix.weighted() ? sizeof(float) : 0)) +
                          (static_cast<std::uint64_t>(num_cols) + 1) * sizeof(edge_t),
                      "the transpose (in-edges) of a directed graph", "a machine with more memory");
  Csr result;
  detail::resize_bulk(result.indices, entries);
  if (matrix.weighted()) detail::resize_bulk(result.values, entries);
  // Chunks hold equal numbers of entries, not rows: hub rows stay balanced.
  auto split_by_entries = [&](std::size_t, int chunk, int chunks) {
    const auto target = static_cast<edge_t>(entries * static_cast<std::size_t>(chunk) / static_cast<std::size_t>(chunks));
    return static_cast<std::size_t>(std::lower_bound(matrix.offsets.begin(), matrix.offsets.end() - 1, target) -
                                    matrix.offsets.begin());
  };
  result.offsets = detail::scatter_rows_stable(
      static_cast<std::size_t>(rows), entries, num_cols,
      [&](std::size_t r, auto&& emit) {
        for (edge_t e = matrix.offsets[r]; e < matrix.offsets[r + 1]; ++e)
          emit(matrix.indices[e], Transposed{static_cast<vertex_t>(r), matrix.value(e)});
      },
      [&](edge_t slot, const Transposed& entry) {
        result.indices[slot] = entry.row;
        if (!result.values.empty()) result.values[slot] = entry.value;
      },
      split_by_entries);
  return result;
}

}  // namespace graphrun
