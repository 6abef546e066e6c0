#pragma once
// The undirected simple graph beneath a graph: what triangle counting and
// the local clustering coefficient read (GAP's and LDBC Graphalytics'
// semantics).
#include "graphrun/graph.hpp"

namespace graphrun {

// Which weights the undirected simple graph carries.
enum class EdgeCounts : bool {
  none,           // a pattern graph
  by_direction,   // {u, w} weighs how many of u->w and w->u the graph has: 1 or 2
};

// Row v lists v's neighbours ignoring direction (out- and in-neighbours,
// each once), without v itself: self-loops and duplicates go, the vertices
// and their ids stay. EdgeCounts::by_direction weighs each edge by the
// directed edges behind it, so an undirected graph's edges all weigh 2 (it
// stores both directions). The result is undirected.
Graph undirected_simple(const Graph& graph, EdgeCounts counts);

}  // namespace graphrun
