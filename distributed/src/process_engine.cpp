#include "graphrun/distributed/process_engine.hpp"

#include <utility>

#include "graphrun/error.hpp"

namespace graphrun::distributed {
ProcessEngine::ProcessEngine(const Communicator& world, EngineOptions options)
    : world_(world), engine_(for_local_process(std::move(options), world.local_rank(), world.local_size())) {}

void ProcessEngine::load(std::optional<Graph> whole) {
  exchange_.reset();  // it refers to the blocks of the graph it replaces
  local_.reset();
  graph_.reset();
  auto graph = std::make_unique<PartitionedGraph>(partition_graph(world_, std::move(whole)));
  auto local = engine_.upload(graph->local);
  stats_ = {};
  auto exchange = make_block_exchange(world_, engine_, graph->blocks, &stats_);
  graph_ = std::move(graph);
  local_ = std::move(local);
  exchange_ = std::move(exchange);
}

const PartitionedGraph& ProcessEngine::graph() const {
  if (!graph_) throw UsageError("ProcessEngine: no graph loaded (call load first)");
  return *graph_;
}

const DeviceGraph& ProcessEngine::local() const {
  graph();
  return *local_;
}

BlockExchange& ProcessEngine::exchange() {
  graph();
  return *exchange_;
}

PageRankResult ProcessEngine::pagerank(const PageRankParams& params) {
  return distributed::pagerank(world_, engine_, graph(), local(), params, exchange());
}

BfsResult ProcessEngine::bfs(const BfsParams& params) {
  return distributed::bfs(world_, engine_, graph(), local(), params, exchange());
}

SsspResult ProcessEngine::sssp(const SsspParams& params) {
  return distributed::sssp(world_, engine_, graph(), local(), params, exchange());
}

LabelPropagationResult ProcessEngine::label_propagation(const LabelPropagationParams& params) {
  return distributed::label_propagation(world_, engine_, graph(), local(), params, exchange());
}

WccResult ProcessEngine::weakly_connected_components() {
  return distributed::weakly_connected_components(world_, engine_, graph(), local(), exchange());
}

std::vector<float> ProcessEngine::aggregate(std::vector<float> features, std::size_t width,
                                            const AggregateParams& params) {
  return distributed::aggregate(world_, engine_, graph(), local(), std::move(features), width, params, exchange());
}

}  // namespace graphrun::distributed
