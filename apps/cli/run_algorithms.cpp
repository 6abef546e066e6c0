#include "run_algorithms.hpp"

#include "processes.hpp"
#if GRAPHRUN_HAVE_MPI
#include "graphrun/distributed/algorithms.hpp"
#endif

namespace graphrun::cli {

#if GRAPHRUN_HAVE_MPI
namespace {

// A distributed run's result, once the longest exchange time over the
// processes is known (collective: before the others stop).
template <class Result>
Result finished(const distributed::Communicator& world, AlgorithmCommand::Run& run, Result result) {
  run.exchange_seconds_max = world.max(run.exchange.seconds);
  return result;
}

}  // namespace
#endif

PageRankResult compute_pagerank(AlgorithmCommand::Run& run, const PageRankParams& params) {
#if GRAPHRUN_HAVE_MPI
  if (const distributed::Communicator* world = processes_world())
    return finished(*world, run,
                    distributed::pagerank(*world, run.engine, *run.partition, *run.resident, params, &run.exchange));
#endif
  return pagerank(run.engine, *run.resident, params);
}

BfsResult compute_bfs(AlgorithmCommand::Run& run, const BfsParams& params) {
#if GRAPHRUN_HAVE_MPI
  if (const distributed::Communicator* world = processes_world())
    return finished(*world, run,
                    distributed::bfs(*world, run.engine, *run.partition, *run.resident, params, &run.exchange));
#endif
  return bfs(run.engine, *run.resident, params);
}

SsspResult compute_sssp(AlgorithmCommand::Run& run, SsspParams& params) {
#if GRAPHRUN_HAVE_MPI
  if (const distributed::Communicator* world = processes_world()) {
    params.method = SsspMethod::bellman_ford;
    return finished(*world, run,
                    distributed::sssp(*world, run.engine, *run.partition, *run.resident, params, &run.exchange));
  }
#endif
  return sssp(run.engine, *run.resident, params);
}

LabelPropagationResult compute_label_propagation(AlgorithmCommand::Run& run, const LabelPropagationParams& params) {
#if GRAPHRUN_HAVE_MPI
  if (const distributed::Communicator* world = processes_world())
    return finished(*world, run, distributed::label_propagation(*world, run.engine, *run.partition, *run.resident,
                                                                 params, &run.exchange));
#endif
  return label_propagation(run.engine, *run.resident, params);
}

WccResult compute_wcc(AlgorithmCommand::Run& run) {
#if GRAPHRUN_HAVE_MPI
  if (const distributed::Communicator* world = processes_world())
    return finished(*world, run, distributed::weakly_connected_components(*world, run.engine, *run.partition,
                                                                           *run.resident, &run.exchange));
#endif
  return weakly_connected_components(run.engine, *run.resident);
}

}  // namespace graphrun::cli
