#pragma once
// Host reference of LDBC Graphalytics CDLP (synchronous label propagation).
#include <vector>

#include "graphrun/graph.hpp"

namespace graphrun::bench {

// `rounds` synchronous rounds from label[v] = v. Neighbours: out-row on an
// undirected graph; out-row and in-row on a directed one (a vertex linked both
// ways counts twice). Most frequent label, smallest on a tie; a vertex with no
// neighbours keeps its label.
std::vector<vertex_t> label_propagation_reference(const Graph& graph, int rounds);

}  // namespace graphrun::bench
