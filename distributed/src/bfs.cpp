// BFS on several processes: each settles the vertices of its block, the
// frontier is shared after every level (MpiBlockExchange); at the end the
// blocks of level and parent are gathered on every process.
#include <vector>

#include "graphrun/distributed/algorithms.hpp"
#include "graphrun/distributed/exchange.hpp"

namespace graphrun::distributed {

BfsResult bfs(const Communicator& world, Engine& engine, const PartitionedGraph& graph, const DeviceGraph& local,
              BfsParams params, BlockExchange& exchange) {
  world.broadcast(params);  // the root's: another direction would make other collective calls
  const BfsDeviceResult found = bfs_on_device(engine, local, params, exchange);
  BfsResult result{static_cast<const BfsSummary&>(found), found.level.to_host(), found.parent.to_host()};
  world.all_gather_blocks(std::span<level_t>(result.level), graph.blocks.starts);
  world.all_gather_blocks(std::span<vertex_t>(result.parent), graph.blocks.starts);
  return result;
}

}  // namespace graphrun::distributed
