#include "reference/traversal.hpp"

#include <algorithm>
#include <numeric>

#include "check.hpp"

namespace graphrun::bench {

std::vector<vertex_t> bfs_levels(const Graph& graph, vertex_t source) {
  const Csr& out = graph.out_edges();
  std::vector<vertex_t> level(static_cast<std::size_t>(graph.num_vertices()), no_vertex);
  std::vector<vertex_t> queue{source};
  level[static_cast<std::size_t>(source)] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const vertex_t u = queue[head];
    for (edge_t k = out.offsets[u]; k < out.offsets[u + 1]; ++k) {
      const vertex_t v = out.indices[static_cast<std::size_t>(k)];
      if (level[static_cast<std::size_t>(v)] != no_vertex) continue;
      level[static_cast<std::size_t>(v)] = level[static_cast<std::size_t>(u)] + 1;
      queue.push_back(v);
    }
  }
  return level;
}

BfsReference bfs_reference(const Graph& graph, vertex_t source) {
  const std::vector<vertex_t> level = bfs_levels(graph, source);
  const Csr& out = graph.out_edges();
  BfsReference reference;
  reference.level_fingerprint = fingerprint(level);
  reference.parent_fingerprint = fingerprint(bfs_parents(graph, source, level));
  edge_t entries = 0, self_loops = 0;
  for (vertex_t u = 0; u < graph.num_vertices(); ++u) {
    if (level[static_cast<std::size_t>(u)] == no_vertex) continue;
    ++reference.reached;
    reference.depth = std::max(reference.depth, level[static_cast<std::size_t>(u)]);
    entries += out.degree(u);
    const auto row_begin = out.indices.begin() + out.offsets[u], row_end = out.indices.begin() + out.offsets[u + 1];
    self_loops += std::binary_search(row_begin, row_end, u) ? 1 : 0;  // rows are sorted
  }
  reference.component_edges = graph.directed() ? entries : (entries + self_loops) / 2;
  return reference;
}

std::vector<vertex_t> bfs_parents(const Graph& graph, vertex_t source, std::span<const vertex_t> level) {
  std::vector<vertex_t> parent(static_cast<std::size_t>(graph.num_vertices()), no_vertex);
  parent[static_cast<std::size_t>(source)] = source;
  const Csr& out = graph.out_edges();
  for (vertex_t u = 0; u < graph.num_vertices(); ++u) {
    const vertex_t level_u = level[static_cast<std::size_t>(u)];
    if (level_u == no_vertex) continue;
    for (edge_t k = out.offsets[u]; k < out.offsets[u + 1]; ++k) {
      const auto v = static_cast<std::size_t>(out.indices[static_cast<std::size_t>(k)]);
      if (static_cast<vertex_t>(v) == source || level[v] != level_u + 1) continue;
      if (parent[v] == no_vertex || u < parent[v]) parent[v] = u;
    }
  }
  return parent;
}

std::vector<vertex_t> wcc_reference(const Graph& graph) {
  // Union-find with path halving; the root of every set is its smallest id.
  const std::size_t n = static_cast<std::size_t>(graph.num_vertices());
  std::vector<vertex_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](vertex_t v) {
    while (parent[static_cast<std::size_t>(v)] != v) {
      parent[static_cast<std::size_t>(v)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(v)])];
      v = parent[static_cast<std::size_t>(v)];
    }
    return v;
  };
  const Csr& out = graph.out_edges();
  for (vertex_t u = 0; u < graph.num_vertices(); ++u)
    for (edge_t k = out.offsets[u]; k < out.offsets[u + 1]; ++k) {
      const vertex_t a = find(u), b = find(out.indices[static_cast<std::size_t>(k)]);
      if (a < b) parent[static_cast<std::size_t>(b)] = a;
      if (b < a) parent[static_cast<std::size_t>(a)] = b;
    }
  std::vector<vertex_t> component(n);
  for (std::size_t v = 0; v < n; ++v) component[v] = find(static_cast<vertex_t>(v));
  return component;
}

}  // namespace graphrun::bench
