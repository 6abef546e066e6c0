#pragma once
// BfsKernels::bfs_levels on the cpu backend: every remaining level of a
// search in one call, after GAP's bfs (Beamer, Asanovic, Patterson SC'12):
// push levels expand a queue, pull levels test a frontier bitmap and write
// the next one, and the frontier changes form only when the direction does.
// Sizes are checked by the caller.
#include <cstddef>
#include <span>

#include "graphrun/algorithms/bfs_progress.hpp"
#include "cpu/cpu_graph.hpp"

namespace graphrun::cpu {

// Runs levels until the frontier is empty and returns how many; false in
// `ids_ok` (and nothing touched) when a frontier id is out of range. A level
// past the largest level_t is a UsageError (bfs_next_depth).
std::size_t bfs_levels(const CpuGraph& a, const BfsParams& params, BfsProgress& progress,
                       std::span<const vertex_t> frontier, std::span<level_t> level, std::span<vertex_t> parent,
                       std::span<vertex_t> queue, int threads, bool& ids_ok);

}  // namespace graphrun::cpu
