#pragma once
// The algorithms that run on several processes (mpirun -np P). Each call is
// collective: every process passes its part of the same PartitionedGraph
// (uploaded to its own engine) and the same parameters, except those that
// name vertices, which are taken from the root (they are resolved against
// the whole graph, which only the root holds). Every process returns the
// whole result: on the cpu backend, bit for bit the one-process result.
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/distributed/communicator.hpp"
#include "graphrun/distributed/partitioned_graph.hpp"
#include "graphrun/engine.hpp"

namespace graphrun::distributed {

// params.personalization: the root's.
PageRankResult pagerank(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                        const DeviceGraph& local, PageRankParams params);

// params.source: the root's.
BfsResult bfs(const Communicator& world, Engine& engine, const PartitionedGraph& graph, const DeviceGraph& local,
              BfsParams params);

}  // namespace graphrun::distributed
