#pragma once
// The kernels of betweenness centrality (algorithms/src/betweenness.cpp):
// Brandes' shortest-path counts and dependencies, one BFS level at a time.
// The levels themselves come from BfsKernels::bfs_push. A backend that runs
// betweenness derives from CentralityKernels beside Backend (kernels/); the
// algorithm reaches it through centrality_kernels(backend).
//
// Non-virtual interface, as Backend's: the public calls check their
// arguments once for every backend (algorithms/src/kernels/
// centrality_kernels.cpp) and call the protected do_ virtuals (2).
//
// Each vertex's sum follows BrandesSumOrder on every backend, so the results
// are the same bits everywhere, while a GPU still spreads a hub's row over
// many threads.
#include <span>

#include "graphrun/backend.hpp"

namespace graphrun {

// The order in which a vertex adds up the terms of its row. A row of at most
// `wide_row` entries is summed in `lanes` strided lanes: lane j adds entries
// j, j + lanes, j + 2 lanes, ... in row order, from 0.0, the entries that
// fail the level test adding nothing. The lanes then combine as a halving
// tree: for h = lanes / 2, ..., 2, 1, lane j += lane j + h for every j < h;
// lane 0 holds the sum. A longer row is summed in `wide_lanes` lanes the
// same way, each run of `lanes` consecutive lanes combines as above, and the
// run sums then combine as a tree of their own. Every term is >= 0, so a
// lane past the row's end (0.0) changes nothing it is added to.
struct BrandesSumOrder {
  static constexpr int lanes = 32;
  static constexpr int wide_lanes = 1024;
  static constexpr edge_t wide_row = 4096;
};

class CentralityKernels {
 public:
  virtual ~CentralityKernels() = default;

  // For every v in `vertices` (all with level[v] == depth >= 1): paths[v] =
  // the sum of paths[u] over v's in-neighbours u with level[u] == depth - 1
  // (the shortest paths from the source to v). level and paths have
  // num_vertices entries; an id out of range is a UsageError.
  void brandes_paths(const DeviceGraph& a, std::span<const vertex_t> vertices, level_t depth,
                     std::span<const level_t> level, std::span<double> paths);

  // For every v in `vertices` (all with level[v] == depth): dependency[v] =
  // paths[v] * the sum over v's out-neighbours w with level[w] == depth + 1
  // of (1 + dependency[w]) / paths[w], and centrality[v] += dependency[v]
  // (Brandes' accumulation, deepest level first). All vectors have
  // num_vertices entries; an id out of range is a UsageError.
  void brandes_dependencies(const DeviceGraph& a, std::span<const vertex_t> vertices, level_t depth,
                            std::span<const level_t> level, std::span<const double> paths,
                            std::span<double> dependency, std::span<double> centrality);

 protected:
  // Called with a non-empty list and checked sizes.
  virtual void do_brandes_paths(const DeviceGraph& a, std::span<const vertex_t> vertices, level_t depth,
                                std::span<const level_t> level, std::span<double> paths) = 0;
  virtual void do_brandes_dependencies(const DeviceGraph& a, std::span<const vertex_t> vertices, level_t depth,
                                       std::span<const level_t> level, std::span<const double> paths,
                                       std::span<double> dependency, std::span<double> centrality) = 0;
};

// The centrality kernels of `backend`; UsageError when it has none.
CentralityKernels& centrality_kernels(Backend& backend);

}  // namespace graphrun
