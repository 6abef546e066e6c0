#pragma once
// Triangle counting (GAP's tc) and the local clustering coefficient (LDBC
// Graphalytics' LCC), both over the undirected simple graph beneath a graph
// (graphrun/undirected_simple.hpp), which the caller builds and uploads:
//   tc:  undirected_simple(graph, EdgeCounts::none)
//   lcc: undirected_simple(graph, EdgeCounts::by_direction)
#include <cstdint>
#include <vector>

#include "graphrun/engine.hpp"
#include "graphrun/undirected_simple.hpp"

namespace graphrun {

struct TriangleCountResult {
  std::uint64_t total = 0;                  // triangles, each counted once
  std::vector<std::uint64_t> per_vertex;    // triangles holding each vertex; empty unless asked
};

// `simple`: an undirected graph (UsageError otherwise); self-loops are
// ignored and weights are not read. per_vertex: also count each vertex's
// triangles (networkx's triangles(G)), which costs three atomic adds per
// triangle on a GPU.
TriangleCountResult triangle_count(Engine& engine, const DeviceGraph& simple, bool per_vertex);

struct LocalClusteringResult {
  // LDBC: with N(v) the in- and out-neighbours of v other than v and
  // d = |N(v)|, lcc(v) = (directed edges u -> w with u, w in N(v)) /
  // (d (d - 1)), 0 when d < 2. On an undirected graph (each edge both ways)
  // that is networkx's clustering(G).
  std::vector<double> coefficient;
  double average = 0.0;  // over every vertex (networkx's average_clustering)
};

// `closure`: undirected_simple(graph, EdgeCounts::by_direction), uploaded.
// Each triangle {v, u, w} of it adds to v the directed edges between u and
// w, which the weight of {u, w} counts (1 or 2).
LocalClusteringResult local_clustering(Engine& engine, const DeviceGraph& closure);

}  // namespace graphrun
