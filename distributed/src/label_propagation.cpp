// Label propagation (LDBC CDLP) on several processes: the one-process
// rounds (algorithms/src/label_propagation.cpp) over each block's
// neighbourhoods, the blocks shared after every round.
#include "graphrun/distributed/algorithms.hpp"
#include <memory>

#include "graphrun/distributed/exchange.hpp"
#include "uploaded_neighbourhoods.hpp"

namespace graphrun::distributed {

LabelPropagationResult label_propagation(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                                         const DeviceGraph& local, LabelPropagationParams params,
                                         BlockExchange& exchange) {
  world.broadcast(params);  // the root's: another round count would hang the run
  std::unique_ptr<DeviceGraph> held;
  const DeviceGraph& around = uploaded_neighbourhoods(world, engine, graph, local, held);
  const LabelPropagationDeviceResult found = label_propagation_on_device(
      engine, around, params, exchange, graph.directed ? NeighbourRows::may_repeat : NeighbourRows::distinct);
  return LabelPropagationResult{static_cast<const LabelPropagationSummary&>(found), found.label.to_host()};
}

}  // namespace graphrun::distributed
