// Erdos-Renyi-like graphs: edge e is uniform_edge(e), directed, or
// urand_edge(e), the same endpoints as one undirected edge
// (graphrun/generators/edge_draws.hpp); duplicates and self-loops are rare
// and left to Graph::build, as with a real edge-list file.
#include <cstdint>

#include "graphrun/generators/edge_draws.hpp"
#include "generators.hpp"

namespace graphrun::generators {

namespace {

template <class Draw>
EdgeList draw_uniform(const GeneratorSpec& spec, Symmetry symmetry, Draw draw) {
  EdgeList edges = edge_slots(spec, symmetry);
  const std::uint64_t m = edges.src.size();
  const auto n = static_cast<std::uint64_t>(edges.num_vertices);
#pragma omp parallel for schedule(static)
  for (std::uint64_t e = 0; e < m; ++e) {
    const DrawnEdge edge = draw(spec.seed, n, e);
    edges.src[e] = edge.src;
    edges.dst[e] = edge.dst;
  }
  return edges;
}

}  // namespace

EdgeList uniform(const GeneratorSpec& spec) { return draw_uniform(spec, Symmetry::general, uniform_edge); }

EdgeList urand(const GeneratorSpec& spec) { return draw_uniform(spec, Symmetry::symmetric, urand_edge); }

}  // namespace graphrun::generators
