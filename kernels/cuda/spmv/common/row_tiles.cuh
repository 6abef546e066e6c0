#pragma once
// Row tiles of the kernels that give each lane of a warp one of 32
// consecutive rows and find the rows' entries without CSR offsets
// (csr-compact, stencil-packed): each tile keeps its first entry, each row
// its length in a narrow field, and a lane's first entry is the tile's start
// plus the lengths of the lanes below it. Device code: include from .cu
// files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/spmv/common/row_access.cuh"
#include "cuda/spmv/spmv.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"
#include "cuda/spmv/common/warp_ops.cuh"

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

// Calls body(row, loaded) for each tile the warp takes (grid-stride over
// the grid's warps), `row` being this lane's row of the tile and
// `loaded` what load(tile, row) returned for it: the lane's share of the
// tile's structure (its row's length or mask, the tile's start). Each
// tile's load is issued one tile ahead, before the previous tile's body, so
// the warp's next structure is in flight while this tile's gathers wait: a
// tile then waits for one miss (weights and x) instead of two in a row
// (structure, then weights and x); see
// docs/decisions/011-stencil-formats.md. All 32 lanes make the same calls, for
// rows past the last one too (row >= rows), so that body may scan across
// the warp.
template <class Load, class Body>
__device__ __forceinline__ void for_each_warp_tile(std::int64_t rows, Load&& load, Body&& body) {
  const std::int64_t tiles = row_tiles(rows);
  const std::int64_t warps = static_cast<std::int64_t>(gridDim.x) * (blockDim.x / warp_lanes);
  std::int64_t tile = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / warp_lanes;
  if (tile >= tiles) return;
  auto ahead = load(tile, tile * tile_rows + lane_id());
  for (; tile < tiles; tile += warps) {
    const auto loaded = ahead;
    const std::int64_t next = tile + warps;
    if (next < tiles) ahead = load(next, next * tile_rows + lane_id());
    body(tile * tile_rows + lane_id(), loaded);
  }
}

}  // namespace graphrun::cuda::spmv
