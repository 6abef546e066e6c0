#pragma once
// PageRank's per-vertex update, written once for every backend (host and
// device code). The backends must agree bit for bit on the ranks, so the
// device side rounds each operation explicitly: nvcc would otherwise contract
// a product and a sum into one fused multiply-add.
#include <cstddef>

#include "graphrun/semiring.hpp"

namespace graphrun {

// The two sums of one rank update. They stay in backend memory between
// iterations: the next update reads the dangling mass from there, so an
// iteration needs no host round trip (Backend::pagerank_update).
struct RankSums {
  double residual = 0.0;       // L1 distance between the old and the new rank
  double dangling_mass = 0.0;  // the new rank summed over the dangling vertices (share == 0)
};

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

// rank'[v] = teleport_weight * t[v] + damping * y[v], y = A^T contribution.
GRAPHRUN_HOST_DEVICE float updated_rank(float weight, float teleport, float damping, float y) {
#if defined(__CUDA_ARCH__)
  return __fadd_rn(__fmul_rn(weight, teleport), __fmul_rn(damping, y));
#else
  return weight * teleport + damping * y;
#endif
}

// contribution[v] = rank'[v] * share[v]: what v passes along each out-edge
// (per unit weight) in the next SpMV.
GRAPHRUN_HOST_DEVICE float contribution_of(float rank, float share) {
#if defined(__CUDA_ARCH__)
  return __fmul_rn(rank, share);
#else
  return rank * share;
#endif
}

}  // namespace graphrun
