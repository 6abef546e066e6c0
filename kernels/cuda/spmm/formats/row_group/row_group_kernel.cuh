#pragma once
// "row-group" SpMM kernels: Y = A X with a group of lanes per short sparse
// row, so a warp multiplies several short rows at once, and a whole warp per
// listed medium row (see RowGroupPolicy for why). Device code only; spmm.cu
// launches them.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "cuda/spmm/common/dense_vector.cuh"
#include "cuda/spmm/common/lane_vectors.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"
#include "cuda/spmm/common/staged_chunk.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmm_detail {

// One row [row_begin, row_end) by the whole warp: group g takes entries g,
// g + groups, ... and the groups' parts are added by shuffles; group 0
// stores. All 32 lanes must call it together.
template <int V, bool UseWeights, int P>
__device__ __forceinline__ void warp_row_product(const CsrView& a, const float* __restrict__ x, float* y_row,
                                                 std::size_t width, const LaneGroups& lanes, edge_t row_begin,
                                                 edge_t row_end) {
  const std::size_t vectors = width / V;
  const std::size_t pass_vectors = static_cast<std::size_t>(lanes.group_lanes) * P;
  for (std::size_t pass = 0; pass < vectors; pass += pass_vectors) {
    const LaneVectors<P> mine(pass + static_cast<std::size_t>(lanes.lane_in_group), lanes.group_lanes, vectors, V);
    DenseVector<V> sum[P];
#pragma unroll
    for (int p = 0; p < P; ++p) sum[p] = DenseVector<V>::zero();
    accumulate_entries<V, UseWeights, P, RowGroupPolicy::entry_unroll>(a, x, width, row_begin + lanes.group, row_end,
                                                                       lanes.groups, mine, sum);
#pragma unroll
    for (int p = 0; p < P; ++p) sum_lane_groups(lanes, sum[p]);
    if (lanes.group == 0) store_vectors<V, P>(y_row, mine, sum);
  }
}

// V, UseWeights as in warp_row_spmm_kernel; P: vectors per lane and pass
// (1, or RowGroupPolicy::wide_vectors_per_lane: see the policy for when).
// group_lanes: the smallest power of two >= the row's vectors / P, at most
// 32. Writes the short rows (fewer than RowGroupPolicy::shared_row_entries
// entries, empty ones included) and skips the others: the medium rows are
// row_group_medium_spmm_kernel's, the long ones long_row_piece_kernel's.
//
// Launch: blockDim.x = RowGroupPolicy::threads_per_block, gridDim.x =
// ceil(num_rows / (warps_per_block * (32 / group_lanes))). Warp w owns rows
// w * groups .. w * groups + groups - 1, group g the g-th of them.
template <int V, bool UseWeights, int P>
__global__ void __launch_bounds__(RowGroupPolicy::threads_per_block)
    row_group_spmm_kernel(CsrView a, const float* __restrict__ x, float* __restrict__ y, std::size_t width,
                          int group_lanes) {
  using Policy = RowGroupPolicy;
  const int lane = static_cast<int>(threadIdx.x) % spmm_warp_size;
  const LaneGroups lanes(lane, group_lanes);
  const std::int64_t warp_index =
      static_cast<std::int64_t>(blockIdx.x) * Policy::warps_per_block + static_cast<int>(threadIdx.x) / spmm_warp_size;
  const std::int64_t row = warp_index * lanes.groups + lanes.group;
  if (row >= a.num_rows) return;
  const edge_t begin = a.offsets[row];
  const edge_t end = a.offsets[row + 1];
  if (end - begin >= Policy::shared_row_entries) return;

  // Each group alone, no shuffles (empty rows get 0).
  const std::size_t vectors = width / V;
  const std::size_t pass_vectors = static_cast<std::size_t>(group_lanes) * P;
  float* y_row = y + static_cast<std::size_t>(row) * width;
  for (std::size_t pass = 0; pass < vectors; pass += pass_vectors) {
    const LaneVectors<P> mine(pass + static_cast<std::size_t>(lanes.lane_in_group), group_lanes, vectors, V);
    DenseVector<V> sum[P];
#pragma unroll
    for (int p = 0; p < P; ++p) sum[p] = DenseVector<V>::zero();
    accumulate_entries<V, UseWeights, P, Policy::entry_unroll>(a, x, width, begin, end, 1, mine, sum);
    store_vectors<V, P>(y_row, mine, sum);
  }
}

// The medium rows SpmmPlan listed, a whole warp each (warp w: rows[w]).
// Template arguments and group_lanes as for row_group_spmm_kernel.
//
// Launch: blockDim.x = RowGroupPolicy::threads_per_block, gridDim.x =
// ceil(count / warps_per_block).
template <int V, bool UseWeights, int P>
__global__ void __launch_bounds__(RowGroupPolicy::threads_per_block)
    row_group_medium_spmm_kernel(CsrView a, const float* __restrict__ x, float* __restrict__ y, std::size_t width,
                                 int group_lanes, const vertex_t* rows, std::int64_t count) {
  using Policy = RowGroupPolicy;
  const std::int64_t warp_index =
      static_cast<std::int64_t>(blockIdx.x) * Policy::warps_per_block + static_cast<int>(threadIdx.x) / spmm_warp_size;
  if (warp_index >= count) return;  // warp-uniform
  const LaneGroups lanes(static_cast<int>(threadIdx.x) % spmm_warp_size, group_lanes);
  const vertex_t row = rows[warp_index];
  warp_row_product<V, UseWeights, P>(a, x, y + static_cast<std::size_t>(row) * width, width, lanes, a.offsets[row],
                                     a.offsets[row + 1]);
}

}  // namespace graphrun::cuda::spmm_detail
