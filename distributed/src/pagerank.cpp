// PageRank on several processes: each computes its block of y = A^T x from
// its in-rows and the blocks of y are shared within every step
// (BlockExchange); the rest is the one-process algorithm
// (algorithms/src/pagerank.cpp).
// share = 1/out-degree needs whole out-rows, which no process holds: a
// process's local graph holds each vertex's out-edges into its block, so
// the out-degrees are the sum of the local ones over the processes (exact
// integers; every process then computes share as one process would on its
// backend). Weighted, the out-weight sums would be float sums in another
// order: the root computes the shares on the cpu backend from the whole
// graph and sends them. The parameters are the root's.
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
                                const DeviceGraph& local, bool weighted, BlockExchange& exchange) {
  Backend& backend = engine.backend();
  const auto n = static_cast<std::size_t>(graph.num_vertices);
  DeviceVector<float> share(backend.memory(), n);
  if (!weighted) {
    DeviceVector<vertex_t> degree(backend.memory(), n);
    backend.degrees(local, Edges::out, degree);
    exchange.sum_elements(degree);
    pagerank_share_of_degrees(backend, degree, share);
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
  const DeviceVector<float> share = whole_share(world, engine, graph, local, params.weighted, exchange);
  const PageRankDeviceResult found = pagerank_on_device(engine, local, params, share, exchange);
  return PageRankResult{static_cast<const PageRankSummary&>(found), found.rank.to_host()};
}

}  // namespace graphrun::distributed
