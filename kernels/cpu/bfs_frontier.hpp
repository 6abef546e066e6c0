#pragma once
// BFS frontier primitives of the cpu backend (contracts in backend.hpp).
// Sizes are checked by the caller; the functions returning bool report a
// listed vertex id out of range (false) instead of touching memory with it.
#include <cstddef>
#include <span>

#include "kernels/cpu/cpu_graph.hpp"

namespace graphrun::cpu {

// Push step; `next_size` receives the next frontier's size.
bool bfs_push(const CpuGraph& a, std::span<const vertex_t> frontier, vertex_t depth, std::span<vertex_t> level,
              std::span<vertex_t> parent, std::span<vertex_t> next_frontier, int threads, std::size_t& next_size);

// Settles the vertices a pull step reached; frontier_ids gets them in
// ascending order.
std::size_t bfs_settle(std::span<const vertex_t> reached, vertex_t depth, std::span<vertex_t> level,
                       std::span<vertex_t> parent, std::span<vertex_t> frontier_ids, int threads);

bool bfs_pull_inputs(std::span<const vertex_t> frontier_ids, std::span<const vertex_t> level,
                     std::span<vertex_t> x, std::span<std::uint8_t> visited, int threads);

}  // namespace graphrun::cpu
