#pragma once
// The steps of near-far delta-stepping on the device (contract: SsspKernels
// in graphrun/algorithms/kernels/sssp_kernels.hpp; sizes checked there).
// Host-side entry points; each reads back one small counter block.
#include <cstdint>
#include <span>

#include "graphrun/algorithms/kernels/sssp_kernels.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

struct SsspPolicy {
  // Default bucket width: 32 x mean weight / mean out-degree, about a warp's
  // worth of edges per vertex in a bucket (Davidson, Baxter, Garland and
  // Owens' rule for near-far on GPUs), so a round has parallel work.
  static constexpr SsspBucketRule bucket_rule{.lanes = 32.0, .degree_exponent = 1.0};
};

SsspWeights sssp_weights(const DeviceContext& context, const CsrView& out);

// Edge-balanced over the frontier's out-edges (frontier_edges.cuh): a hub
// in the near list is spread over the grid. UsageError for a frontier id
// outside the graph (the step's other effects are then unspecified).
SsspListed sssp_relax(const DeviceContext& context, const CsrView& out, std::span<const vertex_t> frontier,
                      float limit, std::int32_t round, std::span<float> distance, SsspMarks marks,
                      std::span<vertex_t> near, std::span<vertex_t> far, std::size_t far_size);

// UsageError for a far id outside the graph.
SsspListed sssp_split(const DeviceContext& context, std::span<const vertex_t> far, float lower, float limit,
                      std::int32_t round, std::span<const float> distance, SsspMarks marks, std::span<vertex_t> near,
                      std::span<vertex_t> kept);

}  // namespace graphrun::cuda
