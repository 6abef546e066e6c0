#pragma once
// Push step of BFS on the device (contract: bfs_push in graphrun/backend.hpp;
// the pull step is in bfs_pull.cuh). Host-side entry point; sizes are
// validated by the caller (CudaBackend).
#include <cstddef>
#include <span>

#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// Push step over the out-CSR `out`. `candidates` holds n entries equal to
// MinSecond::identity() on entry and is restored to that on return.
// Load-balanced by edges, not vertices: a hub in the frontier is spread over
// the whole grid. Reads back the next frontier's size.
std::size_t bfs_push(const DeviceContext& context, const CsrView& out, vertex_t* candidates,
                     std::span<const vertex_t> frontier, level_t depth, std::span<level_t> level,
                     std::span<vertex_t> parent, std::span<vertex_t> next_frontier);

}  // namespace graphrun::cuda
