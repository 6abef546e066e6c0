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
// Every pass is flat over entries (gather, per-row segmented sort, run
// detection), never a thread per row, so one row holding most entries costs
// no more than many small rows.
void label_mode(const DeviceContext& context, const CsrView& first, const CsrView* second,
                std::span<const vertex_t> labels, std::span<vertex_t> out);

}  // namespace graphrun::cuda
