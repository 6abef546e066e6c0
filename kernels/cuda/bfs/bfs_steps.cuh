#pragma once
// BFS steps of the primitive interface on the device (definitions in
// graphrun/backend.hpp: bfs_push, bfs_settle, bfs_pull_inputs). Host-side
// entry points; sizes are validated by the caller (CudaBackend).
#include <cstddef>
#include <span>

#include "graphrun/types.hpp"
#include "kernels/cuda/runtime/context.cuh"
#include "kernels/cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// Push step over the out-CSR `out`. `candidates` holds n entries equal to
// MinSecond::identity() on entry and is restored to that on return.
// Load-balanced by edges, not vertices: a hub in the frontier is spread over
// the whole grid. Reads back the next frontier's size.
std::size_t bfs_push(const DeviceContext& context, const CsrView& out, vertex_t* candidates,
                     std::span<const vertex_t> frontier, vertex_t depth, std::span<vertex_t> level,
                     std::span<vertex_t> parent, std::span<vertex_t> next_frontier);

// frontier_ids receives the reached vertices in increasing id order.
std::size_t bfs_settle(const DeviceContext& context, std::span<const vertex_t> reached, vertex_t depth,
                       std::span<vertex_t> level, std::span<vertex_t> parent, std::span<vertex_t> frontier_ids);

void bfs_pull_inputs(const DeviceContext& context, std::span<const vertex_t> frontier_ids,
                     std::span<const vertex_t> level, std::span<vertex_t> x, std::span<std::uint8_t> visited);

}  // namespace graphrun::cuda
