#pragma once
// Cheap statistics of an adjacency's row lengths and columns, computed once
// per plan on the device (one pass over the offsets and the first and last
// column of each row, one over the column indices) and kept on the host:
// they drive the "auto" choice, csr-vector:K's lane count under "auto", the ell
// refusal and hyb's ELL width. Graphs whose reach fits 16 bits get one more
// pass, over their columns, for the diagonals the stencil format needs.
#include <cstdint>
#include <optional>
#include <vector>

#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmv {

struct RowStats {
  std::int64_t num_rows = 0;
  std::int64_t num_cols = 0;
  std::int64_t num_entries = 0;
  std::int64_t longest_row = 0;
  double mean_row = 0.0;    // entries per row
  double stddev_row = 0.0;  // standard deviation of the row lengths
  // Mean over non-empty rows of (last column - first column): small on
  // banded / mesh-like graphs, where the x entries a warp gathers share
  // cache lines, about num_cols on random graphs.
  double mean_span = 0.0;
  // Largest |column - row| over all entries: how far from the diagonal the
  // graph reaches (csr-compact and ell-compact store column - row in 16 bits).
  std::int64_t longest_reach = 0;
  // The diagonals (column - row) that hold entries, ascending, when there
  // are at most DiagonalPolicy::max_diagonals of them and longest_reach fits
  // 16 bits (the stencil format's case; empty for a graph without entries);
  // nullopt otherwise.
  std::optional<std::vector<std::int32_t>> diagonals;
  // length_histogram[k] = rows with exactly k entries, except the last bin,
  // which counts every row at least that long.
  std::vector<std::int64_t> length_histogram;
  // column_histogram[b] = entries whose column lies in the b-th of
  // RowStatsPolicy::column_bins equal ranges of [0, num_cols).
  std::vector<std::int64_t> column_histogram;
};

RowStats compute_row_stats(const CsrView& csr, const DeviceContext& context);

}  // namespace graphrun::cuda::spmv
