#pragma once
// Pull (bottom-up) step of BFS on the device (contract: bfs_pull in
// graphrun/backend.hpp). Host-side entry point; sizes are validated by the
// caller (CudaBackend).
#include <cstddef>
#include <span>

#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// Pull step over the in-CSR `in` (rows sorted by column). The frontier list
// becomes a bitmap (1 bit per vertex, L2-resident), then every unvisited
// vertex scans its in-row in order and stops at the first frontier member.
// Scans are split by row length (thread, then warp, then block per row), so
// a hub in-row never holds one thread or warp for its whole length. Reads
// back one small struct (the next frontier's size, the bad-id flag). A
// frontier id outside 0..n-1 is a UsageError, with level and parent untouched.
std::size_t bfs_pull(const DeviceContext& context, const CsrView& in, std::span<const vertex_t> frontier,
                     level_t depth, std::span<level_t> level, std::span<vertex_t> parent,
                     std::span<vertex_t> next_frontier);

}  // namespace graphrun::cuda
