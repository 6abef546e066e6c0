#pragma once
// What label propagation and components run on: the uploaded graph whose
// in-rows are this process's neighbourhoods.
#include <memory>

#include "graphrun/distributed/communicator.hpp"
#include "graphrun/distributed/partitioned_graph.hpp"
#include "graphrun/engine.hpp"

namespace graphrun::distributed {

// Collective. `local` itself (the partition's upload) when the graph is
// undirected, whose in-rows are its neighbourhoods; otherwise
// neighbourhood_graph, uploaded into `held`.
const DeviceGraph& uploaded_neighbourhoods(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                                           const DeviceGraph& local, std::unique_ptr<DeviceGraph>& held);

}  // namespace graphrun::distributed
