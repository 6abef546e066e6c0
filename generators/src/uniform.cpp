// Erdos-Renyi-like directed graph: edge e is uniform_edge(e)
// (graphrun/generators/edge_draws.hpp); duplicates and self-loops are rare
// and left to Graph::build, as with a real edge-list file.
#include <cstdint>

#include "graphrun/generators/edge_draws.hpp"
#include "generators.hpp"

namespace graphrun::generators {

EdgeList uniform(const GeneratorSpec& spec) {
  EdgeList edges = edge_slots(spec, Symmetry::general);
  const std::uint64_t m = edges.src.size();
  const auto n = static_cast<std::uint64_t>(edges.num_vertices);
#pragma omp parallel for schedule(static)
  for (std::uint64_t e = 0; e < m; ++e) {
    const DrawnEdge edge = uniform_edge(spec.seed, n, e);
    edges.src[e] = edge.src;
    edges.dst[e] = edge.dst;
  }
  return edges;
}

}  // namespace graphrun::generators
