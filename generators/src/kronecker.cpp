// Graph500 Kronecker (R-MAT) generator: each edge descends `scale` levels of
// the adjacency matrix, choosing a quadrant with probabilities A, B, C, D =
// 0.57, 0.19, 0.19, 0.05, then both endpoints are relabelled by a seeded
// bijection (Graph500 permutes vertex ids so degree does not follow id).
#include <cstdint>

#include "graphrun/generators/counter_rng.hpp"
#include "generators.hpp"
#include "vertex_permutation.hpp"

namespace graphrun::generators {
namespace {

// Quadrant thresholds as 32-bit fixed point, so one 64-bit draw decides two
// levels (the quadrant probabilities need far less than 32 bits).
constexpr double probability_a = 0.57, probability_b = 0.19, probability_c = 0.19;
constexpr std::uint64_t fixed_one = 1ULL << 32;
constexpr auto threshold_a = static_cast<std::uint64_t>(probability_a * fixed_one);
constexpr auto threshold_ab = static_cast<std::uint64_t>((probability_a + probability_b) * fixed_one);
constexpr auto threshold_abc = static_cast<std::uint64_t>((probability_a + probability_b + probability_c) * fixed_one);

struct Bits {
  std::uint64_t row, column;
};

Bits quadrant(std::uint64_t draw) {
  if (draw < threshold_a) return {0, 0};
  if (draw < threshold_ab) return {0, 1};
  if (draw < threshold_abc) return {1, 0};
  return {1, 1};
}

}  // namespace

EdgeList kronecker(const GeneratorSpec& spec) {
  EdgeList edges = edge_slots(spec, Symmetry::symmetric);
  const std::uint64_t m = edges.src.size();
  const VertexPermutation relabel(spec.seed, spec.scale);

#pragma omp parallel for schedule(static)
  for (std::uint64_t e = 0; e < m; ++e) {
    CounterRng rng(spec.seed, Stream::endpoints, e);
    std::uint64_t row = 0, column = 0, draw = 0;
    for (int level = 0; level < spec.scale; ++level) {
      if (level % 2 == 0) draw = rng.next();
      const Bits bits = quadrant(level % 2 == 0 ? draw >> 32 : draw & 0xffffffffULL);
      row = (row << 1) | bits.row;
      column = (column << 1) | bits.column;
    }
    const auto u = static_cast<vertex_t>(relabel(row));
    const auto v = static_cast<vertex_t>(relabel(column));
    // One triangle, as a symmetric Matrix Market file stores it.
    edges.src[e] = u > v ? u : v;
    edges.dst[e] = u > v ? v : u;
  }
  return edges;
}

}  // namespace graphrun::generators
