#pragma once
#include <cstdint>
#include <vector>

#include "graphrun/memory.hpp"

#include "graphrun/engine.hpp"

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
  vertex_t depth = 0;            // largest level reached
  std::size_t reached = 0;       // vertices with a level
  // TEPS numerator: stored entries in the out-rows of all reached vertices
  // (sum of their out-degrees; an undirected edge is stored, so counted, twice).
  // The same number whichever directions the steps took.
  edge_t edges_traversed = 0;
  int push_steps = 0;             // steps, including the last one that finds nothing new
  int pull_steps = 0;
};

struct BfsResult : BfsSummary {
  std::vector<vertex_t> level;   // no_vertex (-1) = unreachable
  std::vector<vertex_t> parent;  // smallest-id parent; source's parent is itself; -1 unreachable
};

// The same search with level and parent left in the backend's memory, for
// callers that go on working there and for timing the search alone: copying
// the two vectors into fresh host vectors crosses the host link and faults in
// new pages, which on a large graph costs far more than the search.
struct BfsDeviceResult : BfsSummary {
  DeviceVector<vertex_t> level;
  DeviceVector<vertex_t> parent;
};

// Throws UsageError for a source outside 0..n-1 or alpha/beta <= 0.
BfsResult bfs(Engine& engine, const DeviceGraph& graph, const BfsParams& params);
BfsDeviceResult bfs_on_device(Engine& engine, const DeviceGraph& graph, const BfsParams& params);

}  // namespace graphrun
