#pragma once
// Host references of BFS and weakly connected components: each the textbook
// method (a level-synchronous search, union-find) on OpenMP threads, so
// graphs of billions of entries are checked in seconds; independent of the
// backends they check.
#include <cstdint>
#include <span>
#include <vector>

#include "graphrun/graph.hpp"

namespace graphrun::bench {

struct BfsReference {
  std::uint64_t level_fingerprint = 0;   // fingerprint() of the level vector
  std::uint64_t parent_fingerprint = 0;  // fingerprint() of bfs_parents()
  std::size_t reached = 0;
  level_t depth = 0;
  // Graph500's TEPS numerator: edges inside the traversed component. Directed:
  // stored entries of reached vertices' rows. Undirected: each edge once
  // ((row entries + self-loops) / 2, since a self-loop is stored once).
  edge_t component_edges = 0;
};

// Levels along out-edges from `source`; no_level where unreachable.
std::vector<level_t> bfs_levels(const Graph& graph, vertex_t source);
BfsReference bfs_reference(const Graph& graph, vertex_t source);
// BFS parents by definition: parent[v] = the smallest in-neighbour of v one
// level above it; parent[source] = source; no_vertex where unreachable.
// `level` is bfs_levels(graph, source).
std::vector<vertex_t> bfs_parents(const Graph& graph, vertex_t source, std::span<const level_t> level);

// component[v] = smallest vertex id connected to v ignoring direction.
std::vector<vertex_t> wcc_reference(const Graph& graph);

}  // namespace graphrun::bench
