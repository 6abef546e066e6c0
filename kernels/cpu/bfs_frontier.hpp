#pragma once
// BFS frontier primitives of the cpu backend (contracts in backend.hpp).
// Sizes are checked by the caller; the functions returning bool report a
// listed vertex id out of range (false) instead of touching memory with it.
#include <cstddef>
#include <span>

#include "cpu/cpu_graph.hpp"

namespace graphrun::cpu {

// Push step; `next_size` receives the next frontier's size.
bool bfs_push(const CpuGraph& a, std::span<const vertex_t> frontier, level_t depth, std::span<level_t> level,
              std::span<vertex_t> parent, std::span<vertex_t> next_frontier, int threads, std::size_t& next_size);

// Pull step over the in-rows of `a`; `next_size` receives the next
// frontier's size. next_frontier comes out in ascending id order, the same for
// every thread count.
bool bfs_pull(const CpuGraph& a, std::span<const vertex_t> frontier, level_t depth, std::span<level_t> level,
              std::span<vertex_t> parent, std::span<vertex_t> next_frontier, int threads, std::size_t& next_size);

}  // namespace graphrun::cpu
