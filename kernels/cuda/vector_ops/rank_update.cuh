#pragma once
// PageRank's per-iteration vector work in one pass over the vertices (see
// Backend::pagerank_update): the rank update, the next SpMV input and the two
// sums (residual, dangling mass), left in backend memory for the next
// iteration and for the host to read when it wants them.
#include <span>

#include "graphrun/rank_update.hpp"
#include "cuda/runtime/context.cuh"

namespace graphrun::cuda {

// Sizes and aliasing are validated by the caller (CudaBackend). Queues its
// kernels and returns: no synchronisation.
void pagerank_update(const DeviceContext& context, std::span<const float> y, std::span<const float> teleport,
                     float damping, std::span<const float> share, std::span<const float> rank,
                     std::span<float> next_rank, std::span<float> contribution, std::span<RankSums> sums);

}  // namespace graphrun::cuda
