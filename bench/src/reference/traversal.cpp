#include "reference/traversal.hpp"

#include <algorithm>
#include <atomic>
#include <numeric>

#include "check.hpp"
#include "graphrun/algorithms/bfs_progress.hpp"

namespace graphrun::bench {
namespace {

// Relaxed atomic access to a plain vector's element: the references share
// their arrays between OpenMP threads.
template <class T>
std::atomic_ref<T> at(std::vector<T>& values, vertex_t v) {
  return std::atomic_ref<T>(values[static_cast<std::size_t>(v)]);
}

}  // namespace

std::vector<level_t> bfs_levels(const Graph& graph, vertex_t source) {
  // Level-synchronous top-down search: every vertex of the next frontier is
  // claimed by one compare-and-swap; whoever claims it writes the same level.
  const Csr& out = graph.out_edges();
  std::vector<level_t> level(static_cast<std::size_t>(graph.num_vertices()), no_level);
  std::vector<vertex_t> frontier{source};
  level[static_cast<std::size_t>(source)] = 0;
  for (level_t depth = 1; !frontier.empty(); ++depth) {
    std::vector<vertex_t> next;
#pragma omp parallel
    {
      std::vector<vertex_t> found;
#pragma omp for schedule(dynamic, 64) nowait
      for (std::size_t i = 0; i < frontier.size(); ++i) {
        const vertex_t u = frontier[i];
        for (edge_t k = out.offsets[u]; k < out.offsets[u + 1]; ++k) {
          const vertex_t v = out.indices[static_cast<std::size_t>(k)];
          level_t unseen = no_level;
          if (at(level, v).load(std::memory_order_relaxed) == no_level &&
              at(level, v).compare_exchange_strong(unseen, depth, std::memory_order_relaxed))
            found.push_back(v);
        }
      }
#pragma omp critical
      next.insert(next.end(), found.begin(), found.end());
    }
    frontier = std::move(next);
    if (!frontier.empty()) require_level_after(depth, "bfs reference");
  }
  return level;
}

BfsReference bfs_reference(const Graph& graph, vertex_t source) {
  const std::vector<level_t> level = bfs_levels(graph, source);
  const Csr& out = graph.out_edges();
  BfsReference reference;
  reference.level_fingerprint = fingerprint(level);
  reference.parent_fingerprint = fingerprint(bfs_parents(graph, source, level));
  edge_t entries = 0, self_loops = 0;
  std::size_t reached = 0;
  level_t depth = 0;
#pragma omp parallel for schedule(dynamic, 4096) reduction(+ : entries, self_loops, reached) reduction(max : depth)
  for (vertex_t u = 0; u < graph.num_vertices(); ++u) {
    if (level[static_cast<std::size_t>(u)] == no_level) continue;
    ++reached;
    depth = std::max(depth, level[static_cast<std::size_t>(u)]);
    entries += out.degree(u);
    const auto row_begin = out.indices.begin() + out.offsets[u], row_end = out.indices.begin() + out.offsets[u + 1];
    self_loops += std::binary_search(row_begin, row_end, u) ? 1 : 0;  // rows are sorted
  }
  reference.reached = reached;
  reference.depth = depth;
  reference.component_edges = graph.directed() ? entries : (entries + self_loops) / 2;
  return reference;
}

std::vector<vertex_t> bfs_parents(const Graph& graph, vertex_t source, std::span<const level_t> level) {
  // By the definition, vertex by vertex: v's in-row is sorted, so its first
  // in-neighbour one level up is the smallest.
  std::vector<vertex_t> parent(static_cast<std::size_t>(graph.num_vertices()), no_vertex);
  const Csr& in = graph.in_edges();
#pragma omp parallel for schedule(dynamic, 4096)
  for (vertex_t v = 0; v < graph.num_vertices(); ++v) {
    const level_t level_v = level[static_cast<std::size_t>(v)];
    if (v == source || level_v == no_level) continue;
    for (edge_t k = in.offsets[v]; k < in.offsets[v + 1]; ++k) {
      const vertex_t u = in.indices[static_cast<std::size_t>(k)];
      if (level[static_cast<std::size_t>(u)] == level_v - 1) {
        parent[static_cast<std::size_t>(v)] = u;
        break;
      }
    }
  }
  parent[static_cast<std::size_t>(source)] = source;
  return parent;
}

std::vector<vertex_t> wcc_reference(const Graph& graph) {
  // Union-find shared by the threads: a root links under a smaller root by
  // compare-and-swap (a failed swap retries from the new roots), so every
  // root is the smallest id of its set; finds halve paths with relaxed
  // stores, which only ever point a vertex at one of its ancestors.
  const std::size_t n = static_cast<std::size_t>(graph.num_vertices());
  std::vector<vertex_t> parent(n);
  std::iota(parent.begin(), parent.end(), vertex_t{0});
  auto find = [&](vertex_t v) {
    for (;;) {
      const vertex_t up = at(parent, v).load(std::memory_order_relaxed);
      if (up == v) return v;
      const vertex_t above = at(parent, up).load(std::memory_order_relaxed);
      at(parent, v).store(above, std::memory_order_relaxed);
      v = above;
    }
  };
  const Csr& out = graph.out_edges();
#pragma omp parallel for schedule(dynamic, 1024)
  for (vertex_t u = 0; u < graph.num_vertices(); ++u)
    for (edge_t k = out.offsets[u]; k < out.offsets[u + 1]; ++k) {
      vertex_t a = find(u), b = find(out.indices[static_cast<std::size_t>(k)]);
      while (a != b) {
        vertex_t high = std::max(a, b), low = std::min(a, b), expected = high;
        if (at(parent, high).compare_exchange_strong(expected, low, std::memory_order_relaxed)) break;
        a = find(high);
        b = find(low);
      }
    }
  std::vector<vertex_t> component(n);
#pragma omp parallel for schedule(static)
  for (std::size_t v = 0; v < n; ++v) component[v] = find(static_cast<vertex_t>(v));
  return component;
}

}  // namespace graphrun::bench
