#pragma once
// Edge-balanced expansion of a vertex frontier: the frontier's out-edges are
// numbered 0..total-1 in frontier order, so a flat kernel over those numbers
// spreads a hub's row over the whole grid instead of one thread (the push
// steps of BFS and SSSP). Host-side entry point; device code uses
// segment_of (segment_search.cuh) on the starts to find an edge's vertex.
#include <span>

#include "graphrun/memory.hpp"
#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// starts[k] = the first flat edge number of frontier[k]'s row of `csr`, and
// starts[frontier.size()] = the total (in device memory: a grid over the
// edges reads it there, for_each_index_device_count). An id outside
// 0..num_rows-1 gets no edges and sets *bad_id to 1.
DeviceVector<edge_t> frontier_edge_starts(const DeviceContext& context, const CsrView& csr,
                                          std::span<const vertex_t> frontier, int* bad_id);

}  // namespace graphrun::cuda
