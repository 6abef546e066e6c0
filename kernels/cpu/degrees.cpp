#include "cpu/degrees.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <string>

#include "graphrun/error.hpp"
#include "cpu/neighbourhood.hpp"
#include "cpu/parallel_for.hpp"

namespace graphrun::cpu {

void degrees(const CpuGraph& a, Edges edges, std::span<vertex_t> degree, int threads) {
  const Neighbourhood neighbours(a, edges);
  // A row holds at most n - 1 distinct columns, which a vertex_t holds, but
  // Edges::both adds a directed graph's two rows: up to 2n - 2.
  std::atomic<bool> too_large{false};
  parallel_for(degree.size(), threads, [&](std::size_t v) {
    const edge_t count = neighbours.count(static_cast<vertex_t>(v));
    if (count > std::numeric_limits<vertex_t>::max()) too_large.store(true, std::memory_order_relaxed);
    degree[v] = static_cast<vertex_t>(std::min<edge_t>(count, std::numeric_limits<vertex_t>::max()));
  });
  if (too_large.load())
    throw UsageError("degrees: a vertex's out- plus in-degree exceeds " +
                     std::to_string(std::numeric_limits<vertex_t>::max()) +
                     ", more than a vertex_t holds; ask for Edges::out and Edges::in apart");
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
    if (!is_vertex(v, n))
      out_of_range = true;
    else
      total += neighbours.count(v);
  }
  sum = total;
  return !out_of_range;
}

}  // namespace graphrun::cpu
