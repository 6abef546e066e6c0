// PageRank on several processes: each computes the ranks of its block from
// its in-rows; the blocks are shared after every step (MpiBlockExchange),
// the rest is the one-process algorithm (algorithms/src/pagerank.cpp).
// share = 1/out-degree needs whole out-rows, which no process but the root
// holds: the root sends the out-degrees (exact integers; every process then
// computes share as one process would on its backend) or, when weighted, the
// shares computed on the cpu backend from the whole graph.
#include <utility>
#include <vector>

#include "graphrun/distributed/algorithms.hpp"
#include "mpi_block_exchange.hpp"

namespace graphrun::distributed {
namespace {

DeviceVector<float> whole_share(const Communicator& world, Backend& backend, const PartitionedGraph& graph,
                                bool weighted) {
  const auto n = static_cast<std::size_t>(graph.num_vertices);
  DeviceVector<float> share(backend.memory(), n);
  if (!weighted) {
    std::vector<vertex_t> degree;
    if (world.root()) degree = graph.whole->out_degrees();
    world.broadcast(degree);
    const DeviceVector<vertex_t> on_backend(backend.memory(), std::span<const vertex_t>(degree));
    backend.degree_power(on_backend, 0, -1.0f, share);
    return share;
  }
  std::vector<float> host;
  if (world.root()) {
    EngineOptions on_cpu;
    on_cpu.backend = BackendKind::cpu;
    Engine cpu(on_cpu);
    const auto whole = cpu.upload(*graph.whole);
    host = pagerank_out_share(cpu.backend(), *whole, true).to_host();
  }
  world.broadcast(host);
  share.assign(host);
  return share;
}

}  // namespace

PageRankResult pagerank(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                        const DeviceGraph& local, PageRankParams params) {
  world.broadcast(params.personalization);
  Backend& backend = engine.backend();
  const DeviceVector<float> share = whole_share(world, backend, graph, params.weighted);
  MpiBlockExchange exchange(world, backend, graph.blocks);
  const PageRankDeviceResult found = pagerank_on_device(engine, local, params, share, exchange);
  return PageRankResult{static_cast<const PageRankSummary&>(found), found.rank.to_host()};
}

}  // namespace graphrun::distributed
