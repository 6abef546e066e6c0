#pragma once
// csr-compact: CSR with narrow structure arrays, for graphs whose rows are
// short and whose columns stay near the diagonal (road maps and meshes whose
// ids follow the geometry, banded matrices). A row's 8-byte offset becomes an
// 8-bit length and an entry's 4-byte column a 16-bit column - row, so on
// road-s22 an SpMV reads 112 MB instead of CSR's 164 MB. Weights are the
// CSR's own: entries keep their order.
// A warp takes a tile of 32 consecutive rows, a row per lane; each lane's
// first entry is the tile's start plus an exclusive scan of the lengths.
// Output: as in csr_scalar_kernels.cuh (RowOutput, or PageRank's fused update).
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/spmv/row_access.cuh"
#include "kernels/cuda/spmv/spmv.cuh"
#include "kernels/cuda/spmv/spmv_policies.cuh"
#include "kernels/cuda/spmv/warp_ops.cuh"

namespace graphrun::cuda::spmv {

// Conversion, one thread per row: the row's length and its entries' column
// offsets. The plan checked both bounds (CompactPolicy) from the row
// statistics before building.
struct CompactFill {
  CsrView csr;
  std::uint8_t* lengths;
  std::int16_t* column_offsets;

  __device__ void operator()(std::int64_t row) const {
    const edge_t start = csr.offsets[row], end = csr.offsets[row + 1];
    lengths[row] = static_cast<std::uint8_t>(end - start);
    for (edge_t entry = start; entry < end; ++entry)
      column_offsets[entry] = static_cast<std::int16_t>(csr.indices[entry] - row);
  }
};

// Conversion, one thread per tile: the tile's first entry.
struct CompactTileStart {
  const edge_t* offsets;
  edge_t* tile_starts;

  __device__ void operator()(std::int64_t tile) const {
    tile_starts[tile] = offsets[tile * CompactPolicy::rows_per_tile];
  }
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

template <class Semiring, bool kWeighted, class Output = RowOutput<Semiring>>
__global__ void __launch_bounds__(CompactPolicy::threads_per_block)
    compact_kernel(CompactView a, const typename Semiring::value_type* x, RowMask mask, Output out) {
  using value_type = typename Semiring::value_type;
  constexpr int trip = CompactPolicy::entries_per_trip;
  constexpr int tile_rows = CompactPolicy::rows_per_tile;
  static_assert(tile_rows == warp_lanes, "a tile is one row per lane of a warp");
  const std::int64_t tiles = (a.rows + tile_rows - 1) / tile_rows;
  const std::int64_t warps = static_cast<std::int64_t>(gridDim.x) * (blockDim.x / warp_lanes);
  // The loop bound is the same for every lane, so all 32 reach each scan.
  for (std::int64_t tile = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / warp_lanes;
       tile < tiles; tile += warps) {
    const std::int64_t row = tile * tile_rows + lane_id();
    const bool inside = row < a.rows;
    const int length = inside ? load_read_only(a.lengths + row) : 0;
    // Unselected rows still count their entries: they shift the rows after them.
    const edge_t start = load_read_only(a.tile_starts + tile) + warp_exclusive_sum(length);
    // No early exit for the others: every lane must reach the next tile's scan.
    const bool selected = inside && mask.selected(row);
    const int entries = selected ? length : 0;
    const std::int16_t* row_offsets = a.column_offsets + start;
    const float* row_weights = kWeighted ? a.weights + start : nullptr;
    // Columns in 32 bits (vertex_t): one multiply-add per gather address
    // instead of 64-bit arithmetic (PageRank's step on road-s22: 40 -> 30 M
    // instructions, 69 -> 56 us).
    const auto diagonal = static_cast<vertex_t>(row);
    auto sum = Semiring::identity();
    // `trip` entries per trip, the last one predicated: a trip's loads are
    // all issued before its first add, so a row of up to `trip` entries waits
    // for one offset load and one gather instead of one pair per entry. Its
    // structure loads are half csr-scalar's size, so a warp needs more of
    // them in flight to keep DRAM busy (road-s22: 1 entry per trip 0.061 ms,
    // 2: 0.057, 4: 0.057, 8: 0.080, the predicated slots costing issue
    // slots). Not unrolled further: the copies only add predicated slots.
    // Adds stay in entry order: the sums equal a sequential loop's.
#pragma unroll 1
    for (int k = 0; k < entries; k += trip) {
      std::int16_t offset[trip];
      float weight[trip];
      value_type x_value[trip];
#pragma unroll
      for (int j = 0; j < trip; ++j) {
        offset[j] = k + j < entries ? load_read_only(row_offsets + k + j) : std::int16_t{0};
        weight[j] = kWeighted && k + j < entries ? load_read_only(row_weights + k + j) : 1.0f;
      }
#pragma unroll
      for (int j = 0; j < trip; ++j)
        x_value[j] = k + j < entries ? load_read_only(x + (diagonal + offset[j])) : value_type{};
#pragma unroll
      for (int j = 0; j < trip; ++j)
        if (k + j < entries) sum = Semiring::add(sum, Semiring::multiply(weight[j], x_value[j]));
    }
    if (selected) out.store(row, sum);
  }
  out.finish_block();
}

}  // namespace graphrun::cuda::spmv
