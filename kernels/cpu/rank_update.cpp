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
                          float teleport_weight, std::span<const float> share, std::span<const float> carried,
                          std::span<float> next_carried, int threads) {
  const float uniform = teleport.empty() ? uniform_teleport(carried.size()) : 0.0f;
  // Each index is visited exactly once, so the writes inside the term are safe.
  return deterministic_reduce<BlockSums>(carried.size(), threads, [&](std::size_t v) {
    const float updated = updated_rank(teleport_weight, teleport.empty() ? uniform : teleport[v], damping, y[v]);
    const float next = carried_rank(updated, share[v]);
    BlockSums term;
    term.residual = rank_distance(next, carried[v], share[v]);
    term.dangling_mass = share[v] == 0.0f ? static_cast<double>(updated) : 0.0;
    next_carried[v] = next;
    return term;
  });
}

void pagerank_convert(std::span<const float> share, std::span<const float> from, std::span<float> to, bool to_carried,
                      int threads) {
  if (to_carried)
    parallel_for(to.size(), threads, [&](std::size_t v) { to[v] = carried_rank(from[v], share[v]); });
  else
    parallel_for(to.size(), threads, [&](std::size_t v) { to[v] = rank_of_carried(from[v], share[v]); });
}

}  // namespace graphrun::cpu
