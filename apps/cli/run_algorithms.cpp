#include "run_algorithms.hpp"

#include "processes.hpp"
#if GRAPHRUN_HAVE_MPI
#include "graphrun/distributed/algorithms.hpp"
#endif

namespace graphrun::cli {

PageRankResult compute_pagerank(AlgorithmCommand::Run& run, const PageRankParams& params) {
#if GRAPHRUN_HAVE_MPI
  if (const distributed::Communicator* world = processes_world())
    return distributed::pagerank(*world, run.engine, *run.partition, *run.resident, params);
#endif
  return pagerank(run.engine, *run.resident, params);
}

BfsResult compute_bfs(AlgorithmCommand::Run& run, const BfsParams& params) {
#if GRAPHRUN_HAVE_MPI
  if (const distributed::Communicator* world = processes_world())
    return distributed::bfs(*world, run.engine, *run.partition, *run.resident, params);
#endif
  return bfs(run.engine, *run.resident, params);
}

LabelPropagationResult compute_label_propagation(AlgorithmCommand::Run& run, const LabelPropagationParams& params) {
#if GRAPHRUN_HAVE_MPI
  if (const distributed::Communicator* world = processes_world())
    return distributed::label_propagation(*world, run.engine, *run.partition, params);
#endif
  return label_propagation(run.engine, *run.resident, params);
}

WccResult compute_wcc(AlgorithmCommand::Run& run) {
#if GRAPHRUN_HAVE_MPI
  if (const distributed::Communicator* world = processes_world())
    return distributed::weakly_connected_components(*world, run.engine, *run.partition);
#endif
  return weakly_connected_components(run.engine, *run.resident);
}

}  // namespace graphrun::cli
