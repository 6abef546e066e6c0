#pragma once
// PageRank's fused per-iteration vector pass on the cpu backend (see
// Backend::pagerank_update). Sizes are checked by the caller.
#include <span>

#include "graphrun/rank_update.hpp"

namespace graphrun::cpu {

// Returns the update's two sums; `teleport` is empty for the uniform distribution.
RankTerms pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                         float teleport_weight, std::span<const float> share, std::span<const float> rank,
                         std::span<float> next_rank, std::span<float> contribution, int threads);

}  // namespace graphrun::cpu
