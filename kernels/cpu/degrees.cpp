#include "cpu/degrees.hpp"

#include "cpu/neighbourhood.hpp"
#include "cpu/parallel_for.hpp"

namespace graphrun::cpu {

void degrees(const CpuGraph& a, Edges edges, std::span<vertex_t> degree, int threads) {
  const Neighbourhood neighbours(a, edges);
  parallel_for(degree.size(), threads, [&](std::size_t v) {
    degree[v] = static_cast<vertex_t>(neighbours.count(static_cast<vertex_t>(v)));
  });
}

bool degree_sum(const CpuGraph& a, Edges edges, std::span<const vertex_t> vertices, int threads, edge_t& sum) {
  const Neighbourhood neighbours(a, edges);
  const vertex_t n = a.num_vertices();
  edge_t total = 0;
  bool out_of_range = false;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : total) reduction(|| : out_of_range) \
    if (threads > 1 && vertices.size() >= min_parallel_elements)
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    const vertex_t v = vertices[i];
    if (v < 0 || v >= n)
      out_of_range = true;
    else
      total += neighbours.count(v);
  }
  sum = total;
  return !out_of_range;
}

}  // namespace graphrun::cpu
