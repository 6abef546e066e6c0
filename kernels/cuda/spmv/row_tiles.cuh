#pragma once
// Row tiles of the kernels that give each lane of a warp one of 32
// consecutive rows and find the rows' entries without CSR offsets
// (csr-compact, stencil-packed): each tile keeps its first entry, each row
// its length in a narrow field, and a lane's first entry is the tile's start
// plus the lengths of the lanes below it. Device code: include from .cu
// files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/spmv/row_access.cuh"
#include "kernels/cuda/spmv/spmv.cuh"
#include "kernels/cuda/spmv/spmv_policies.cuh"
#include "kernels/cuda/spmv/warp_ops.cuh"

namespace graphrun::cuda::spmv {

inline constexpr int tile_rows = warp_lanes;

__host__ __device__ inline std::int64_t row_tiles(std::int64_t rows) { return (rows + tile_rows - 1) / tile_rows; }

// Conversion, one thread per tile: the tile's first entry.
struct TileStartFill {
  const edge_t* offsets;
  edge_t* tile_starts;

  __device__ void operator()(std::int64_t tile) const { tile_starts[tile] = offsets[tile * tile_rows]; }
};

// Sum of `value` over the lanes below this one (all 32 lanes call it).
__device__ __forceinline__ int warp_exclusive_sum(int value) {
  int inclusive = value;
#pragma unroll
  for (int offset = 1; offset < warp_lanes; offset *= 2) {
    const int below = shuffle_up(inclusive, offset);
    if (lane_id() >= offset) inclusive += below;
  }
  return inclusive - value;
}

// The first entry of this lane's row in `tile` (all 32 lanes call it; lanes
// past the last row pass length 0).
__device__ __forceinline__ edge_t lane_first_entry(const edge_t* tile_starts, std::int64_t tile, int length) {
  return load_read_only(tile_starts + tile) + warp_exclusive_sum(length);
}

// Calls body(tile, row) for each tile the warp takes (grid-stride over the
// grid's warps), `row` being this lane's row of the tile. All 32 lanes make
// the same calls, for rows past the last one too (row >= rows), so that
// body may scan across the warp.
template <class Body>
__device__ __forceinline__ void for_each_warp_tile(std::int64_t rows, Body&& body) {
  const std::int64_t tiles = row_tiles(rows);
  const std::int64_t warps = static_cast<std::int64_t>(gridDim.x) * (blockDim.x / warp_lanes);
  for (std::int64_t tile = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / warp_lanes;
       tile < tiles; tile += warps)
    body(tile, tile * tile_rows + lane_id());
}

}  // namespace graphrun::cuda::spmv
