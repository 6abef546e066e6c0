#pragma once
#include <vector>

#include "graphrun/engine.hpp"

namespace graphrun {

struct LabelPropagationParams {
  int max_iterations = 10;
  // true: stop early once a round changes no label (LDBC runs a fixed count).
  bool stop_when_stable = false;
};

struct LabelPropagationResult {
  std::vector<vertex_t> label;  // compact ids; map through IdMap for the file's ids
  int iterations = 0;
  std::size_t last_changes = 0;  // labels changed in the last round
};

// LDBC Graphalytics CDLP. Labels start as the vertex's own id; compact ids keep
// the file's order, so ties break exactly as on original ids.
LabelPropagationResult label_propagation(Engine& engine, const DeviceGraph& graph,
                                         const LabelPropagationParams& params = {});

}  // namespace graphrun
