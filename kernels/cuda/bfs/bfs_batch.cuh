#pragma once
// Bit-parallel BFS from up to 64 sources on the device (contract:
// BfsKernels::bfs_batch). Host-side entry point; sources and sizes are
// checked by the caller.
#include <cstddef>
#include <span>

#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// `out` and `in` are the rows of A and of A^T (the same arrays on an
// undirected graph). level: sources.size() x n on the device, source-major;
// depth and reached: one entry per source, host memory. Reads back one small
// struct of counters per level.
void bfs_batch(const DeviceContext& context, const CsrView& out, const CsrView& in,
               std::span<const vertex_t> sources, std::span<level_t> level, std::span<level_t> depth,
               std::span<std::size_t> reached);

}  // namespace graphrun::cuda
