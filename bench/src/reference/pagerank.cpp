#include "reference/pagerank.hpp"

#include <cmath>

namespace graphrun::bench {

PageRankReference pagerank_reference(const Graph& graph, double damping, double tolerance, int max_iterations,
                                     bool fixed, bool weighted, std::span<const double> teleport_in) {
  const vertex_t n = graph.num_vertices();
  PageRankReference result;
  if (n == 0) return result;
  const auto size = static_cast<std::size_t>(n);
  const Csr& in = graph.in_edges();
  const Csr& out = graph.out_edges();
  // Out-strength: the out-degree, or the sum of the out-edge weights.
  std::vector<double> out_strength(size, 0.0);
#pragma omp parallel for schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u)
    for (edge_t k = out.offsets[u]; k < out.offsets[u + 1]; ++k)
      out_strength[static_cast<std::size_t>(u)] += weighted ? out.value(k) : 1.0;
  const std::vector<double> teleport =
      teleport_in.empty() ? std::vector<double>(size, 1.0 / n) : std::vector<double>(teleport_in.begin(), teleport_in.end());
  std::vector<double> rank(teleport), next(size);
  std::vector<double> contribution(size);
  for (int iteration = 0; iteration < max_iterations; ++iteration) {
    double dangling = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : dangling)
    for (std::size_t i = 0; i < size; ++i) {
      contribution[i] = out_strength[i] != 0.0 ? rank[i] / out_strength[i] : 0.0;
      if (out_strength[i] == 0.0) dangling += rank[i];
    }
    double change = 0.0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : change)
    for (vertex_t v = 0; v < n; ++v) {
      double sum = 0.0;
      for (edge_t k = in.offsets[v]; k < in.offsets[v + 1]; ++k) {
        const auto entry = static_cast<std::size_t>(k);
        sum += contribution[static_cast<std::size_t>(in.indices[entry])] * (weighted ? in.value(k) : 1.0);
      }
      const auto i = static_cast<std::size_t>(v);
      next[i] = ((1.0 - damping) + damping * dangling) * teleport[i] + damping * sum;
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
