#include "kernels/cpu/rank_update.hpp"

#include <cmath>

#include "kernels/cpu/parallel_for.hpp"

namespace graphrun::cpu {

namespace {

// Both sums of one pass, accumulated in double over fixed blocks.
struct RankSums {
  double residual = 0.0;
  double dangling_mass = 0.0;
  RankSums& operator+=(const RankSums& other) {
    residual += other.residual;
    dangling_mass += other.dangling_mass;
    return *this;
  }
};

}  // namespace

Backend::RankUpdate pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                                    float teleport_weight, std::span<const float> share, std::span<float> rank,
                                    std::span<float> contribution, int threads) {
  // Each index is visited exactly once, so the writes inside the term are safe.
  const RankSums sums = deterministic_reduce<RankSums>(rank.size(), threads, [&](std::size_t v) {
    // Same expression and order as axpby(teleport_weight, teleport, damping, y).
    const float updated = teleport_weight * teleport[v] + damping * y[v];
    const RankSums term{std::abs(static_cast<double>(updated) - static_cast<double>(rank[v])),
                        share[v] == 0.0f ? static_cast<double>(updated) : 0.0};
    rank[v] = updated;
    contribution[v] = updated * share[v];
    return term;
  });
  return {.residual = sums.residual, .dangling_mass = sums.dangling_mass};
}

}  // namespace graphrun::cpu
