#include "uploaded_neighbourhoods.hpp"

namespace graphrun::distributed {

const DeviceGraph& uploaded_neighbourhoods(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                                           const DeviceGraph& local, std::unique_ptr<DeviceGraph>& held) {
  if (!graph.directed) return local;
  held = engine.upload(neighbourhood_graph(world, graph));
  return *held;
}

}  // namespace graphrun::distributed
