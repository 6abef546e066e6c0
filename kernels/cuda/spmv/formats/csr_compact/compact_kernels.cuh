#pragma once
// csr-compact: CSR with narrow structure arrays, for graphs whose rows are
// short and whose columns stay near the diagonal (road maps and meshes whose
// ids follow the geometry, banded matrices). A row's 8-byte offset becomes an
// 8-bit length and an entry's 4-byte column a 16-bit column - row: an SpMV
// on short rows is bound by DRAM bytes, and this cuts the structure's bytes
// (docs/decisions/010-compact-csr-and-ell.md). Weights are the CSR's own:
// entries keep their order.
// A warp takes a tile of 32 consecutive rows, a row per lane; each lane's
// first entry is the tile's start plus an exclusive scan of the lengths.
// Output: as in csr_scalar_kernels.cuh (RowOutput, or PageRank's fused update).
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/spmv/common/row_access.cuh"
#include "cuda/spmv/common/row_tiles.cuh"
#include "cuda/spmv/spmv.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"

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

// What a lane loads of its tile, a tile ahead (row_tiles.cuh).
struct CompactTile {
  int length;    // the lane's row's length, 0 past the last row
  edge_t start;  // the tile's first entry
};

template <class Semiring, bool kWeighted, class Output = RowOutput<Semiring>>
__global__ void __launch_bounds__(CompactPolicy::threads_per_block)
    compact_kernel(CompactView a, const typename Semiring::value_type* x, RowMask mask, Output out) {
  using value_type = typename Semiring::value_type;
  constexpr int trip = CompactPolicy::entries_per_trip;
  const auto load = [&](std::int64_t tile, std::int64_t row) {
    return CompactTile{row < a.rows ? static_cast<int>(load_read_only(a.lengths + row)) : 0,
                       load_read_only(a.tile_starts + tile)};
  };
  for_each_warp_tile(a.rows, load, [&](std::int64_t row, const CompactTile& tile) {
    const int length = tile.length;
    // Unselected rows still count their entries: they shift the rows after them.
    const edge_t start = tile.start + warp_exclusive_sum(length);
    // No early exit for the others: every lane must reach the next tile's scan.
    const bool selected = row < a.rows && mask.selected(row);
    const int entries = selected ? length : 0;
    const std::int16_t* row_offsets = a.column_offsets + start;
    const float* row_weights = kWeighted ? a.weights + start : nullptr;
    // Columns in 32 bits (vertex_t): one multiply-add per gather address
    // instead of 64-bit address arithmetic: fewer instructions per entry
    // (docs/decisions/010-compact-csr-and-ell.md).
    const auto diagonal = static_cast<vertex_t>(row);
    auto sum = Semiring::identity();
    // `trip` entries per trip, the last one predicated: a trip's loads are
    // all issued before its first add, so a row of up to `trip` entries waits
    // for one offset load and one gather instead of one pair per entry. Its
    // structure loads are half csr-scalar's size, so a warp needs more of
    // them in flight to keep DRAM busy; on short rows a longer trip only
    // adds predicated slots that cost issue slots
    // (CompactPolicy::entries_per_trip). Not unrolled further for the same
    // reason.
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
  });
  out.finish_block();
}

}  // namespace graphrun::cuda::spmv
