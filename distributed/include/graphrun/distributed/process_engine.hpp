#pragma once
// The engine of one process of an MPI run (mpirun -np P): an ordinary
// Engine on this process's device, this process's part of one graph, and
// the exchange between the processes, made once for every call. Every call
// is collective (all processes make the same calls in the same order) and
// returns the whole result on every process, as the free functions of
// algorithms.hpp do; parameters are the root's.
//
//   MpiSession mpi;
//   ProcessEngine engine(Communicator::world(), options);  // EngineOptions
//   engine.load(root ? std::optional<Graph>(io::load_graph(path)) : std::nullopt);
//   const PageRankResult ranks = engine.pagerank();
#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "graphrun/distributed/algorithms.hpp"
#include "graphrun/distributed/communicator.hpp"
#include "graphrun/distributed/exchange.hpp"
#include "graphrun/distributed/partitioned_graph.hpp"
#include "graphrun/engine.hpp"

namespace graphrun::distributed {

class ProcessEngine {
 public:
  // The processes of a host share it: process k drives GPU
  // options.backend_options.device + k (its local rank), and a cpu backend
  // left to pick its threads (0) takes the host's threads / processes.
  ProcessEngine(const Communicator& world, EngineOptions options);
  // The exchange refers to this object's members: it stays where it is.
  ProcessEngine(const ProcessEngine&) = delete;
  ProcessEngine& operator=(const ProcessEngine&) = delete;

  // Collective. The root passes the graph, the others std::nullopt; a
  // second load replaces the first. After a throw nothing is loaded.
  void load(std::optional<Graph> whole);

  PageRankResult pagerank(const PageRankParams& params = {});
  BfsResult bfs(const BfsParams& params);
  SsspResult sssp(const SsspParams& params);
  LabelPropagationResult label_propagation(const LabelPropagationParams& params = {});
  WccResult weakly_connected_components();
  // The root's features (n x width, row-major); the others' are ignored.
  std::vector<float> aggregate(std::vector<float> features, std::size_t width, const AggregateParams& params = {});

  const Communicator& world() const { return world_; }
  Engine& engine() { return engine_; }
  // UsageError before load().
  const PartitionedGraph& graph() const;
  const DeviceGraph& local() const;
  BlockExchange& exchange();
  // The exchange's calls and times since load().
  const ExchangeStats& exchange_stats() const { return stats_; }

 private:
  Communicator world_;
  Engine engine_;
  std::unique_ptr<PartitionedGraph> graph_;
  std::unique_ptr<DeviceGraph> local_;
  ExchangeStats stats_;
  std::unique_ptr<BlockExchange> exchange_;
};

}  // namespace graphrun::distributed
