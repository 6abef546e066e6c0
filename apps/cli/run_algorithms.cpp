#include "run_algorithms.hpp"

#include "processes.hpp"
#if GRAPHRUN_HAVE_MPI
#include "graphrun/distributed/algorithms.hpp"
#endif

namespace graphrun::cli {

#if GRAPHRUN_HAVE_MPI
namespace {

// compute(exchange) on this process's part of the run, the exchange made for
// the call and timed into run.exchange; then the longest exchange time over
// the processes (collective: before the others stop).
template <class Compute>
auto on_processes(const distributed::Communicator& world, AlgorithmCommand::Run& run, Compute compute) {
  const auto exchange = distributed::make_block_exchange(world, run.engine, run.partition->blocks, &run.exchange);
  auto result = compute(*exchange);
  run.exchange_seconds_max = world.max(run.exchange.seconds);
  return result;
}

}  // namespace
#endif

PageRankResult compute_pagerank(AlgorithmCommand::Run& run, const PageRankParams& params) {
#if GRAPHRUN_HAVE_MPI
  if (const distributed::Communicator* world = processes_world())
    return on_processes(*world, run, [&](BlockExchange& exchange) {
      return distributed::pagerank(*world, run.engine, *run.partition, *run.resident, params, exchange);
    });
#endif
  return pagerank(run.engine, *run.resident, params);
}

BfsResult compute_bfs(AlgorithmCommand::Run& run, const BfsParams& params, bool parents) {
#if GRAPHRUN_HAVE_MPI
  if (const distributed::Communicator* world = processes_world())
    return run.timer.time("compute", [&] {
      return on_processes(*world, run, [&](BlockExchange& exchange) {
        return distributed::bfs(*world, run.engine, *run.partition, *run.resident, params, exchange);
      });
    });
#endif
  const BfsDeviceResult found = run.timer.time("compute", [&] { return bfs_on_device(run.engine, *run.resident, params); });
  return run.timer.time("download", [&] { return to_host(found, parents); });
}

SsspResult compute_sssp(AlgorithmCommand::Run& run, const SsspParams& params) {
#if GRAPHRUN_HAVE_MPI
  if (const distributed::Communicator* world = processes_world())
    return on_processes(*world, run, [&](BlockExchange& exchange) {
      return distributed::sssp(*world, run.engine, *run.partition, *run.resident, params, exchange);
    });
#endif
  return sssp(run.engine, *run.resident, params);
}

LabelPropagationResult compute_label_propagation(AlgorithmCommand::Run& run, const LabelPropagationParams& params) {
#if GRAPHRUN_HAVE_MPI
  if (const distributed::Communicator* world = processes_world())
    return on_processes(*world, run, [&](BlockExchange& exchange) {
      return distributed::label_propagation(*world, run.engine, *run.partition, *run.resident, params, exchange);
    });
#endif
  return label_propagation(run.engine, *run.resident, params);
}

WccResult compute_wcc(AlgorithmCommand::Run& run) {
#if GRAPHRUN_HAVE_MPI
  if (const distributed::Communicator* world = processes_world())
    return on_processes(*world, run, [&](BlockExchange& exchange) {
      return distributed::weakly_connected_components(*world, run.engine, *run.partition, *run.resident, exchange);
    });
#endif
  return weakly_connected_components(run.engine, *run.resident);
}

}  // namespace graphrun::cli
