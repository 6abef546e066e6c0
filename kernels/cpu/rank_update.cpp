#include "cpu/rank_update.hpp"

#include <cmath>

#include "cpu/parallel_for.hpp"

namespace graphrun::cpu {

namespace {

// Both sums of one pass, accumulated in double over fixed blocks.
struct BlockSums : RankTerms {
  BlockSums& operator+=(const BlockSums& other) {
    residual += other.residual;
    dangling_mass += other.dangling_mass;
    return *this;
  }
};

}  // namespace

RankTerms pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                         float teleport_weight, std::span<const float> share, std::span<const float> rank,
                         std::span<float> next_rank, std::span<float> contribution, int threads) {
  const float uniform = teleport.empty() ? uniform_teleport(rank.size()) : 0.0f;
  // Each index is visited exactly once, so the writes inside the term are safe.
  return deterministic_reduce<BlockSums>(rank.size(), threads, [&](std::size_t v) {
    const float updated = updated_rank(teleport_weight, teleport.empty() ? uniform : teleport[v], damping, y[v]);
    BlockSums term;
    term.residual = std::abs(static_cast<double>(updated) - static_cast<double>(rank[v]));
    term.dangling_mass = share[v] == 0.0f ? static_cast<double>(updated) : 0.0;
    next_rank[v] = updated;
    contribution[v] = contribution_of(updated, share[v]);
    return term;
  });
}

}  // namespace graphrun::cpu
