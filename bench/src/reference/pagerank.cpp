#include "bench/src/reference/pagerank.hpp"

#include <cmath>

namespace graphrun::bench {

PageRankReference pagerank_reference(const Graph& graph, double damping, double tolerance, int max_iterations,
                                     bool fixed) {
  const vertex_t n = graph.num_vertices();
  PageRankReference result;
  if (n == 0) return result;
  const Csr& in = graph.in_edges();
  const std::vector<vertex_t> out_degree = graph.out_degrees();
  const double teleport = 1.0 / n;
  std::vector<double> rank(static_cast<std::size_t>(n), teleport), next(static_cast<std::size_t>(n));
  std::vector<double> contribution(static_cast<std::size_t>(n));
  for (int iteration = 0; iteration < max_iterations; ++iteration) {
    double dangling = 0.0;
    for (vertex_t u = 0; u < n; ++u) {
      const auto i = static_cast<std::size_t>(u);
      contribution[i] = out_degree[i] ? rank[i] / out_degree[i] : 0.0;
      if (!out_degree[i]) dangling += rank[i];
    }
    double change = 0.0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : change)
    for (vertex_t v = 0; v < n; ++v) {
      double sum = 0.0;
      for (edge_t k = in.offsets[v]; k < in.offsets[v + 1]; ++k)
        sum += contribution[static_cast<std::size_t>(in.indices[static_cast<std::size_t>(k)])];
      const auto i = static_cast<std::size_t>(v);
      next[i] = (1.0 - damping) * teleport + damping * sum + damping * teleport * dangling;
      change += std::abs(next[i] - rank[i]);
    }
    rank.swap(next);
    result.iterations = iteration + 1;
    if (!fixed && change < tolerance) break;
  }
  result.rank = std::move(rank);
  return result;
}

}  // namespace graphrun::bench
