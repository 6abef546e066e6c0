#include "graphrun/generators/bfs_sources.hpp"

#include <utility>

#include "graphrun/generators/counter_rng.hpp"

namespace graphrun::generators {

std::vector<vertex_t> pick_bfs_sources(const Graph& graph, int count, std::uint64_t seed) {
  const Csr& out = graph.out_edges();
  std::vector<vertex_t> candidates;
  for (vertex_t v = 0; v < graph.num_vertices(); ++v)
    if (out.degree(v) > 0) candidates.push_back(v);
  if (count < 0 || candidates.size() <= static_cast<std::size_t>(count)) return candidates;
  // Distinct picks by a partial Fisher-Yates shuffle of the candidates.
  CounterRng rng(seed, Stream::endpoints, 0xbf5);
  for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i)
    std::swap(candidates[i], candidates[i + rng.below(candidates.size() - i)]);
  candidates.resize(static_cast<std::size_t>(count));
  return candidates;
}

}  // namespace graphrun::generators
