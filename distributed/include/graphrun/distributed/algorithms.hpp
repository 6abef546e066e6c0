#pragma once
// The algorithms that run on several processes (mpirun -np P). Each call is
// collective: every process passes its part of the same PartitionedGraph
// (uploaded to its own engine); the parameters are taken from the root
// (those that name vertices are resolved against the whole graph, which only
// the root holds). Every process returns the whole result: on the cpu
// backend with its default (auto) SpMV kernel, bit for bit the one-process
// result. A process that throws leaves the others waiting in a collective:
// end the run with Communicator::abort.
#include <cstdint>

#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/label_propagation.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/algorithms/wcc.hpp"
#include "graphrun/distributed/communicator.hpp"
#include "graphrun/distributed/partitioned_graph.hpp"
#include "graphrun/engine.hpp"

namespace graphrun::distributed {

// Where a run's time went between the processes, on this process: the wall
// time of every call to the exchange (copies to and from the host
// included), a scaling table's "communication share" against the compute.
struct ExchangeStats {
  std::uint64_t calls = 0;
  double seconds = 0.0;
};

PageRankResult pagerank(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                        const DeviceGraph& local, PageRankParams params, ExchangeStats* stats = nullptr);

BfsResult bfs(const Communicator& world, Engine& engine, const PartitionedGraph& graph, const DeviceGraph& local,
              BfsParams params, ExchangeStats* stats = nullptr);

// These two read neighbourhoods: `local` itself on an undirected graph; a
// directed one's (neighbourhood_graph) they build and upload for the call.
LabelPropagationResult label_propagation(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                                         const DeviceGraph& local, LabelPropagationParams params,
                                         ExchangeStats* stats = nullptr);

// The same components as one process (component[v] = the smallest id of
// v's component), found by a different method: rounds of "take the
// smallest label around you" with pointer jumping, until a round changes
// nothing. `iterations` counts those rounds.
WccResult weakly_connected_components(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                                      const DeviceGraph& local, ExchangeStats* stats = nullptr);

}  // namespace graphrun::distributed
