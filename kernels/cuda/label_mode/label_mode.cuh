#pragma once
// Label mode (the CDLP step) on the device: out[v] = the most frequent label
// among v's neighbours, the smallest on a tie, labels[v] when v has none.
#include <span>

#include "graphrun/types.hpp"
#include "kernels/cuda/runtime/context.cuh"
#include "kernels/cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// Neighbours of v are row v of `first` followed, when `second` is given, by
// row v of `second` (Edges::both on a directed graph: out- then in-row, so a
// vertex linked both ways counts twice).
//
// Exact counts on chip, no sort of the entries: rows are classed by
// neighbour count; short rows (<= 32) count with __match_any_sync, medium
// rows in a warp's shared-memory hash table, long rows in a block's table,
// split over several blocks by label partition so that one row holding most
// entries is spread over the GPU. Deterministic: every count is exact and
// candidates combine by max of a packed (count, smallest label) key.
void label_mode(const DeviceContext& context, const CsrView& first, const CsrView* second,
                std::span<const vertex_t> labels, std::span<vertex_t> out);

}  // namespace graphrun::cuda
