#pragma once
// Vertex reordering, an optional preprocessing step: relabel the vertices by
// descending degree so the most-gathered x entries (the hubs of a power-law
// graph) share cache lines and stay in L2. Kernels and algorithms are
// unchanged; the result is simply another Graph.
#include "graphrun/graph.hpp"

namespace graphrun {

// Vertex v_new of the result is vertex order[v_new] of `graph`, where order
// sorts the vertices by descending degree (out + in on a directed graph),
// ties by increasing id, so the result is deterministic. Rows stay sorted;
// weights follow their edges. The result's ids() map each new vertex to the
// input's original id, so printed results keep the file's numbering (but
// "smallest id" tie-breaks, e.g. WCC labels or BFS parents, now follow the
// new numbering).
struct ReorderedGraph {
  Graph graph;
  std::vector<vertex_t> order;  // new id -> id in the input graph
};

ReorderedGraph reorder_by_degree(const Graph& graph);

}  // namespace graphrun
