#pragma once
#include <cstdint>
#include <vector>

#include "graphrun/algorithms/bfs_progress.hpp"  // BfsParams, BfsSummary
#include "graphrun/algorithms/block_exchange.hpp"
#include "graphrun/engine.hpp"
#include "graphrun/memory.hpp"

namespace graphrun {

struct BfsResult : BfsSummary {
  std::vector<level_t> level;    // no_level (-1) = unreachable
  std::vector<vertex_t> parent;  // smallest-id parent; source's parent is itself; no_vertex unreachable
};

// The same search with level and parent left in the backend's memory, for
// callers that go on working there and for timing the search alone: copying
// the two vectors into fresh host vectors crosses the host link and faults in
// new pages, which on a large graph costs far more than the search.
struct BfsDeviceResult : BfsSummary {
  DeviceVector<level_t> level;
  DeviceVector<vertex_t> parent;
};

// Throws UsageError for a source outside 0..n-1 or alpha/beta <= 0.
BfsResult bfs(Engine& engine, const DeviceGraph& graph, const BfsParams& params);
BfsDeviceResult bfs_on_device(Engine& engine, const DeviceGraph& graph, const BfsParams& params);

// A device result copied to the host: the levels, and the parents unless
// with_parents is false (their vector is then empty).
BfsResult to_host(const BfsDeviceResult& found, bool with_parents = true);

// A backend's first search pays for what later ones find ready: the driver
// loads each kernel's code on its first launch (CUDA's lazy loading), the
// level loop's launch is planned against the device, library scratch is set
// up. On a large graph that is several times the search itself. bfs_warm_up
// pays it in advance: it runs each device step of the search (degree sums,
// a push step, a pull step, a level loop) once on a small graph of its own,
// so that a one-shot run can do it while its input is still being read
// (the CLI does, on the device-initialisation thread). The cpu backend has
// nothing to load: there it returns at once.
void bfs_warm_up(Engine& engine);

// One process's part of a search that several run together
// (block_exchange.hpp): `graph` holds the in-edges of this process's block.
// level and parent are this process's block's, the summary the whole
// search's: together, the one-process result.
BfsDeviceResult bfs_on_device(Engine& engine, const DeviceGraph& graph, const BfsParams& params,
                              BlockExchange& exchange);

}  // namespace graphrun
