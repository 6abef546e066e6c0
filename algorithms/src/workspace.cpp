#include "graphrun/algorithms/workspace.hpp"

#include <string>

namespace graphrun {
namespace {

MemoryNeed per_vertex(const std::string& what, vertex_t n, std::size_t bytes_per_vertex) {
  return {what, static_cast<std::size_t>(n) * bytes_per_vertex + workspace_scratch_bytes};
}

}  // namespace

// share 4 and the two carried vectors 2 x 4; y 4 (the unfused step), or in
// the set-up the degrees (4) or ones and strengths (8) before the rank
// vectors exist, then the dangling flags (1) before the second one; teleport 4.
MemoryNeed pagerank_workspace(vertex_t n, bool personalized) {
  return per_vertex("pagerank vectors", n, 16 + (personalized ? 4 : 0));
}

// level, parent, frontier, next_frontier, candidates: 5 x 4; push edge
// starts 2 x 8; pull bitmap 1 (n/8 rounded up); set-aside long rows 4 (push
// and pull) + 4 (level loop).
MemoryNeed bfs_workspace(vertex_t n) { return per_vertex("bfs vectors and frontiers", n, 20 + 16 + 1 + 8); }

// distance, near_round, in_far, near, next_near, far, kept: 7 x 4; the
// reached count 4; relax edge starts 2 x 8.
MemoryNeed sssp_workspace(vertex_t n) { return per_vertex("sssp vectors and buckets", n, 28 + 4 + 16); }

// parent 4; long rows 4, their lengths 8 and starts 8.
MemoryNeed wcc_workspace(vertex_t n) { return per_vertex("wcc parents and row lists", n, 4 + 4 + 8 + 8); }

// label, next 2 x 4; the five class lists, each at most n rows, 5 x 4.
MemoryNeed label_propagation_workspace(vertex_t n) { return per_vertex("lp labels and row lists", n, 8 + 20); }

}  // namespace graphrun
