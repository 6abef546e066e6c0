#pragma once
// The algorithms that run on one process or on all of an mpirun: the
// commands call these instead of choosing (processes.hpp).
#include "graphrun/graphrun.hpp"
#include "options.hpp"

namespace graphrun::cli {

PageRankResult compute_pagerank(AlgorithmCommand::Run& run, const PageRankParams& params);
// Times its own phases: "compute", and on one process "download" (the
// levels, and the parents only when `parents`: otherwise result.parent is
// empty).
BfsResult compute_bfs(AlgorithmCommand::Run& run, const BfsParams& params, bool parents);
// Under mpirun the search is Bellman-Ford rounds: the result's method says so.
SsspResult compute_sssp(AlgorithmCommand::Run& run, const SsspParams& params);
LabelPropagationResult compute_label_propagation(AlgorithmCommand::Run& run, const LabelPropagationParams& params);
WccResult compute_wcc(AlgorithmCommand::Run& run);

}  // namespace graphrun::cli
