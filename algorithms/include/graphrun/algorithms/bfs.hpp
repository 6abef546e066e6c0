#pragma once
#include <cstdint>
#include <vector>

#include "graphrun/algorithms/bfs_progress.hpp"  // BfsParams, BfsSummary
#include "graphrun/engine.hpp"
#include "graphrun/memory.hpp"

namespace graphrun {

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
