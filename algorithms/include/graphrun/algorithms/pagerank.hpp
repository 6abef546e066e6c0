#pragma once
#include <span>
#include <vector>

#include "graphrun/algorithms/block_exchange.hpp"

#include "graphrun/engine.hpp"

namespace graphrun {

struct PageRankParams {
  float damping = 0.85f;
  // Stop when the L1 change of the rank vector drops below tolerance ...
  // 1e-5 by default (as cuGraph): float ranks settle into a rounding cycle
  // whose L1 change can stay above 1e-6 on graphs with heavy hubs, so a
  // tighter tolerance may never be met (see docs/decisions/).
  double tolerance = 1e-5;
  // ... or after this many iterations. fixed_iterations = true: run exactly
  // max_iterations (LDBC Graphalytics semantics), no tolerance stop.
  int max_iterations = 100;
  bool fixed_iterations = false;
  // Run to tolerance, the host reads the residual back every this many
  // iterations; 0: automatic (every iteration on the cpu backend, where a
  // read costs nothing; elsewhere when the residual's decay predicts
  // convergence, residual_checks.hpp). The answer is the same for every
  // value: the iterations queued past convergence change nothing.
  int residual_check_interval = 0;
  // Personalized PageRank: teleport (and dangling mass) go uniformly to these
  // vertices (compact ids) instead of to all vertices. Empty = classic.
  std::vector<vertex_t> personalization{};
  // Edge weights as transition weights (u->v gets w_uv / sum of u's out-weights).
  // Weights should be positive; a vertex whose out-weights sum to 0 is
  // dangling. Its edges must then all weigh 0: weights such as +1 and -1
  // would carry its rank (PageRankKernels' carried rank).
  bool weighted = false;
};

struct PageRankSummary {
  int iterations = 0;
  double residual = 0.0;    // L1 change of the last iteration
  bool converged = false;   // residual < tolerance (also reported under fixed_iterations)
  int queued_iterations = 0;  // >= iterations: those queued past convergence changed nothing
};

struct PageRankResult : PageRankSummary {
  std::vector<float> rank;  // sums to 1
};

// The same with the ranks left in the backend's memory (see BfsDeviceResult).
struct PageRankDeviceResult : PageRankSummary {
  DeviceVector<float> rank;
};

// LDBC definition: PR_0 = teleport; PR_i(v) = (1-d) t(v) + d * sum_{u->v}
// PR_{i-1}(u)/outdeg(u) + d * t(v) * sum_{w dangling} PR_{i-1}(w), with t the
// uniform 1/n (or personalization) vector. Throws UsageError for damping
// outside [0, 1], a negative max_iterations, tolerance or
// residual_check_interval, or a personalization vertex outside the graph;
// RuntimeError when the residual is not finite (NaN or infinite ranks are
// never reported, converged or not).
PageRankResult pagerank(Engine& engine, const DeviceGraph& graph, const PageRankParams& params = {});
PageRankDeviceResult pagerank_on_device(Engine& engine, const DeviceGraph& graph, const PageRankParams& params = {});

// One process's part of a PageRank that several run together
// (block_exchange.hpp): `graph` holds the in-edges of this process's block,
// `share` the whole graph's pagerank_out_share. Every process returns the
// whole rank vector: on the cpu backend, bit for bit the one-process result.
PageRankDeviceResult pagerank_on_device(Engine& engine, const DeviceGraph& graph, const PageRankParams& params,
                                        std::span<const float> share, BlockExchange& exchange);

// share[u] = 1/out-degree(u), or 1/(sum of u's out-weights) when weighted;
// 0 where u passes nothing on (the dangling vertices).
DeviceVector<float> pagerank_out_share(Backend& backend, const DeviceGraph& graph, bool weighted);
// The unweighted share from out-degrees held elsewhere (backend memory).
void pagerank_share_of_degrees(Backend& backend, std::span<const vertex_t> out_degree, std::span<float> share);

}  // namespace graphrun
