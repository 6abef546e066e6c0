#pragma once
// Edge e of the random-endpoint generators (kron, uniform, urand) and its weight,
// as pure functions of (spec, e): the host generators (OpenMP loops) and the
// device generators (one GPU thread per edge) both call these, so a graph
// drawn on the GPU is the host's graph, edge for edge and bit for bit.
#include <cstdint>

#include "graphrun/generators/counter_rng.hpp"
#include "graphrun/generators/vertex_permutation.hpp"
#include "graphrun/semiring.hpp"  // GRAPHRUN_HOST_DEVICE
#include "graphrun/types.hpp"

namespace graphrun::generators {

struct DrawnEdge {
  vertex_t src, dst;
};

// Graph500 Kronecker (R-MAT): each edge descends `scale` levels of the
// adjacency matrix, choosing a quadrant with probabilities A, B, C, D =
// 0.57, 0.19, 0.19, 0.05 (thresholds in 32-bit fixed point, so one 64-bit
// draw decides two levels), then both endpoints are relabelled by
// `relabel` (VertexPermutation(seed, scale)). The edge is stored in one
// triangle (src >= dst), as a symmetric Matrix Market file stores it.
GRAPHRUN_HOST_DEVICE DrawnEdge kronecker_edge(std::uint64_t seed, int scale, const VertexPermutation& relabel,
                                              std::uint64_t e) {
  constexpr std::uint64_t fixed_one = 1ULL << 32;
  constexpr auto threshold_a = static_cast<std::uint64_t>(0.57 * fixed_one);
  constexpr auto threshold_ab = static_cast<std::uint64_t>((0.57 + 0.19) * fixed_one);
  constexpr auto threshold_abc = static_cast<std::uint64_t>((0.57 + 0.19 + 0.19) * fixed_one);
  CounterRng rng(seed, Stream::endpoints, e);
  std::uint64_t row = 0, column = 0, draw = 0;
  for (int level = 0; level < scale; ++level) {
    if (level % 2 == 0) draw = rng.next();
    const std::uint64_t part = level % 2 == 0 ? draw >> 32 : draw & 0xffffffffULL;
    row = (row << 1) | (part < threshold_ab ? 0 : 1);
    column = (column << 1) | (part < threshold_a || (part >= threshold_ab && part < threshold_abc) ? 0 : 1);
  }
  const auto u = static_cast<vertex_t>(relabel(row));
  const auto v = static_cast<vertex_t>(relabel(column));
  return u > v ? DrawnEdge{u, v} : DrawnEdge{v, u};
}

// Erdos-Renyi-like directed edge: both endpoints uniform over n vertices.
GRAPHRUN_HOST_DEVICE DrawnEdge uniform_edge(std::uint64_t seed, std::uint64_t n, std::uint64_t e) {
  CounterRng rng(seed, Stream::endpoints, e);
  const auto src = static_cast<vertex_t>(rng.below(n));
  return {src, static_cast<vertex_t>(rng.below(n))};
}

// The same endpoints as an undirected edge, stored in one triangle (src >= dst).
GRAPHRUN_HOST_DEVICE DrawnEdge urand_edge(std::uint64_t seed, std::uint64_t n, std::uint64_t e) {
  const DrawnEdge edge = uniform_edge(seed, n, e);
  return edge.src >= edge.dst ? edge : DrawnEdge{edge.dst, edge.src};
}

// Edge e's weight: uniform in [0.5, 1.5).
GRAPHRUN_HOST_DEVICE float edge_weight(std::uint64_t seed, std::uint64_t e) {
  return static_cast<float>(0.5 + CounterRng(seed, Stream::weights, e).uniform());
}

}  // namespace graphrun::generators
