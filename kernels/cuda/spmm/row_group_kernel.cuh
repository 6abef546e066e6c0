#pragma once
// "row-group" SpMM kernels: Y = A X with a group of lanes per short sparse
// row, so a warp multiplies several short rows at once, and a whole warp per
// listed medium row (see RowGroupPolicy for why). Device code only; spmm.cu
// launches them.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "kernels/cuda/spmm/dense_vector.cuh"
#include "kernels/cuda/spmm/spmm_policy.cuh"
#include "kernels/cuda/spmm/staged_chunk.cuh"
#include "kernels/cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmm_detail {

// The output vectors one lane owns in one pass: first_vector, first_vector +
// group_lanes, ... (P of them); those at or past `vectors` are inactive (the
// lane neither loads nor stores them).
template <int P>
struct LaneVectors {
  std::size_t offset[P];  // float offset of each vector within a dense row
  bool active[P];

  __device__ __forceinline__ LaneVectors(std::size_t first_vector, int group_lanes, std::size_t vectors, int v) {
#pragma unroll
    for (int p = 0; p < P; ++p) {
      const std::size_t vector = first_vector + static_cast<std::size_t>(p) * static_cast<std::size_t>(group_lanes);
      active[p] = vector < vectors;
      offset[p] = vector * static_cast<std::size_t>(v);
    }
  }
};

// sum[p] += sum over entries e = first, first + stride, ... < end of
// A[e] * X[column(e)] at this lane's vectors. Unroll entries are handled per
// trip: their indices and weights first, then all their X vectors, then the
// multiply-adds, so the X loads of one trip are independent and in flight
// together. The last trip is predicated rather than finished in a one-entry
// loop: graphs with ~3 entries per row (road networks) would otherwise walk
// every row one dependent load at a time. Only entries < end and active
// vectors are loaded: no out-of-bounds access for tail entries or idle lanes.
template <int V, bool UseWeights, int P, int Unroll>
__device__ __forceinline__ void accumulate_entries(const CsrView& a, const float* __restrict__ x, std::size_t width,
                                                   edge_t first, edge_t end, edge_t stride, const LaneVectors<P>& mine,
                                                   DenseVector<V> (&sum)[P]) {
  for (edge_t e = first; e < end; e += Unroll * stride) {
    bool present[Unroll];
    const float* x_row[Unroll];
    float weight[Unroll];
#pragma unroll
    for (int u = 0; u < Unroll; ++u) {
      const edge_t entry = e + u * stride;
      present[u] = entry < end;
      x_row[u] = x + (present[u] ? static_cast<std::size_t>(__ldg(a.indices + entry)) * width : 0);
      weight[u] = UseWeights && present[u] ? __ldg(a.values + entry) : 1.0f;
    }
    DenseVector<V> loaded[Unroll][P];
#pragma unroll
    for (int u = 0; u < Unroll; ++u)
#pragma unroll
      for (int p = 0; p < P; ++p)
        loaded[u][p] =
            present[u] && mine.active[p] ? DenseVector<V>::load(x_row[u] + mine.offset[p]) : DenseVector<V>::zero();
#pragma unroll
    for (int u = 0; u < Unroll; ++u)
#pragma unroll
      for (int p = 0; p < P; ++p) sum[p].add_scaled(weight[u], loaded[u][p]);
  }
}

template <int V, int P>
__device__ __forceinline__ void store_vectors(float* y_row, const LaneVectors<P>& mine,
                                              const DenseVector<V> (&sum)[P]) {
#pragma unroll
  for (int p = 0; p < P; ++p)
    if (mine.active[p]) sum[p].store(y_row + mine.offset[p]);
}

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
