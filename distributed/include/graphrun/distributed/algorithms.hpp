#pragma once
// The algorithms that run on several processes (mpirun -np P). Each call is
// collective: every process passes its part of the same PartitionedGraph
// (uploaded to its own engine); the parameters are taken from the root
// (those that name vertices are resolved against the whole graph, which only
// the root holds). Every process returns the whole result: on the cpu
// backend with its default (auto) SpMV kernel, bit for bit the one-process
// result. A process that throws leaves the others waiting in a collective:
// end the run with Communicator::abort.
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/label_propagation.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/algorithms/wcc.hpp"
#include "graphrun/distributed/communicator.hpp"
#include "graphrun/distributed/partitioned_graph.hpp"
#include "graphrun/engine.hpp"

namespace graphrun::distributed {

PageRankResult pagerank(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                        const DeviceGraph& local, PageRankParams params);

BfsResult bfs(const Communicator& world, Engine& engine, const PartitionedGraph& graph, const DeviceGraph& local,
              BfsParams params);

// These two read neighbourhoods (neighbourhood_graph), which they build and
// upload themselves; `graph`'s local graph is not used.
LabelPropagationResult label_propagation(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                                         LabelPropagationParams params);

// The same components as one process (component[v] = the smallest id of
// v's component), found by a different method: rounds of "take the
// smallest label around you" with pointer jumping, until a round changes
// nothing. `iterations` counts those rounds.
WccResult weakly_connected_components(const Communicator& world, Engine& engine, const PartitionedGraph& graph);

}  // namespace graphrun::distributed
