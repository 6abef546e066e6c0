#pragma once
#include <vector>

#include "graphrun/memory.hpp"

#include "graphrun/algorithms/block_exchange.hpp"
#include "graphrun/engine.hpp"

namespace graphrun {

struct LabelPropagationParams {
  int max_iterations = 10;
  // true: stop early once a round changes no label (LDBC runs a fixed count).
  bool stop_when_stable = false;
  // With stop_when_stable: read the change count back after every
  // `stable_check_interval` rounds; 0 (the default) lets
  // ResidualCheckSchedule predict when (the cpu backend, whose reads cost
  // nothing, and a run by several processes read after every round).
  int stable_check_interval = 0;
};

struct LabelPropagationSummary {
  int iterations = 0;
  std::size_t last_changes = 0;  // labels changed in the last round
  int queued_iterations = 0;     // >= iterations: rounds queued past the stable one changed nothing
};

struct LabelPropagationResult : LabelPropagationSummary {
  std::vector<vertex_t> label;  // compact ids; map through IdMap for the file's ids
};

// The same with the labels left in the backend's memory (see
// WccDeviceResult: copying the labels into a fresh host vector costs more
// than several rounds on a GPU).
struct LabelPropagationDeviceResult : LabelPropagationSummary {
  DeviceVector<vertex_t> label;
};

// LDBC Graphalytics CDLP. Labels start as the vertex's own id; compact ids keep
// the file's order, so ties break exactly as on original ids.
LabelPropagationResult label_propagation(Engine& engine, const DeviceGraph& graph,
                                         const LabelPropagationParams& params = {});
LabelPropagationDeviceResult label_propagation_on_device(Engine& engine, const DeviceGraph& graph,
                                                         const LabelPropagationParams& params = {});

// Whether a row may list a neighbour twice: a directed graph's in-row then
// out-row does (a vertex linked both ways counts twice), an undirected
// graph's row does not.
enum class NeighbourRows { distinct, may_repeat };

// One process's part of a run by several (block_exchange.hpp): `graph`'s
// in-rows are the neighbourhoods of this process's block (in- and
// out-neighbours of a directed graph). Every process returns every label.
LabelPropagationDeviceResult label_propagation_on_device(Engine& engine, const DeviceGraph& graph,
                                                         const LabelPropagationParams& params,
                                                         BlockExchange& exchange, NeighbourRows rows);

}  // namespace graphrun
