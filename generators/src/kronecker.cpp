// Graph500 Kronecker (R-MAT) generator: edge e is kronecker_edge(e)
// (graphrun/generators/edge_draws.hpp), stored in one triangle.
#include <cstdint>

#include "graphrun/generators/edge_draws.hpp"
#include "generators.hpp"

namespace graphrun::generators {

EdgeList kronecker(const GeneratorSpec& spec) {
  EdgeList edges = edge_slots(spec, Symmetry::symmetric);
  const std::uint64_t m = edges.src.size();
  const VertexPermutation relabel(spec.seed, spec.scale);
#pragma omp parallel for schedule(static)
  for (std::uint64_t e = 0; e < m; ++e) {
    const DrawnEdge edge = kronecker_edge(spec.seed, spec.scale, relabel, e);
    edges.src[e] = edge.src;
    edges.dst[e] = edge.dst;
  }
  return edges;
}

}  // namespace graphrun::generators
