#pragma once
// The kernels of breadth-first search (algorithms/src/bfs.cpp): the push and
// pull steps and the frontier's edge count that picks between them. A
// backend that runs BFS derives from BfsKernels beside Backend (kernels/);
// bfs reaches them through bfs_kernels(backend).
//
// Non-virtual interface, as Backend's: the public steps check their
// arguments once for every backend (algorithms/src/kernels/bfs_kernels.cpp)
// and call the protected do_ virtuals (3 required, 2 optional).
#include <cstddef>
#include <span>

#include "graphrun/algorithms/bfs_progress.hpp"
#include "graphrun/backend.hpp"

namespace graphrun {

class BfsKernels {
 public:
  virtual ~BfsKernels() = default;

  // ---- Push step of BFS: sparse frontier expansion (SpMSpV, MIN_SECOND) ----
  // For every u in frontier and out-edge u->v with level[v] == no_level:
  // v joins the next frontier with level[v] = depth and parent[v] = the
  // smallest such u (deterministic). Returns the next frontier's size; its ids
  // are written to next_frontier (capacity num_vertices), in any order.
  // level and parent have num_vertices entries; next_frontier may not alias
  // frontier; a frontier id out of range is a UsageError.
  std::size_t bfs_push(const DeviceGraph& a, std::span<const vertex_t> frontier, level_t depth,
                       std::span<level_t> level, std::span<vertex_t> parent, std::span<vertex_t> next_frontier);
  // ---- Pull step of BFS (bottom-up; Beamer, Asanovic, Patterson SC'12) ------
  // Every vertex v with level[v] == no_level scans its in-neighbours (rows
  // of A^T, stored in increasing id order) and stops at the first one that is
  // in `frontier`: v's smallest-id parent on the previous level, the same
  // parent a push step picks, so a BFS result does not depend on the
  // directions taken. Reached vertices get level = depth and that parent and
  // are written to next_frontier (capacity num_vertices, any order). Returns
  // how many were reached. The same argument rules as bfs_push.
  std::size_t bfs_pull(const DeviceGraph& a, std::span<const vertex_t> frontier, level_t depth,
                       std::span<level_t> level, std::span<vertex_t> parent, std::span<vertex_t> next_frontier);
  // Sum of degrees (per `edges`, out or in) of the listed vertices: the edges
  // a push step would touch (direction-optimizing heuristic). A listed id
  // out of range is a UsageError; Edges::both as for Backend::degrees.
  edge_t degree_sum(const DeviceGraph& a, Edges edges, std::span<const vertex_t> vertices);
  // ---- Levels run by the backend on its own (optional) ---------------------
  // Runs zero or more levels of the search `progress` describes, with no
  // round trip to the caller between them, and advances progress exactly as
  // the algorithm's loop of single steps does (the rules of
  // bfs_progress.hpp), so the summary does not depend on who ran a level.
  // frontier holds the progress.frontier_size vertices with level ==
  // progress.depth, and no others; a vertex without a level has parent
  // no_vertex. queue (capacity num_vertices, not
  // aliasing frontier) receives the frontiers found. Every vertex reached
  // gets its level and its smallest-id parent on the previous level, as in
  // the steps. Stops when the frontier is empty, or before any level the
  // backend leaves to the single steps. Returns the number of levels run;
  // after one or more, the current frontier is
  // queue[frontier_begin, frontier_begin + progress.frontier_size). 0 (the
  // default: a backend without such a loop) leaves everything untouched. No
  // level past the largest level_t is recorded: the loop stops there (the
  // next single step refuses, bfs_next_depth) or refuses as that step does.
  std::size_t bfs_levels(const DeviceGraph& a, const BfsParams& params, BfsProgress& progress,
                         std::span<const vertex_t> frontier, std::span<level_t> level, std::span<vertex_t> parent,
                         std::span<vertex_t> queue, std::size_t& frontier_begin);
  // ---- Several searches sharing each pass (optional) -----------------------
  // The levels of the searches from up to max_batch_sources sources (host
  // memory; repeats allowed), all advanced by the same passes over the
  // matrix: one bit per search in a 64-bit word per vertex (multi-source
  // BFS after Then et al., "The More the Merrier", VLDB 2015). `level`
  // (backend memory, sources.size() x num_vertices, source-major) gets
  // level[s * n + v], v's level in the search from sources[s], no_level
  // where unreachable; depth[s] and reached[s] (host memory) its largest
  // level and how many vertices it reached. Returns false and writes nothing
  // when the backend has no such pass (the default): the caller then runs
  // the searches one by one. UsageError for no sources, more than
  // max_batch_sources, a source outside 0..n-1, or sizes that do not match.
  static constexpr std::size_t max_batch_sources = 64;
  bool bfs_batch(const DeviceGraph& a, std::span<const vertex_t> sources, std::span<level_t> level,
                 std::span<level_t> depth, std::span<std::size_t> reached);

 protected:
  // Called with num_vertices > 0, a non-empty frontier and checked sizes.
  virtual std::size_t do_bfs_push(const DeviceGraph& a, std::span<const vertex_t> frontier, level_t depth,
                                  std::span<level_t> level, std::span<vertex_t> parent,
                                  std::span<vertex_t> next_frontier) = 0;
  virtual std::size_t do_bfs_pull(const DeviceGraph& a, std::span<const vertex_t> frontier, level_t depth,
                                  std::span<level_t> level, std::span<vertex_t> parent,
                                  std::span<vertex_t> next_frontier) = 0;
  virtual edge_t do_degree_sum(const DeviceGraph& a, Edges edges, std::span<const vertex_t> vertices) = 0;
  // Called with num_vertices > 0, a non-empty frontier and checked sizes.
  virtual std::size_t do_bfs_levels(const DeviceGraph& /*a*/, const BfsParams& /*params*/, BfsProgress& /*progress*/,
                                    std::span<const vertex_t> /*frontier*/, std::span<level_t> /*level*/,
                                    std::span<vertex_t> /*parent*/, std::span<vertex_t> /*queue*/,
                                    std::size_t& /*frontier_begin*/) {
    return 0;
  }
  // Called with num_vertices > 0 and checked sources and sizes.
  virtual bool do_bfs_batch(const DeviceGraph& /*a*/, std::span<const vertex_t> /*sources*/,
                            std::span<level_t> /*level*/, std::span<level_t> /*depth*/,
                            std::span<std::size_t> /*reached*/) {
    return false;
  }
};

// The BFS kernels of `backend`; UsageError when it has none.
BfsKernels& bfs_kernels(Backend& backend);

}  // namespace graphrun
