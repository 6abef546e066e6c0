// A shortest-path tree from SSSP's distances.
//
// Contract: sssp_parents in sssp.hpp.
//
// Maths. At the least fixed point of float relaxations every reached
// v != source has an in-edge (u, v) with fl(d[u] + w) == d[v] (the value it
// took was set through one, and later decreases of d[u] would have lowered
// d[v] again). Such a u has d[u] <= d[v] since w >= 0. Parents with
// d[u] < d[v] strictly cannot form a cycle. The remaining vertices sit in
// classes of equal distance joined by edges that add nothing; a class that
// none of its members enters from closer would never have received its
// value (or it holds the source), so a walk over those edges from the
// vertices already placed reaches them all, and parents set at first
// discovery form a tree.
//
// Code. One pull over the in-rows in parallel (the smallest tight closer
// in-neighbour), then, only when vertices are left, the walk on the host.
#include <deque>
#include <limits>
#include <string>

#include "device_buffers.hpp"
#include "graphrun/algorithms/sssp.hpp"

namespace graphrun {

std::vector<vertex_t> sssp_parents(const Graph& graph, vertex_t source, std::span<const float> distance) {
  const vertex_t n = graph.num_vertices();
  algorithms_detail::require(distance.size() == static_cast<std::size_t>(n),
                             "sssp_parents: " + std::to_string(distance.size()) + " distances for " +
                                 std::to_string(n) + " vertices");
  algorithms_detail::require(is_vertex(source, n), "sssp_parents: the source is outside the graph");
  const Csr& in = graph.in_edges();
  const auto d = [&](vertex_t v) { return distance[static_cast<std::size_t>(v)]; };
  // Float addition, as the backends relax: d[u] + w rounded to float.
  const auto tight = [&](vertex_t u, float weight, vertex_t v) { return static_cast<float>(d(u) + weight) == d(v); };
  std::vector<vertex_t> parent(static_cast<std::size_t>(n), no_vertex);
  bool left = false;
#pragma omp parallel for schedule(dynamic, 1024) reduction(|| : left)
  for (vertex_t v = 0; v < n; ++v) {
    if (v == source || d(v) == std::numeric_limits<float>::infinity()) continue;
    vertex_t best = no_vertex;
    for (edge_t k = in.offsets[v]; k < in.offsets[v + 1] && best == no_vertex; ++k) {
      const vertex_t u = in.indices[k];  // ascending: the first tight closer one is the smallest
      if (d(u) < d(v) && tight(u, in.value(k), v)) best = u;
    }
    parent[static_cast<std::size_t>(v)] = best;
    left = left || best == no_vertex;
  }
  parent[static_cast<std::size_t>(source)] = source;
  if (!left) return parent;
  const Csr& out = graph.out_edges();
  std::deque<vertex_t> queue;
  for (vertex_t v = 0; v < n; ++v)
    if (parent[static_cast<std::size_t>(v)] != no_vertex) queue.push_back(v);
  while (!queue.empty()) {
    const vertex_t x = queue.front();
    queue.pop_front();
    for (edge_t k = out.offsets[x]; k < out.offsets[x + 1]; ++k) {
      const vertex_t y = out.indices[k];
      if (parent[static_cast<std::size_t>(y)] != no_vertex || d(y) != d(x) || !tight(x, out.value(k), y)) continue;
      parent[static_cast<std::size_t>(y)] = x;
      queue.push_back(y);
    }
  }
  return parent;
}

}  // namespace graphrun
