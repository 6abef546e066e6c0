// Single-source shortest paths on several processes: Bellman-Ford rounds
// over each block's in-rows, the blocks of distance shared after every
// round (algorithms/src/sssp.cpp). The least fixed point is one answer, so
// every process returns the one-process distances bit for bit, whatever
// method one process would have used; the summary counts the rounds run
// here and the whole graph's entries relaxed in each.
#include "graphrun/distributed/algorithms.hpp"

#include <algorithm>
#include <cmath>

#include "graphrun/distributed/exchange.hpp"

namespace graphrun::distributed {

SsspResult sssp(const Communicator& world, Engine& engine, const PartitionedGraph& graph, const DeviceGraph& local,
                SsspParams params, BlockExchange& exchange) {
  world.broadcast(params);  // the root's source (only it can resolve an id)
  const SsspDeviceResult found = sssp_on_device(engine, local, params, exchange);
  SsspResult result;
  static_cast<SsspSummary&>(result) = found;
  result.edges_relaxed = static_cast<edge_t>(found.rounds) * graph.num_entries;
  result.distance = found.distance.to_host();
  for (const float d : result.distance)
    if (!std::isinf(d)) result.max_distance = std::max(result.max_distance, d);
  return result;
}

}  // namespace graphrun::distributed
