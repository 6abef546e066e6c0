#pragma once
// Betweenness centrality (Brandes, J. Math. Sociol. 2001): for each vertex v,
// the sum over ordered pairs (s, t) of distinct vertices other than v of the
// share of the shortest s-t paths (edges count 1) that pass through v.
// Values equal networkx's betweenness_centrality(G, normalized=False): on an
// undirected graph each unordered pair counts once (the sum is halved).
#include <cstddef>
#include <vector>

#include "graphrun/engine.hpp"

namespace graphrun {

struct BetweennessParams {
  // Empty: every vertex is a source (exact). Otherwise the sum runs over
  // these sources and is scaled by n / sources.size() (networkx's k-sample
  // estimate; repeats count each time).
  std::vector<vertex_t> sources;
};

struct BetweennessResult {
  std::vector<double> centrality;
  std::size_t sources = 0;  // searches run
};

// UsageError for a source outside 0..n-1.
BetweennessResult betweenness_centrality(Engine& engine, const DeviceGraph& graph, const BetweennessParams& params);

}  // namespace graphrun
