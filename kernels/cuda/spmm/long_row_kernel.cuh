#pragma once
// Long rows of an SpMM: rows of at least LongRowPolicy::min_entries entries,
// which the one-warp-per-row kernels skip (one warp walking a power-law hub
// of ~10^5 entries alone made the whole product ten times slower on the
// H100). Each such row is worked on by a whole block: its warps take
// 32-entry chunks round-robin, warp-row style, and their partial vectors are
// added in warp order through shared memory, so the result is deterministic
// (no atomics). Device code only; spmm.cu launches it after the main kernel.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "kernels/cuda/spmm/dense_vector.cuh"
#include "kernels/cuda/spmm/spmm_policy.cuh"
#include "kernels/cuda/spmm/staged_chunk.cuh"
#include "kernels/cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmm_detail {

// V, UseWeights and group_lanes as in warp_row_spmm_kernel.
//
// Launch: blockDim.x = LongRowPolicy::threads_per_block, any gridDim.x (the
// dispatch caps it at LongRowPolicy::max_blocks). Blocks stride over tiles
// of blockDim.x rows; each finds the long rows of its tile (one length test
// per thread, coalesced) and then works through them one at a time.
template <int V, bool UseWeights>
__global__ void __launch_bounds__(LongRowPolicy::threads_per_block)
    long_row_spmm_kernel(CsrView a, const float* __restrict__ x, float* __restrict__ y, std::size_t width,
                         int group_lanes) {
  using Policy = LongRowPolicy;
  constexpr int warps = Policy::warps_per_block;
  __shared__ vertex_t long_rows[Policy::threads_per_block];
  __shared__ int long_row_count;
  __shared__ vertex_t staged_columns[warps][spmm_warp_size];
  __shared__ float staged_weights[warps][spmm_warp_size];
  __shared__ DenseVector<V> partial[warps][spmm_warp_size];

  const int warp = static_cast<int>(threadIdx.x) / spmm_warp_size;
  const int lane = static_cast<int>(threadIdx.x) % spmm_warp_size;
  const std::size_t vectors = width / V;
  const LaneGroups lanes(lane, group_lanes);
  const std::int64_t tile_stride = static_cast<std::int64_t>(gridDim.x) * Policy::threads_per_block;

  for (std::int64_t tile = static_cast<std::int64_t>(blockIdx.x) * Policy::threads_per_block; tile < a.num_rows;
       tile += tile_stride) {
    if (threadIdx.x == 0) long_row_count = 0;
    __syncthreads();
    const std::int64_t candidate = tile + threadIdx.x;
    if (candidate < a.num_rows && a.offsets[candidate + 1] - a.offsets[candidate] >= Policy::min_entries)
      long_rows[atomicAdd(&long_row_count, 1)] = static_cast<vertex_t>(candidate);  // list order is irrelevant
    __syncthreads();
    const int count = long_row_count;

    for (int i = 0; i < count; ++i) {
      const vertex_t row = long_rows[i];
      const edge_t begin = a.offsets[row];
      const edge_t end = a.offsets[row + 1];
      for (std::size_t pass = 0; pass < vectors; pass += static_cast<std::size_t>(group_lanes)) {
        const std::size_t vector = pass + static_cast<std::size_t>(lanes.lane_in_group);
        const bool active = vector < vectors;
        DenseVector<V> sum = DenseVector<V>::zero();
        for (edge_t first = begin + static_cast<edge_t>(warp) * spmm_warp_size; first < end;
             first += static_cast<edge_t>(warps) * spmm_warp_size) {
          const int chunk = static_cast<int>(end - first < spmm_warp_size ? end - first : spmm_warp_size);
          accumulate_staged_chunk<V, UseWeights, Policy::entry_unroll>(
              a, x, width, first, chunk, lane, lanes, vector, active, staged_columns[warp], staged_weights[warp], sum);
        }
        sum_lane_groups(lanes, sum);
        if (lanes.group == 0) partial[warp][lanes.lane_in_group] = sum;
        __syncthreads();
        if (warp == 0 && lanes.group == 0 && active) {  // fixed order over warps: deterministic
          DenseVector<V> total = partial[0][lanes.lane_in_group];
          for (int w = 1; w < warps; ++w) total.add(partial[w][lanes.lane_in_group]);
          total.store(y + static_cast<std::size_t>(row) * width + vector * V);
        }
        __syncthreads();  // partial[] is rewritten by the next pass or row
      }
    }
    __syncthreads();  // long_rows[] / long_row_count are rewritten by the next tile
  }
}

}  // namespace graphrun::cuda::spmm_detail
