#pragma once
// The algorithms that run on several processes (mpirun -np P). Each call is
// collective: every process passes its part of the same PartitionedGraph
// (uploaded to its own engine); the parameters are taken from the root
// (those that name vertices are resolved against the whole graph, which only
// the root holds). Every process returns the whole result: on the cpu
// backend with its default (auto) SpMV kernel, bit for bit the one-process
// result. A process that throws leaves the others waiting in a collective:
// end the run with Communicator::abort.
//
// Each algorithm moves its blocks through `exchange` (make_block_exchange,
// exchange.hpp), made once for this partition; ProcessEngine holds both.
#include "graphrun/algorithms/aggregate.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/label_propagation.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/algorithms/sssp.hpp"
#include "graphrun/algorithms/wcc.hpp"
#include "graphrun/distributed/communicator.hpp"
#include "graphrun/distributed/exchange.hpp"
#include "graphrun/distributed/partitioned_graph.hpp"
#include "graphrun/engine.hpp"

namespace graphrun::distributed {

PageRankResult pagerank(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                        const DeviceGraph& local, PageRankParams params, BlockExchange& exchange);

BfsResult bfs(const Communicator& world, Engine& engine, const PartitionedGraph& graph, const DeviceGraph& local,
              BfsParams params, BlockExchange& exchange);

// H' = Â H (aggregate.hpp) with the root's features (n x width, row-major;
// the others pass any, and their width is ignored): every process returns
// the whole output.
std::vector<float> aggregate(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                             const DeviceGraph& local, std::vector<float> features, std::size_t width,
                             AggregateParams params, BlockExchange& exchange);

// Bellman-Ford rounds whatever params.method says (sssp.hpp): the same
// distances as any one-process method; `rounds` counts the rounds run.
SsspResult sssp(const Communicator& world, Engine& engine, const PartitionedGraph& graph, const DeviceGraph& local,
                SsspParams params, BlockExchange& exchange);

// These two read neighbourhoods: `local` itself on an undirected graph; a
// directed one's (neighbourhood_graph) they build and upload for the call.
LabelPropagationResult label_propagation(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                                         const DeviceGraph& local, LabelPropagationParams params,
                                         BlockExchange& exchange);

// The same components as one process (component[v] = the smallest id of
// v's component), found by a different method: rounds of "take the
// smallest label around you" with pointer jumping, until a round changes
// nothing. `iterations` counts those rounds.
WccResult weakly_connected_components(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                                      const DeviceGraph& local, BlockExchange& exchange);

}  // namespace graphrun::distributed
