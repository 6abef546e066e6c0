#pragma once
// PageRank's per-iteration vector work in one pass over the vertices (see
// Backend::pagerank_update): the rank update, the next SpMV input and the two
// sums the host needs (residual, dangling mass), read back together.
#include <span>

#include "graphrun/backend.hpp"
#include "kernels/cuda/runtime/context.cuh"

namespace graphrun::cuda {

// Sizes are validated by the caller (CudaBackend).
Backend::RankUpdate pagerank_update(const DeviceContext& context, std::span<const float> y,
                                    std::span<const float> teleport, float damping, float teleport_weight,
                                    std::span<const float> share, std::span<float> rank,
                                    std::span<float> contribution);

}  // namespace graphrun::cuda
