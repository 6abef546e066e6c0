#pragma once
// BFS levels run on the device in one cooperative kernel, with no host
// round trip between levels (contract: BfsKernels::bfs_levels). Host-side
// entry point; sizes are validated by the caller (CudaBackend).
#include <cstddef>
#include <span>

#include "graphrun/algorithms/bfs_progress.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// Runs the levels of `progress` whose frontier has few enough out-edges
// (BfsLevelsPolicy), in either direction, on `out` (rows of A) and `in` (rows
// of A^T; the same arrays for an undirected graph). Returns the levels run:
// 0, touching nothing, when the first level is too large or the device
// cannot launch a cooperative kernel.
std::size_t bfs_levels(const DeviceContext& context, const CsrView& out, const CsrView& in, bool directed,
                       const BfsParams& params, BfsProgress& progress, std::span<const vertex_t> frontier,
                       std::span<level_t> level, std::span<vertex_t> parent, std::span<vertex_t> queue,
                       std::size_t& frontier_begin);

}  // namespace graphrun::cuda
