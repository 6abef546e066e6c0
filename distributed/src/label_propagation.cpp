// Label propagation (LDBC CDLP) on several processes: the one-process
// rounds (algorithms/src/label_propagation.cpp) over each block's
// neighbourhoods, the blocks shared after every round.
#include "graphrun/distributed/algorithms.hpp"
#include "make_block_exchange.hpp"

namespace graphrun::distributed {

LabelPropagationResult label_propagation(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                                         LabelPropagationParams params, ExchangeStats* stats) {
  world.broadcast(params);  // the root's: another round count would hang the run
  const Graph around = neighbourhood_graph(world, graph);
  const auto local = engine.upload(around);
  const auto exchange = make_block_exchange(world, engine, graph.blocks, stats);
  const LabelPropagationDeviceResult found = label_propagation_on_device(engine, *local, params, *exchange);
  return LabelPropagationResult{static_cast<const LabelPropagationSummary&>(found), found.label.to_host()};
}

}  // namespace graphrun::distributed
