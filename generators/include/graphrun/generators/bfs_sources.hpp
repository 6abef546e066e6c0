#pragma once
// Seeded BFS sources: the bench's searches and `graphrun bfs --sources K`
// draw them the same way, so a seed names the same sources in both.
#include <cstdint>
#include <vector>

#include "graphrun/graph.hpp"

namespace graphrun::generators {

// Up to `count` distinct vertices with at least one out-edge, drawn at
// random (Graph500 draws search keys among vertices of non-zero degree);
// every such vertex when there are no more than `count`.
std::vector<vertex_t> pick_bfs_sources(const Graph& graph, int count, std::uint64_t seed);

}  // namespace graphrun::generators
