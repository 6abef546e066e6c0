// PageRank on several processes: each computes the ranks of its block from
// its in-rows; the blocks are shared after every step (MpiBlockExchange),
// the rest is the one-process algorithm (algorithms/src/pagerank.cpp).
// share = 1/out-degree needs whole out-rows, which no process but the root
// holds: the root sends the out-degrees (exact integers; every process then
// computes share as one process would on its backend) or, when weighted, the
// shares computed on the cpu backend from the whole graph. The parameters
// are the root's.
#include <optional>
#include <utility>
#include <vector>

#include "graphrun/distributed/algorithms.hpp"
#include "graphrun/distributed/exchange.hpp"

namespace graphrun::distributed {
namespace {

// The root's values of the parameters: a process with another iteration
// count or tolerance would make other collective calls and hang the run.
void adopt_root_parameters(const Communicator& world, PageRankParams& params) {
  struct Plain {
    float damping;
    double tolerance;
    int max_iterations;
    bool fixed_iterations;
    bool weighted;
  } plain{params.damping, params.tolerance, params.max_iterations, params.fixed_iterations, params.weighted};
  world.broadcast(plain);
  params.damping = plain.damping;
  params.tolerance = plain.tolerance;
  params.max_iterations = plain.max_iterations;
  params.fixed_iterations = plain.fixed_iterations;
  params.weighted = plain.weighted;
  world.broadcast(params.personalization);
}

// Weighted shares sum whole out-rows, which only the root holds: it computes
// them on the cpu backend (this run's, when it is one, with its options).
std::vector<float> weighted_shares_on_root(Engine& engine, const Graph& whole) {
  std::optional<Engine> cpu;
  if (engine.kind() != BackendKind::cpu) {
    EngineOptions on_cpu;
    on_cpu.backend = BackendKind::cpu;
    cpu.emplace(on_cpu);
  }
  Engine& computing = cpu ? *cpu : engine;
  const auto resident = computing.upload(whole);
  return pagerank_out_share(computing.backend(), *resident, true).to_host();
}

DeviceVector<float> whole_share(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                                bool weighted) {
  Backend& backend = engine.backend();
  const auto n = static_cast<std::size_t>(graph.num_vertices);
  DeviceVector<float> share(backend.memory(), n);
  if (!weighted) {
    std::vector<vertex_t> degree;
    if (world.root()) degree = graph.whole->out_degrees();
    world.broadcast(degree);
    const DeviceVector<vertex_t> on_backend(backend.memory(), std::span<const vertex_t>(degree));
    pagerank_share_of_degrees(backend, on_backend, share);
    return share;
  }
  std::vector<float> host;
  if (world.root()) host = weighted_shares_on_root(engine, *graph.whole);
  world.broadcast(host);
  share.assign(host);
  return share;
}

}  // namespace

PageRankResult pagerank(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                        const DeviceGraph& local, PageRankParams params, BlockExchange& exchange) {
  adopt_root_parameters(world, params);
  const DeviceVector<float> share = whole_share(world, engine, graph, params.weighted);
  const PageRankDeviceResult found = pagerank_on_device(engine, local, params, share, exchange);
  return PageRankResult{static_cast<const PageRankSummary&>(found), found.rank.to_host()};
}

PageRankResult pagerank(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                        const DeviceGraph& local, PageRankParams params, ExchangeStats* stats) {
  const auto exchange = make_block_exchange(world, engine, graph.blocks, stats);
  return pagerank(world, engine, graph, local, std::move(params), *exchange);
}

}  // namespace graphrun::distributed
