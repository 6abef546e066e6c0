#pragma once
// CSR offsets -> the row id of every entry (the row array of a COO view),
// on the device: scatter each non-empty row's id to its first entry, then an
// inclusive max-scan (CUB) fills the rest of the row. O(entries), and a row
// with millions of entries costs no more than as many short rows.
#include <cstdint>

#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"

namespace graphrun::cuda::spmv {

// rows must hold offsets[num_rows] - offsets[0] entries; offsets[0] must be 0.
// RowId: vertex_t, or std::int64_t (cuSPARSE's 64-bit COO row ids).
template <class RowId>
void expand_row_ids(const DeviceContext& context, const edge_t* offsets, std::int64_t num_rows, RowId* rows,
                    std::int64_t num_entries);

}  // namespace graphrun::cuda::spmv
