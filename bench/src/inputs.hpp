#pragma once
// Seeded dense inputs (x of SpMV, X of SpMM, GCN features) and BFS sources:
// reproducible across runs so two machines time the same work.
#include <cstdint>
#include <vector>

#include "graphrun/generators/bfs_sources.hpp"
#include "graphrun/graph.hpp"

namespace graphrun::bench {

// Uniform in [-1, 1): signed, so a kernel that loses a sign cannot pass.
std::vector<float> random_values(std::size_t count, std::uint64_t seed, std::uint64_t stream);

// BFS sources: generators::pick_bfs_sources, shared with the CLI.
using generators::pick_bfs_sources;

}  // namespace graphrun::bench
