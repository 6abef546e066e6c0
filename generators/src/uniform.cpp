// Erdos-Renyi-like directed graph: every edge's endpoints are independent and
// uniform over the 2^scale vertices (duplicates and self-loops are rare and
// left to Graph::build, as with a real edge-list file).
#include <cstdint>

#include "graphrun/generators/counter_rng.hpp"
#include "generators.hpp"

namespace graphrun::generators {

EdgeList uniform(const GeneratorSpec& spec) {
  EdgeList edges = edge_slots(spec, Symmetry::general);
  const std::uint64_t m = edges.src.size();
  const auto n = static_cast<std::uint64_t>(edges.num_vertices);
#pragma omp parallel for schedule(static)
  for (std::uint64_t e = 0; e < m; ++e) {
    CounterRng rng(spec.seed, Stream::endpoints, e);
    edges.src[e] = static_cast<vertex_t>(rng.below(n));
    edges.dst[e] = static_cast<vertex_t>(rng.below(n));
  }
  return edges;
}

}  // namespace graphrun::generators
