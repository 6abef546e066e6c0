#pragma once
// "row-cache" SpMM kernel for wide dense matrices (GE-SpMM style): the sparse
// row lives in registers, one (column, value) pair per lane, broadcast with
// shuffles while each lane streams its output columns. See RowCachePolicy;
// device code only, spmm.cu launches it.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "cuda/spmm/common/dense_vector.cuh"
#include "cuda/spmm/common/lane_vectors.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmm_detail {

// V and UseWeights as in warp_row_spmm_kernel; long rows are skipped the
// same way. P: output vectors per lane and tile; Unroll: entries per trip, so
// each lane has P * Unroll independent X loads in flight (add_trip).
//
// Launch: blockDim.x = RowCachePolicy::threads_per_block (one warp per row),
// gridDim.x = ceil(num_rows / warps_per_block), gridDim.y = number of column
// tiles (P * 32 vectors each), capped at max_grid_y; blockIdx.y strides over
// the tiles, so any width works.
template <int V, bool UseWeights, int P, int Unroll>
__global__ void __launch_bounds__(RowCachePolicy::threads_per_block)
    row_cache_spmm_kernel(CsrView a, const float* __restrict__ x, float* __restrict__ y, std::size_t width) {
  using Policy = RowCachePolicy;
  constexpr unsigned full_warp = 0xffffffffu;
  constexpr std::size_t tile_vectors = static_cast<std::size_t>(P) * spmm_warp_size;
  static_assert(spmm_warp_size % Unroll == 0, "a trip must not straddle two 32-entry chunks");

  const int warp = static_cast<int>(threadIdx.x) / spmm_warp_size;
  const int lane = static_cast<int>(threadIdx.x) % spmm_warp_size;
  const std::int64_t row = static_cast<std::int64_t>(blockIdx.x) * Policy::warps_per_block + warp;
  if (row >= a.num_rows) return;  // the whole warp leaves together

  const edge_t begin = a.offsets[row];
  const edge_t end = a.offsets[row + 1];
  if (is_long_row(end - begin)) return;  // long_row_piece_kernel writes it
  const std::size_t vectors = width / V;
  const std::size_t tiles = (vectors + tile_vectors - 1) / tile_vectors;
  float* y_row = y + static_cast<std::size_t>(row) * width;

  for (std::size_t tile = blockIdx.y; tile < tiles; tile += gridDim.y) {
    // This lane's vectors: tile start + lane, + 32, ...
    const LaneVectors<P> mine(tile * tile_vectors + static_cast<std::size_t>(lane), spmm_warp_size, vectors, V);
    DenseVector<V> sum[P];
#pragma unroll
    for (int p = 0; p < P; ++p) sum[p] = DenseVector<V>::zero();

    for (edge_t first = begin; first < end; first += spmm_warp_size) {
      const int count = static_cast<int>(end - first < spmm_warp_size ? end - first : spmm_warp_size);
      vertex_t cached_column = 0;
      float cached_weight = 1.0f;
      if (lane < count) {
        cached_column = __ldg(a.indices + first + lane);
        if constexpr (UseWeights) cached_weight = __ldg(a.values + first + lane);
      }
      // count is warp-uniform: every lane shuffles. The last trip is
      // predicated (entries past count load nothing), not a one-entry loop.
      for (int k = 0; k < count; k += Unroll) {
        const float* x_row[Unroll];
        bool present[Unroll];
        float weight[Unroll];
#pragma unroll
        for (int u = 0; u < Unroll; ++u) {
          present[u] = k + u < count;
          const vertex_t column = __shfl_sync(full_warp, cached_column, k + u);
          weight[u] = UseWeights ? __shfl_sync(full_warp, cached_weight, k + u) : 1.0f;
          x_row[u] = x + static_cast<std::size_t>(column) * width;
        }
        add_trip<V, P, Unroll>(x_row, present, weight, mine, sum);
      }
    }
    store_vectors<V, P>(y_row, mine, sum);
  }
}

}  // namespace graphrun::cuda::spmm_detail
