#pragma once
// Serial host reference of single-source shortest paths: Dijkstra with a
// binary heap, summing in float as the backends do. With weights >= 0 a float
// sum never falls below its first term, so Dijkstra's order is still right
// and it settles every vertex at the least fixed point of the relaxations:
// the backends' distances must equal these bit for bit.
#include <vector>

#include "graphrun/graph.hpp"

namespace graphrun::bench {

// +inf where unreachable. The graph's weights must be >= 0 (a pattern
// graph's are 1).
std::vector<float> sssp_reference(const Graph& graph, vertex_t source);

}  // namespace graphrun::bench
