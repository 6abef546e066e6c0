#include "reference/shortest_paths.hpp"

#include <functional>
#include <limits>
#include <queue>
#include <utility>

namespace graphrun::bench {

std::vector<float> sssp_reference(const Graph& graph, vertex_t source) {
  const Csr& out = graph.out_edges();
  std::vector<float> distance(static_cast<std::size_t>(graph.num_vertices()), std::numeric_limits<float>::infinity());
  using Entry = std::pair<float, vertex_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
  distance[static_cast<std::size_t>(source)] = 0.0f;
  heap.push({0.0f, source});
  while (!heap.empty()) {
    const auto [d, u] = heap.top();
    heap.pop();
    if (d != distance[static_cast<std::size_t>(u)]) continue;  // a stale entry
    for (edge_t k = out.offsets[u]; k < out.offsets[u + 1]; ++k) {
      const vertex_t v = out.indices[k];
      const float candidate = d + out.value(k);
      if (candidate < distance[static_cast<std::size_t>(v)]) {
        distance[static_cast<std::size_t>(v)] = candidate;
        heap.push({candidate, v});
      }
    }
  }
  return distance;
}

}  // namespace graphrun::bench
