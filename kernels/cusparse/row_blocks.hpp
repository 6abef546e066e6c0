#pragma once
// cuSPARSE's SpMV fails on a matrix of 2^31 or more stored entries even with
// 64-bit indices, and on a block just under 2^31 (cuSPARSE 12.x of CUDA 13.0
// on the H200: CSR algorithms return CUSPARSE_STATUS_INTERNAL_ERROR, COO
// algorithms return success and a wrong product; decision 042). So the backend cuts a graph's rows into
// blocks of at most RowBlockPolicy::max_entries entries and runs one 32-bit
// product per block: block b owns rows [first_row, first_row + rows) of y,
// reads all of x, and its offsets are rebased to start at 0.
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "graphrun/types.hpp"

namespace graphrun::cusparse {

// The row blocks' limits. cuSPARSE 12.x failed (CUSPARSE_STATUS_INTERNAL_ERROR)
// on a block just under 2^31 entries and multiplied 2,130,706,432 correctly
// (decision 042): blocks stay at 2^30, well inside what was seen to work.
// Its COO kernels fault on arrays that are not 16-byte aligned, so each
// block starts, where a row boundary allows, at a multiple of `alignment`
// entries (4-byte ids and values).
struct RowBlockPolicy {
  static constexpr edge_t max_entries = edge_t{1} << 30;
  static constexpr edge_t alignment = 4;
  // How far back from the greedy end a block looks for an aligned boundary.
  static constexpr std::int64_t max_alignment_rows = 4096;
};

struct RowBlock {
  std::int64_t first_row = 0;
  std::int64_t rows = 0;
  edge_t first_entry = 0;
  edge_t entries = 0;

  bool aligned(edge_t alignment = RowBlockPolicy::alignment) const { return first_entry % alignment == 0; }
};

// Consecutive blocks covering rows [0, num_rows), each as long as the limit
// allows (greedy from row 0; binary search on the offsets, so O(blocks log
// rows) reads of offset_at(r) = offsets[r], r in [0, num_rows]), then cut
// back to the nearest row boundary at a multiple of `alignment` entries
// within max_alignment_rows rows (kept unaligned where there is none).
// A single row longer than limit: UsageError naming it. num_rows == 0: none.
std::vector<RowBlock> row_blocks(std::int64_t num_rows, const std::function<edge_t(std::int64_t)>& offset_at,
                                 edge_t limit = RowBlockPolicy::max_entries,
                                 edge_t alignment = RowBlockPolicy::alignment);

}  // namespace graphrun::cusparse
