#include "cpu/rank_update.hpp"

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
    BlockSums term;
    next_carried[v] = update_carried_rank(teleport_weight, damping, teleport.empty() ? uniform : teleport[v], y[v],
                                          share[v], carried[v], term);
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
