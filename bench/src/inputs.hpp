#pragma once
// Seeded dense inputs (x of SpMV, X of SpMM, GCN features) and BFS sources:
// reproducible across runs so two machines time the same work.
#include <cstdint>
#include <vector>

#include "graphrun/graph.hpp"

namespace graphrun::bench {

// Uniform in [-1, 1): signed, so a kernel that loses a sign cannot pass.
std::vector<float> random_values(std::size_t count, std::uint64_t seed, std::uint64_t stream);

// Up to `count` distinct vertices with at least one out-edge, drawn at
// random (Graph500 draws search keys among vertices of non-zero degree).
std::vector<vertex_t> pick_bfs_sources(const Graph& graph, int count, std::uint64_t seed);

}  // namespace graphrun::bench
