#pragma once
// The state of a breadth-first search between two levels and the rules that
// advance it: Beamer's direction heuristic and the summary's accounting.
// Plain structs and host/device functions, so the algorithm's host loop
// (algorithms/src/bfs.cpp) and a backend's device-side level loop
// (BfsKernels::bfs_levels) advance a search by the same rules and report the
// same summary whichever of them ran a level.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "graphrun/error.hpp"
#include "graphrun/semiring.hpp"  // GRAPHRUN_HOST_DEVICE
#include "graphrun/types.hpp"

namespace graphrun {

enum class BfsDirection : std::uint8_t { optimizing, push, pull };

struct BfsParams {
  vertex_t source = 0;  // compact id
  BfsDirection direction = BfsDirection::optimizing;
  // Beamer et al.'s switch thresholds: push -> pull when the frontier's edges
  // exceed unexplored edges / alpha; pull -> push when the frontier has fewer
  // than n / beta vertices.
  double alpha = 15.0;
  double beta = 18.0;
};

// What a search found besides the per-vertex vectors.
struct BfsSummary {
  level_t depth = 0;             // largest level reached
  std::size_t reached = 0;       // vertices with a level
  // TEPS numerator: stored entries in the out-rows of all reached vertices
  // (sum of their out-degrees; an undirected edge is stored, so counted, twice).
  // The same number whichever directions the steps took.
  edge_t edges_traversed = 0;
  int push_steps = 0;             // steps, including the last one that finds nothing new
  int pull_steps = 0;
};

// A search between levels. The frontier is every vertex with level == depth;
// its out-edges are counted into the summary as soon as it is found, and
// `pulling` is the direction the next level will take.
struct BfsProgress {
  level_t depth = 0;                  // level of the frontier's vertices
  std::size_t frontier_size = 0;      // 0: the search is over
  edge_t frontier_out_edges = 0;      // out-edges of the frontier (what a push step scans)
  // In-edges not yet scanned from a pushed frontier (kept when optimizing):
  // an estimate of what a pull step would scan.
  edge_t unexplored_in_edges = 0;
  bool pulling = false;
  BfsSummary summary;
};

// Beamer's heuristic for the level after `progress`: pull once the
// frontier's out-edges outweigh the in-edges a pull step would scan (those of
// unvisited vertices) / alpha; push again once the frontier is a small
// fraction (1/beta) of the graph. A fixed direction is kept.
GRAPHRUN_HOST_DEVICE bool bfs_pulls_next(const BfsParams& params, const BfsProgress& progress,
                                         std::size_t num_vertices) {
  if (params.direction != BfsDirection::optimizing) return params.direction == BfsDirection::pull;
  if (!progress.pulling)
    return static_cast<double>(progress.frontier_out_edges) * params.alpha >
           static_cast<double>(progress.unexplored_in_edges);
  return static_cast<double>(progress.frontier_size) * params.beta >= static_cast<double>(num_vertices);
}

// Counts a newly found, non-empty frontier (its out- and in-degree sums;
// in_edges is read only for a directed graph under `optimizing`) and picks
// the direction of the next level. As in GAP's bfs, the frontier's edges
// leave the unexplored count only when a push step expands it: a pulled
// frontier's are not subtracted, so the count cannot fall to zero at the
// tail of a search and send a small frontier to a full pull sweep.
GRAPHRUN_HOST_DEVICE void bfs_account_frontier(BfsProgress& progress, const BfsParams& params, edge_t out_edges,
                                               edge_t in_edges, bool directed, std::size_t num_vertices) {
  progress.frontier_out_edges = out_edges;
  progress.summary.edges_traversed += out_edges;
  progress.pulling = bfs_pulls_next(params, progress, num_vertices);
  if (params.direction == BfsDirection::optimizing && !progress.pulling)
    progress.unexplored_in_edges -= directed ? in_edges : out_edges;
}

// Host code, for every search that counts levels (BFS, multi-source BFS,
// Brandes): a level is at most n - 1, past level_t's largest only on a path
// of more than 2^31 vertices. A search with a frontier left at that level is
// refused, never wrapped.
inline void require_level_after(level_t depth, const char* algorithm) {
  if (depth == std::numeric_limits<level_t>::max())
    throw UsageError(std::string(algorithm) + ": the search reached level " + std::to_string(depth) +
                     ", the deepest a level_t holds, with a frontier left to expand");
}

// The level the next step gives what it finds.
inline level_t bfs_next_depth(const BfsProgress& progress) {
  require_level_after(progress.depth, "bfs");
  return progress.depth + 1;
}

// After one level in the direction `progress.pulling` found `found`
// vertices: they become the frontier, to be counted by bfs_account_frontier
// when there are any.
GRAPHRUN_HOST_DEVICE void bfs_record_level(BfsProgress& progress, std::size_t found) {
  ++(progress.pulling ? progress.summary.pull_steps : progress.summary.push_steps);
  ++progress.depth;
  progress.frontier_size = found;
  if (found == 0) return;
  progress.summary.reached += found;
  progress.summary.depth = progress.depth;
}

}  // namespace graphrun
