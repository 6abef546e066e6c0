#pragma once
// Generators whose edge count is only known after the random choices (road)
// or whose rows are uneven (banded) fill the edge list row by row in two
// parallel passes: count each row's edges, prefix-sum, then let each row write
// into its own slice. The output order is therefore the row order, identical
// for any number of threads.
#include <cstdint>
#include <vector>

#include "graphrun/edge_list.hpp"

namespace graphrun::generators {

// count(row) -> number of edges of the row; emit(row, src, dst) writes exactly
// that many entries to src[0..count) and dst[0..count).
template <class Count, class Emit>
void emit_rows(std::int64_t rows, Count count, Emit emit, EdgeList& out) {
  std::vector<std::uint64_t> offsets(static_cast<std::size_t>(rows) + 1, 0);
#pragma omp parallel for schedule(static)
  for (std::int64_t row = 0; row < rows; ++row) offsets[static_cast<std::size_t>(row) + 1] = count(row);
  // Serial scan: one add per row is cheap next to generating the row.
  for (std::size_t row = 0; row < static_cast<std::size_t>(rows); ++row) offsets[row + 1] += offsets[row];

  const std::size_t total = offsets.back();
  out.src.resize(total);
  out.dst.resize(total);
#pragma omp parallel for schedule(static)
  for (std::int64_t row = 0; row < rows; ++row) {
    const std::size_t begin = offsets[static_cast<std::size_t>(row)];
    emit(row, out.src.data() + begin, out.dst.data() + begin);
  }
}

}  // namespace graphrun::generators
