#pragma once
#include <vector>

#include "graphrun/memory.hpp"

#include "graphrun/engine.hpp"

namespace graphrun {

struct WccSummary {
  std::size_t num_components = 0;
  // Link passes over the adjacency: two sampling rounds, the rest of the
  // out-rows, and on a directed graph the in-rows; or, block by block (see
  // weakly_connected_components), the pass inside the blocks and the pass
  // across them (0 for an empty graph).
  int iterations = 0;
};

struct WccResult : WccSummary {
  std::vector<vertex_t> component;  // smallest compact vertex id in the component
};

// The same with the labels left in the backend's memory (see
// BfsDeviceResult: on a large graph the copy into a fresh host vector costs
// more than the computation).
struct WccDeviceResult : WccSummary {
  DeviceVector<vertex_t> component;
};

// Weakly connected components (edge directions ignored) by union-find with
// subgraph sampling (Afforest), or block by block on graphs whose ids follow
// their locality (Backend::local_block_vertices): component[v] is the
// smallest vertex id of v's component, whatever the backend and the path.
WccResult weakly_connected_components(Engine& engine, const DeviceGraph& graph);
WccDeviceResult weakly_connected_components_on_device(Engine& engine, const DeviceGraph& graph);

}  // namespace graphrun
