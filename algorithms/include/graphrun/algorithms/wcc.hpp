#pragma once
#include <vector>

#include "graphrun/engine.hpp"

namespace graphrun {

struct WccResult {
  std::vector<vertex_t> component;  // smallest compact vertex id in the component
  std::size_t num_components = 0;
  int iterations = 0;  // rounds, including the last one that changed nothing
};

// Weakly connected components: min-label propagation over in- and out-edges
// with pointer jumping (label[v] = label[label[v]]) between rounds.
WccResult weakly_connected_components(Engine& engine, const DeviceGraph& graph);

}  // namespace graphrun
