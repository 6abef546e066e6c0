#pragma once
// CSR offsets -> the row id of every entry (the row array of a COO view),
// on the device: scatter each non-empty row's id to its first entry, then an
// inclusive max-scan (CUB) fills the rest of the row. O(entries), and a row
// with millions of entries costs no more than as many short rows.
#include <cstdint>

#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"

namespace graphrun::cuda::spmv {

// rows[k] = the row (counted from offsets' first) of entry offsets[0] + k,
// for the num_entries = offsets[num_rows] - offsets[0] entries: offsets may
// start anywhere in a larger CSR (a block of its rows, rebased to row 0).
void expand_row_ids(const DeviceContext& context, const edge_t* offsets, std::int64_t num_rows, vertex_t* rows,
                    std::int64_t num_entries);

}  // namespace graphrun::cuda::spmv
