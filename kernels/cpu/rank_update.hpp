#pragma once
// PageRank's fused per-iteration vector pass on the cpu backend (see
// Backend::pagerank_update). Sizes are checked by the caller.
#include <span>

#include "graphrun/rank_update.hpp"

namespace graphrun::cpu {

// Returns the update's two sums; `teleport` is empty for the uniform distribution.
RankTerms pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                          float teleport_weight, std::span<const float> share, std::span<const float> carried,
                          std::span<float> next_carried, int threads);

// to[v] = carried_rank(from[v], share[v]) when to_carried, else
// rank_of_carried(from[v], share[v]).
void pagerank_convert(std::span<const float> share, std::span<const float> from, std::span<float> to, bool to_carried,
                      int threads);

}  // namespace graphrun::cpu
