#pragma once
// The inner step shared by the "warp-row" and long-row kernels: one warp
// stages up to 32 (column, value) pairs of a row in shared memory and its
// lanes multiply them into their output vectors. The warp is split into
// groups of `group_lanes` lanes (a power of two): lane i of every group owns
// output vector `vector`, group g takes entries g, g + groups, ... of the
// chunk, and sum_lane_groups() adds the groups up at the end. Narrow outputs
// thus keep all 32 lanes loading instead of leaving most of the warp idle.
#include <cuda_runtime.h>

#include <cstddef>

#include "cuda/spmm/common/dense_vector.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmm_detail {

struct LaneGroups {
  int group_lanes;    // lanes sharing one entry: the smallest power of two >= the row's vectors, at most 32
  int groups;         // 32 / group_lanes
  int group;          // this lane's group
  int lane_in_group;  // this lane's output vector within a pass

  __device__ __forceinline__ LaneGroups(int lane, int lanes_per_group)
      : group_lanes(lanes_per_group),
        groups(spmm_warp_size / lanes_per_group),
        group(lane / lanes_per_group),
        lane_in_group(lane % lanes_per_group) {}
};

// sum += A[first .. first + count) (x) X for this lane's output vector
// (ignored when !active). `columns` / `weights` are this warp's private
// 32-entry staging slices. All 32 lanes must call it together.
template <int V, bool UseWeights, int Unroll>
__device__ __forceinline__ void accumulate_staged_chunk(const CsrView& a, const float* __restrict__ x,
                                                        std::size_t width, edge_t first, int count, int lane,
                                                        const LaneGroups& lanes, std::size_t vector, bool active,
                                                        vertex_t* columns, float* weights, DenseVector<V>& sum) {
  if (lane < count) {
    columns[lane] = a.indices[first + lane];
    if constexpr (UseWeights) weights[lane] = a.values[first + lane];
  }
  __syncwarp();
  if (active) {
#pragma unroll Unroll
    for (int k = lanes.group; k < count; k += lanes.groups) {
      const float weight = UseWeights ? weights[k] : 1.0f;
      const float* x_row = x + static_cast<std::size_t>(columns[k]) * width;
      sum.add_scaled(weight, DenseVector<V>::load(x_row + vector * V));
    }
  }
  __syncwarp();  // the next chunk overwrites the staged entries
}

// Adds the groups' parts: afterwards the lanes of group 0 hold the totals.
// Lane g * group_lanes + i holds group g's part of vector i, so a shuffle
// tree over offsets 16, 8, ..., group_lanes sums exactly the groups.
template <int V>
__device__ __forceinline__ void sum_lane_groups(const LaneGroups& lanes, DenseVector<V>& sum) {
  for (int offset = spmm_warp_size / 2; offset >= lanes.group_lanes; offset /= 2) sum.add_from_lane_above(offset);
}

}  // namespace graphrun::cuda::spmm_detail
