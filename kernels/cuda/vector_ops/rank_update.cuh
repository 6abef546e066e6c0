#pragma once
// PageRank's per-iteration vector work in one pass over the vertices (see
// PageRankKernels::pagerank_update): the rank update into the next SpMV
// input (the carried rank) and the two sums (residual, dangling mass), left
// in backend memory for the next iteration and for the host to read when it
// wants them.
#include <span>

#include "graphrun/rank_update.hpp"
#include "cuda/runtime/context.cuh"

namespace graphrun::cuda {

// Sizes and aliasing are validated by the caller (CudaBackend). Queues its
// kernels and returns: no synchronisation.
void pagerank_update(const DeviceContext& context, std::span<const float> y, std::span<const float> teleport,
                     float damping, std::span<const float> share, std::span<const float> carried,
                     std::span<float> next_carried, std::span<RankSums> sums);

// to[v] = carried_rank(from[v], share[v]) when to_carried, else
// rank_of_carried(from[v], share[v]) (PageRankKernels::pagerank_carry and
// pagerank_ranks). Queues its kernel and returns.
void pagerank_convert(const DeviceContext& context, std::span<const float> share, std::span<const float> from,
                      std::span<float> to, bool to_carried);

}  // namespace graphrun::cuda
