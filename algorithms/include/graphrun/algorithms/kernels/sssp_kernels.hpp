#pragma once
// The kernels of single-source shortest paths (algorithms/src/sssp.cpp): the
// weight check and the two steps of near-far delta-stepping. A backend that
// runs SSSP derives from SsspKernels beside Backend (kernels/); sssp reaches
// them through sssp_kernels(backend).
//
// Non-virtual interface, as Backend's: the public calls check their
// arguments once for every backend (algorithms/src/kernels/sssp_kernels.cpp)
// and call the protected do_ virtuals (3 required, 2 optional).
//
// Distances are floats, and a relaxation computes distance[u] + w in float.
// Every step only ever lowers a distance to such a sum, so whatever order the
// relaxations run in, the distances end at the same least fixed point, bit
// for bit: the result does not depend on the backend or on thread timing.
#include <cstddef>
#include <cstdint>
#include <span>

#include "graphrun/backend.hpp"

namespace graphrun {

// The out-edge weights of a graph, as SSSP needs to know them (a pattern
// graph's weights are all 1).
struct SsspWeights {
  double sum = 0.0;           // over the valid entries
  float smallest = 0.0f;      // over the valid entries; 0 when there are none
  edge_t invalid = 0;         // entries with a negative or NaN weight
};

// A backend's default bucket width: lanes x mean weight / mean degree ^
// degree_exponent, the mean out-degree taken over the vertices that have
// out-edges (a search never meets the others).
struct SsspBucketRule {
  double lanes = 1.0;
  double degree_exponent = 1.0;
};

// The work lists of near-far delta-stepping, all in backend memory:
//   near_round  n entries: the round in which a vertex was last listed in a
//               near list (0 = never; rounds count from 1)
//   in_far      n entries: 1 while a vertex is listed in the far list
// A vertex is in a near list at most once per round and in the far list at
// most once, so neither list outgrows n.
struct SsspMarks {
  std::span<std::int32_t> near_round;
  std::span<std::int32_t> in_far;
};

// What one step listed.
struct SsspListed {
  std::size_t near = 0;          // vertices written to the near list
  std::size_t far = 0;           // size of the far list after the step
  float smallest_far = 0.0f;     // split: least distance in the far list (+inf when empty)
  edge_t edges = 0;              // relax: the out-edges the step read
};

// The work of a search a backend ran on its own (sssp_run).
struct SsspWork {
  std::size_t rounds = 0;   // passes over a bucket's list of vertices
  std::size_t buckets = 0;  // distinct buckets processed
  edge_t edges = 0;         // out-edges read
};

class SsspKernels {
 public:
  virtual ~SsspKernels() = default;

  // The default bucket width of this backend (its tuning policy): wide
  // buckets feed a GPU's many lanes; a CPU's width balances the work a
  // wide bucket repeats against the team rounds a narrow one costs.
  SsspBucketRule sssp_bucket_rule() const { return do_sssp_bucket_rule(); }

  // Sum and least of the out-edge weights, and how many are negative or NaN.
  SsspWeights sssp_weights(const DeviceGraph& a);

  // ---- Relaxation of a near list (Meyer and Sanders' delta-stepping) -------
  // For every u in `frontier` and out-edge u -> v of weight w: when
  // distance[u] + w < distance[v], distance[v] becomes that sum (the least of
  // the sums offered). A vertex whose distance fell is listed in `near` when
  // its new distance is below `limit` (once: near_round[v] is set to
  // `round`), otherwise appended to the far list far[far_size..] unless
  // in_far[v] already says it is there. near and far have capacity
  // num_vertices and may not alias frontier or each other; round >= 1.
  SsspListed sssp_relax(const DeviceGraph& a, std::span<const vertex_t> frontier, float limit, std::int32_t round,
                        std::span<float> distance, SsspMarks marks, std::span<vertex_t> near, std::span<vertex_t> far,
                        std::size_t far_size);

  // ---- The next bucket: split the far list at a new limit ------------------
  // For every v in far: distance[v] < lower (settled since it was listed):
  // dropped; lower <= distance[v] < limit: listed in `near` (once per round,
  // as above) and dropped from far; otherwise copied to `kept`, whose size
  // and least distance are returned. in_far is cleared for every vertex
  // dropped. kept and near have capacity num_vertices and alias nothing.
  SsspListed sssp_split(std::span<const vertex_t> far, float lower, float limit, std::int32_t round,
                        std::span<const float> distance, SsspMarks marks, std::span<vertex_t> near,
                        std::span<vertex_t> kept);

  // ---- A whole search run by the backend on its own (optional) -------------
  // distance holds +inf everywhere but distance[source] = 0 (source checked).
  // Runs delta-stepping with bucket width `delta` > 0 to the same least fixed
  // point as the steps and returns true with its work counted; false (the
  // default: a backend without such a loop) leaves everything untouched.
  bool sssp_run(const DeviceGraph& a, vertex_t source, float delta, std::span<float> distance, SsspWork& work);

 protected:
  virtual SsspBucketRule do_sssp_bucket_rule() const = 0;
  virtual SsspWeights do_sssp_weights(const DeviceGraph& a) = 0;
  // Called with a non-empty frontier and checked sizes.
  virtual SsspListed do_sssp_relax(const DeviceGraph& a, std::span<const vertex_t> frontier, float limit,
                                   std::int32_t round, std::span<float> distance, SsspMarks marks,
                                   std::span<vertex_t> near, std::span<vertex_t> far, std::size_t far_size) = 0;
  // Called with a non-empty far list and checked sizes.
  virtual SsspListed do_sssp_split(std::span<const vertex_t> far, float lower, float limit, std::int32_t round,
                                   std::span<const float> distance, SsspMarks marks, std::span<vertex_t> near,
                                   std::span<vertex_t> kept) = 0;
  virtual bool do_sssp_run(const DeviceGraph& /*a*/, vertex_t /*source*/, float /*delta*/,
                           std::span<float> /*distance*/, SsspWork& /*work*/) {
    return false;
  }
};

// The SSSP kernels of `backend`; UsageError when it has none.
SsspKernels& sssp_kernels(Backend& backend);

}  // namespace graphrun
