// GNN feature aggregation on several processes: each computes the output
// rows of its block from its block's in-edges and the whole feature matrix
// (the root's, sent to every process), and the blocks of rows are shared
// (algorithms/src/aggregate.cpp). A row sums the same products in the same
// order as on one process, so the output is the one-process output.
#include "graphrun/distributed/algorithms.hpp"

#include <cstdint>
#include <utility>
#include <vector>

#include "graphrun/distributed/exchange.hpp"

namespace graphrun::distributed {

std::vector<float> aggregate(const Communicator& world, Engine& engine, const PartitionedGraph& /*graph*/,
                             const DeviceGraph& local, std::vector<float> features, std::size_t width,
                             AggregateParams params, BlockExchange& exchange) {
  std::uint64_t columns = width;
  world.broadcast(columns);
  world.broadcast(params);
  world.broadcast(features);
  Backend& backend = engine.backend();
  const DeviceVector<float> input(backend.memory(), std::span<const float>(features));
  DeviceVector<float> output(backend.memory(), features.size());
  aggregate_into(engine, local, input, output, static_cast<std::size_t>(columns), params, exchange);
  return output.to_host();
}

}  // namespace graphrun::distributed
