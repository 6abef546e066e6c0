#pragma once
// Float64 host reference of PageRank, the LDBC Graphalytics definition
// (DESIGN.md) with the stopping rule of graphrun::pagerank.
#include <span>
#include <vector>

#include "graphrun/graph.hpp"

namespace graphrun::bench {

struct PageRankReference {
  std::vector<double> rank;
  int iterations = 0;
};

// fixed: exactly max_iterations; otherwise stop once the L1 change of an
// iteration is below tolerance (or at max_iterations). weighted: a vertex
// passes its rank along its out-edges in proportion to their weights
// (dangling: out-strength 0). teleport: empty = uniform 1/n, otherwise the
// teleport (personalization) distribution, which also receives the dangling
// rank.
PageRankReference pagerank_reference(const Graph& graph, double damping, double tolerance, int max_iterations,
                                     bool fixed, bool weighted = false, std::span<const double> teleport = {});

}  // namespace graphrun::bench
