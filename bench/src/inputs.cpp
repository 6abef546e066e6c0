#include "inputs.hpp"

#include <algorithm>
#include <unordered_set>

#include "graphrun/generators/counter_rng.hpp"

namespace graphrun::bench {
using generators::CounterRng;
using generators::Stream;

std::vector<float> random_values(std::size_t count, std::uint64_t seed, std::uint64_t stream) {
  std::vector<float> values(count);
  const std::uint64_t stream_seed = generators::splitmix64(seed ^ (stream * 0x9e3779b97f4a7c15ULL));
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < count; ++i)
    values[i] = static_cast<float>(2.0 * CounterRng(stream_seed, Stream::weights, i).uniform() - 1.0);
  return values;
}

std::vector<vertex_t> pick_bfs_sources(const Graph& graph, int count, std::uint64_t seed) {
  const Csr& out = graph.out_edges();
  std::vector<vertex_t> candidates;
  for (vertex_t v = 0; v < graph.num_vertices(); ++v)
    if (out.degree(v) > 0) candidates.push_back(v);
  if (candidates.size() <= static_cast<std::size_t>(count)) return candidates;
  // Distinct picks by a partial Fisher-Yates shuffle of the candidates.
  CounterRng rng(seed, Stream::endpoints, 0xbf5);
  for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i)
    std::swap(candidates[i], candidates[i + rng.below(candidates.size() - i)]);
  candidates.resize(static_cast<std::size_t>(count));
  return candidates;
}

}  // namespace graphrun::bench
