#pragma once
// "stencil-packed": stencil's per-row diagonal masks (stencil_kernels.cuh)
// without its padded slots. For short rows on few diagonals, where most of
// a row's diagonals are empty: road-s22's grid ids put every entry on one
// of 6 diagonals (+-1, +-2048, +-2049) but its rows hold 2.9 entries, so
// stencil pads 2x and csr-compact spends 1 + 2 x 2.9 bytes a row on lengths
// and column offsets. Here a row's structure is its mask in 1, 2 or 4 bytes
// (8, 16 or 32 diagonals): its length is the mask's population count, its
// k-th entry's column is row + offsets[k-th set bit], and its entries are
// the CSR's own, in order, so the weights are the CSR's.
// A warp takes a tile of 32 consecutive rows, a row per lane (row_tiles.cuh).
// Output: as in csr_scalar_kernels.cuh (RowOutput, or PageRank's fused update).
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/spmv/common/row_access.cuh"
#include "cuda/spmv/common/row_tiles.cuh"
#include "cuda/spmv/spmv.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"
#include "cuda/spmv/formats/stencil/stencil_kernels.cuh"

namespace graphrun::cuda::spmv {

// Conversion, one thread per row: the row's mask, narrowed to Mask.
template <class Mask>
struct PackedStencilFill {
  CsrView csr;
  PackedStencilView view;
  Mask* masks;

  __device__ void operator()(std::int64_t row) const {
    masks[row] = static_cast<Mask>(row_diagonal_mask(csr, view.offsets, view.diagonals, row, [](int, edge_t) {}));
  }
};

// What a lane loads of its tile, a tile ahead (row_tiles.cuh).
struct PackedStencilTile {
  std::uint32_t present;  // the lane's row's mask, 0 past the last row
  edge_t start;           // the tile's first entry
};

template <class Semiring, bool kWeighted, class Mask, class Output = RowOutput<Semiring>>
__global__ void __launch_bounds__(PackedStencilPolicy::threads_per_block)
    packed_stencil_kernel(PackedStencilView a, const typename Semiring::value_type* x, RowMask mask, Output out) {
  using value_type = typename Semiring::value_type;
  constexpr int trip = PackedStencilPolicy::diagonals_per_trip;
  constexpr int mask_bits = 8 * static_cast<int>(sizeof(Mask));
  static_assert(trip < 32 && mask_bits % trip == 0, "a trip covers part of the mask");
  const Mask* masks = static_cast<const Mask*>(a.masks);
  const auto load = [&](std::int64_t tile, std::int64_t row) {
    return PackedStencilTile{row < a.rows ? static_cast<std::uint32_t>(load_read_only(masks + row)) : 0u,
                             load_read_only(a.tile_starts + tile)};
  };
  for_each_warp_tile(a.rows, load, [&](std::int64_t row, const PackedStencilTile& tile) {
    const std::uint32_t present = tile.present;
    // Unselected rows still count their entries: they shift the rows after them.
    const edge_t start = tile.start + warp_exclusive_sum(__popc(present));
    if (row >= a.rows || !mask.selected(row)) return;  // the warp meets again at the next tile's scan
    const EntryProduct<Semiring, kWeighted> product{nullptr, kWeighted ? a.weights + start : nullptr, x};
    // Columns in 32 bits, as csr-compact computes them (fewer instructions
    // per gather address than 64-bit arithmetic).
    const auto diagonal = static_cast<vertex_t>(row);
    auto sum = Semiring::identity();
    // `trip` diagonals at a time, unrolled whole so that every offsets[k] is
    // a constant index into the kernel's parameters (a run-time index would
    // copy them to local memory); a trip's loads are all issued before its
    // first add. A row's k-th diagonal is its entry number popc(bits below k).
    // Diagonals ascend, so the adds follow the CSR's entry order.
#pragma unroll
    for (int first = 0; first < mask_bits; first += trip) {
      if (first >= a.diagonals) break;
      if ((present >> first & ((1u << trip) - 1u)) == 0) continue;  // a trip without entries costs no loads
      value_type term[trip];
#pragma unroll
      for (int j = 0; j < trip; ++j) {
        const int k = first + j;
        term[j] = (present >> k & 1u) != 0
                      ? product.with_x(__popc(present & ((1u << k) - 1u)),
                                       load_read_only(x + (diagonal + a.offsets[k])))
                      : Semiring::identity();
      }
#pragma unroll
      for (int j = 0; j < trip; ++j)
        if ((present >> (first + j) & 1u) != 0) sum = Semiring::add(sum, term[j]);
    }
    out.store(row, sum);
  });
  out.finish_block();
}

}  // namespace graphrun::cuda::spmv
