#pragma once
// "warp-row" SpMM kernel: Y = A X with one warp per sparse row (seed 004,
// casperSPARSE), generalised to any width. See WarpRowPolicy for the idea;
// this file holds device code only, spmm.cu launches it.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "cuda/spmm/common/dense_vector.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"
#include "cuda/spmm/common/staged_chunk.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmm_detail {

// V: floats per dense access (4, 2 or 1, chosen by the dispatch so every
// access is aligned). UseWeights = false reads every stored entry as 1 and
// never touches a.values. group_lanes: see LaneGroups. Rows of at least
// LongRowPolicy::min_entries entries are skipped: long_row_piece_kernel
// writes them.
//
// Launch: blockDim.x = WarpRowPolicy::threads_per_block, one warp per row,
// gridDim.x = ceil(num_rows / warps_per_block).
template <int V, bool UseWeights>
__global__ void __launch_bounds__(WarpRowPolicy::threads_per_block)
    warp_row_spmm_kernel(CsrView a, const float* __restrict__ x, float* __restrict__ y, std::size_t width,
                         int group_lanes) {
  using Policy = WarpRowPolicy;
  // Each warp owns one slice: no other warp reads it, so __syncwarp suffices.
  __shared__ vertex_t staged_columns[Policy::warps_per_block][Policy::chunk];
  __shared__ float staged_weights[Policy::warps_per_block][Policy::chunk];

  const int warp = static_cast<int>(threadIdx.x) / spmm_warp_size;
  const int lane = static_cast<int>(threadIdx.x) % spmm_warp_size;
  const std::int64_t row = static_cast<std::int64_t>(blockIdx.x) * Policy::warps_per_block + warp;
  if (row >= a.num_rows) return;  // the whole warp leaves together
  const edge_t begin = a.offsets[row];
  const edge_t end = a.offsets[row + 1];
  if (is_long_row(end - begin)) return;

  const std::size_t vectors = width / V;
  const LaneGroups lanes(lane, group_lanes);
  // One pass per group_lanes output vectors (more than one pass only when the
  // row is wider than a warp of vectors).
  for (std::size_t pass = 0; pass < vectors; pass += static_cast<std::size_t>(group_lanes)) {
    const std::size_t vector = pass + static_cast<std::size_t>(lanes.lane_in_group);
    const bool active = vector < vectors;
    DenseVector<V> sum = DenseVector<V>::zero();
    for (edge_t first = begin; first < end; first += Policy::chunk) {
      const int count = static_cast<int>(end - first < Policy::chunk ? end - first : Policy::chunk);
      accumulate_staged_chunk<V, UseWeights, Policy::entry_unroll>(
          a, x, width, first, count, lane, lanes, vector, active, staged_columns[warp], staged_weights[warp], sum);
    }
    sum_lane_groups(lanes, sum);
    if (lanes.group == 0 && active) sum.store(y + static_cast<std::size_t>(row) * width + vector * V);
  }
}

}  // namespace graphrun::cuda::spmm_detail
