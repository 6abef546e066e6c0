#pragma once
// PageRank's per-vertex update, written once for every backend (host and
// device code). The backends must agree bit for bit on the ranks, so the
// device side rounds each operation explicitly: nvcc would otherwise contract
// a product and a sum into one fused multiply-add.
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "graphrun/semiring.hpp"

namespace graphrun {

// The two sums one rank update adds up over the vertices.
struct RankTerms {
  double residual = 0.0;       // L1 distance between the old and the new rank
  double dangling_mass = 0.0;  // the new rank summed over the dangling vertices (share == 0)
};

// What rank updates leave in backend memory. The next update reads the
// dangling mass from there, so an iteration needs no host round trip
// (PageRankKernels::pagerank_update). The stopping rule lives beside the
// sums, so a backend applies it where the sums are: an update whose residual
// is below stop_below, or not finite, sets `stopped`, and every later update
// leaves the carried ranks and the sums as they are. The host can therefore
// queue iterations past the one that converges and read the sums back
// seldom: `updates` says how many were applied. A negative stop_below never
// stops (a fixed iteration count).
struct RankSums {
  double residual = 0.0;           // of the last applied update
  double dangling_mass = 0.0;      // of the last applied update's rank
  double previous_residual = 0.0;  // of the update before it (0 before two): one read gives a rate of decay
  double stop_below = -1.0;
  std::int32_t updates = 0;
  std::int32_t stopped = 0;  // 0 or 1
};

GRAPHRUN_HOST_DEVICE bool finite_residual(double residual) {
#if defined(__CUDA_ARCH__)
  return ::isfinite(residual);
#else
  return std::isfinite(residual);
#endif
}

// The sums after an update (not stopped before) that added up `terms`.
GRAPHRUN_HOST_DEVICE RankSums after_update(const RankSums& before, const RankTerms& terms) {
  RankSums after = before;
  after.previous_residual = before.residual;
  after.residual = terms.residual;
  after.dangling_mass = terms.dangling_mass;
  after.updates = before.updates + 1;
  after.stopped = before.stop_below >= 0.0 &&
                  !(finite_residual(terms.residual) && terms.residual >= before.stop_below);
  return after;
}

// The uniform teleport distribution's value (no personalization): 1/n.
GRAPHRUN_HOST_DEVICE float uniform_teleport(std::size_t num_vertices) {
  return 1.0f / static_cast<float>(num_vertices);
}

// The weight of the teleport distribution t in the next rank: the (1 - d)
// every vertex teleports with, plus the d * mass the dangling vertices pass
// on, which PageRank also spreads along t. Evaluated in double, then rounded.
GRAPHRUN_HOST_DEVICE float teleport_weight(float damping, double dangling_mass) {
  const double d = damping;
#if defined(__CUDA_ARCH__)
  return static_cast<float>(__dadd_rn(1.0 - d, __dmul_rn(d, dangling_mass)));
#else
  return static_cast<float>((1.0 - d) + d * dangling_mass);
#endif
}

// rank'[v] = teleport_weight * t[v] + damping * y[v], y = A^T carried (carried_rank below).
GRAPHRUN_HOST_DEVICE float updated_rank(float weight, float teleport, float damping, float y) {
#if defined(__CUDA_ARCH__)
  return __fadd_rn(__fmul_rn(weight, teleport), __fmul_rn(damping, y));
#else
  return weight * teleport + damping * y;
#endif
}

// PageRank keeps one vector per iteration, not a rank and a contribution:
// vertex v's entry is what its out-edges carry into the next SpMV (per unit
// weight), rank[v] * share[v], or, for a dangling vertex (share == 0, so no
// edge gathers it with a non-zero weight), the rank itself. Both directions
// round once, so rank_of_carried(carried_rank(r, s), s) is r up to a rounding
// of each.
GRAPHRUN_HOST_DEVICE float carried_rank(float rank, float share) {
  if (share == 0.0f) return rank;
#if defined(__CUDA_ARCH__)
  return __fmul_rn(rank, share);
#else
  return rank * share;
#endif
}

GRAPHRUN_HOST_DEVICE float rank_of_carried(float carried, float share) {
  if (share == 0.0f) return carried;
#if defined(__CUDA_ARCH__)
  return __fdiv_rn(carried, share);
#else
  return carried / share;
#endif
}

// The update's L1 term |rank' - rank|, measured on what v carries: the
// change of its carried value, divided by share in double. It is exactly 0
// when the carried value did not change (a float fixed point), and within a
// rounding of rank' of the distance between the ranks otherwise.
GRAPHRUN_HOST_DEVICE double rank_distance(float next_carried, float old_carried, float share) {
#if defined(__CUDA_ARCH__)
  const double difference = ::fabs(__dsub_rn(next_carried, old_carried));
  return share == 0.0f ? difference : __ddiv_rn(difference, share);
#else
  const double difference = std::abs(static_cast<double>(next_carried) - static_cast<double>(old_carried));
  return share == 0.0f ? difference : difference / static_cast<double>(share);
#endif
}

// One vertex's update, on every backend (the cpu loop, the cuda update pass
// and the fused row epilogue): returns its next carried rank and adds its
// residual and dangling terms to `terms`.
GRAPHRUN_HOST_DEVICE float update_carried_rank(float weight, float damping, float teleport, float y, float share,
                                               float old_carried, RankTerms& terms) {
  const float updated = updated_rank(weight, teleport, damping, y);
  const float next = carried_rank(updated, share);
  terms.residual += rank_distance(next, old_carried, share);
  if (share == 0.0f) terms.dangling_mass += static_cast<double>(updated);
  return next;
}

}  // namespace graphrun
