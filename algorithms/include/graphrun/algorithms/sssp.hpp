#pragma once
// Single-source shortest paths over the out-edges' weights (a pattern graph's
// weights are 1). Semantics of LDBC Graphalytics' SSSP: distance[v] is the
// least total weight of a directed path from the source (an undirected graph
// stores both directions), +inf where no path exists. Weights must be
// non-negative and not NaN (a UsageError otherwise).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "graphrun/algorithms/block_exchange.hpp"
#include "graphrun/engine.hpp"
#include "graphrun/graph.hpp"
#include "graphrun/memory.hpp"

namespace graphrun {

enum class SsspMethod : std::uint8_t {
  // Delta-stepping (Meyer and Sanders 2003) as the backend runs it best: its
  // own loop where it has one (cpu: GAP's per-thread bins), else near_far.
  delta_stepping,
  // Delta-stepping through the near-far steps on every backend (Davidson,
  // Baxter, Garland and Owens 2014; the GPU's method).
  near_far,
  bellman_ford,  // min-plus SpMV until nothing changes: the reference path
};

// "delta-stepping", "near-far" or "bellman-ford" (the CLI's --method, the
// Python package's method=); UsageError naming them otherwise.
SsspMethod parse_sssp_method(const std::string& name);
// The inverse: the name parse_sssp_method reads.
const char* sssp_method_name(SsspMethod method);

struct SsspParams {
  vertex_t source = 0;  // compact id
  // Width of a distance bucket; 0 picks the backend's rule from the mean
  // weight and the mean out-degree (SsspKernels::sssp_bucket_rule). Any
  // positive value gives the same distances, only the work differs.
  double delta = 0.0;
  SsspMethod method = SsspMethod::delta_stepping;
};

struct SsspSummary {
  SsspMethod method = SsspMethod::delta_stepping;  // the method that ran (params.method on one process)
  std::size_t reached = 0;     // vertices with a finite distance (the source included)
  double delta = 0.0;          // the bucket width used (delta-stepping)
  std::size_t rounds = 0;      // relaxation steps (delta-stepping) or SpMVs (Bellman-Ford)
  std::size_t buckets = 0;     // distance buckets visited (delta-stepping)
  edge_t edges_relaxed = 0;    // out-edges read by the relaxation steps
};

struct SsspResult : SsspSummary {
  float max_distance = 0.0f;    // the largest finite distance
  std::vector<float> distance;  // +inf = unreachable
};

// The distances left in the backend's memory (see BfsDeviceResult).
struct SsspDeviceResult : SsspSummary {
  DeviceVector<float> distance;
};

// UsageError for a source outside 0..n-1, a negative or non-finite delta, or a
// negative or NaN weight.
SsspResult sssp(Engine& engine, const DeviceGraph& graph, const SsspParams& params);
SsspDeviceResult sssp_on_device(Engine& engine, const DeviceGraph& graph, const SsspParams& params);

// One process's part of a run by several (block_exchange.hpp): `graph`
// holds the in-edges of this process's block. The search is Bellman-Ford
// rounds whatever params.method says (delta-stepping's buckets would need
// a frontier exchange per round), the blocks shared after each: the same
// least fixed point, so the same distances, on every process.
SsspDeviceResult sssp_on_device(Engine& engine, const DeviceGraph& graph, const SsspParams& params,
                                BlockExchange& exchange);

// A shortest-path tree over the distances sssp() returned for `graph` (the
// host graph that was uploaded) from `source`. parent[source] = source,
// no_vertex where unreachable. Otherwise parent[v] is an in-neighbour u
// whose edge is tight: distance[u] + w(u, v), added in float as every
// backend adds it, equals distance[v]. Among tight u with distance[u] <
// distance[v] the smallest id is taken; a vertex whose only tight edges
// come from vertices as far as itself (weights that add nothing, such as
// zeros) takes the first such neighbour met by a breadth-first walk over
// those edges from the vertices placed before, in id order. The distances
// are the same bits on every backend, so the parents are too. Host work,
// O(m). UsageError when the sizes or the source do not fit the graph.
std::vector<vertex_t> sssp_parents(const Graph& graph, vertex_t source, std::span<const float> distance);

}  // namespace graphrun
