#pragma once
// "row-cache" SpMM kernel for wide dense matrices (GE-SpMM style): the sparse
// row lives in registers, one (column, value) pair per lane, broadcast with
// shuffles while each lane streams its output columns. See RowCachePolicy;
// device code only, spmm.cu launches it.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "kernels/cuda/spmm/dense_vector.cuh"
#include "kernels/cuda/spmm/spmm_policy.cuh"
#include "kernels/cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmm_detail {

// V and UseWeights as in warp_row_spmm_kernel; long rows are skipped the
// same way.
//
// Launch: blockDim.x = RowCachePolicy::threads_per_block (one warp per row),
// gridDim.x = ceil(num_rows / warps_per_block), gridDim.y = number of column
// tiles (RowCachePolicy::tile_vectors vectors each), capped at max_grid_y;
// blockIdx.y strides over the tiles, so any width works.
template <int V, bool UseWeights>
__global__ void __launch_bounds__(RowCachePolicy::threads_per_block)
    row_cache_spmm_kernel(CsrView a, const float* __restrict__ x, float* __restrict__ y, std::size_t width) {
  using Policy = RowCachePolicy;
  constexpr unsigned full_warp = 0xffffffffu;

  const int warp = static_cast<int>(threadIdx.x) / spmm_warp_size;
  const int lane = static_cast<int>(threadIdx.x) % spmm_warp_size;
  const std::int64_t row = static_cast<std::int64_t>(blockIdx.x) * Policy::warps_per_block + warp;
  if (row >= a.num_rows) return;  // the whole warp leaves together

  const edge_t begin = a.offsets[row];
  const edge_t end = a.offsets[row + 1];
  if (is_long_row(end - begin)) return;  // long_row_piece_kernel writes it
  const std::size_t vectors = width / V;
  const std::size_t tiles = (vectors + Policy::tile_vectors - 1) / Policy::tile_vectors;
  float* y_row = y + static_cast<std::size_t>(row) * width;

  for (std::size_t tile = blockIdx.y; tile < tiles; tile += gridDim.y) {
    // This lane's vectors: first_vector, first_vector + 32, ...
    const std::size_t first_vector = tile * Policy::tile_vectors + static_cast<std::size_t>(lane);
    DenseVector<V> sum[Policy::vectors_per_lane];
#pragma unroll
    for (int p = 0; p < Policy::vectors_per_lane; ++p) sum[p] = DenseVector<V>::zero();

    for (edge_t first = begin; first < end; first += spmm_warp_size) {
      const int count = static_cast<int>(end - first < spmm_warp_size ? end - first : spmm_warp_size);
      vertex_t cached_column = 0;
      float cached_weight = 1.0f;
      if (lane < count) {
        cached_column = __ldg(a.indices + first + lane);
        if constexpr (UseWeights) cached_weight = __ldg(a.values + first + lane);
      }
#pragma unroll Policy::entry_unroll
      for (int k = 0; k < count; ++k) {  // count is warp-uniform: every lane shuffles
        const vertex_t column = __shfl_sync(full_warp, cached_column, k);
        const float weight = UseWeights ? __shfl_sync(full_warp, cached_weight, k) : 1.0f;
        const float* x_row = x + static_cast<std::size_t>(column) * width;
#pragma unroll
        for (int p = 0; p < Policy::vectors_per_lane; ++p) {
          const std::size_t vector = first_vector + static_cast<std::size_t>(p) * spmm_warp_size;
          if (vector < vectors) sum[p].add_scaled(weight, DenseVector<V>::load(x_row + vector * V));
        }
      }
    }

#pragma unroll
    for (int p = 0; p < Policy::vectors_per_lane; ++p) {
      const std::size_t vector = first_vector + static_cast<std::size_t>(p) * spmm_warp_size;
      if (vector < vectors) sum[p].store(y_row + vector * V);
    }
  }
}

}  // namespace graphrun::cuda::spmm_detail
