#pragma once
// "stencil" (DIA with a presence mask): for matrices whose entries lie on at
// most 32 diagonals (column - row), as a stencil's do (a 3-D 27-point mesh
// has 27). The diagonals' offsets are kernel arguments; each row stores a
// 32-bit mask of the diagonals it has an entry on, and the weights sit
// diagonal-major (0 where the row has no entry): row r's weight on diagonal
// k at weight_starts[k] + r, in k's own slots or, for a symmetric matrix,
// in those of its mirror below the main diagonal (StencilView). So the
// structure costs 4 bytes a row instead of ELL's column per slot, and a
// thread per row reads its diagonal's weight and x at addresses consecutive
// with its neighbours'. Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/spmv/common/row_access.cuh"
#include "cuda/spmv/spmv.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"

namespace graphrun::cuda::spmv {

// The mask of the diagonals row `row` has entries on (bit k: offsets[k]),
// each entry's diagonal found by binary search of the ascending offsets;
// on_entry(k, entry) is called for each entry. Every column - row is one of
// the offsets (the row statistics found them all) and no two entries of a
// row share a column (CsrView), so the row has one entry per set bit.
template <class OnEntry>
__device__ std::uint32_t row_diagonal_mask(const CsrView& csr, const std::int32_t* offsets, int diagonals,
                                           std::int64_t row, OnEntry&& on_entry) {
  std::uint32_t mask = 0;
  for (edge_t entry = csr.offsets[row]; entry < csr.offsets[row + 1]; ++entry) {
    const auto offset = static_cast<std::int32_t>(csr.indices[entry] - row);
    int low = 0, high = diagonals - 1;
    while (low < high) {
      const int middle = (low + high) / 2;
      if (offsets[middle] < offset)
        low = middle + 1;
      else
        high = middle;
    }
    mask |= 1u << low;
    on_entry(low, entry);
  }
  return mask;
}

// Conversion, one thread per row: the row's mask, and the weight of each
// entry on a diagonal with slots (bit k of `slotted`) in its slot. Slots of
// absent entries were zeroed before.
struct StencilFill {
  CsrView csr;
  StencilView view;
  std::uint32_t slotted;
  std::uint32_t* masks;
  float* weights;  // nullptr: no weights to copy

  __device__ void operator()(std::int64_t row) const {
    masks[row] = row_diagonal_mask(csr, view.offsets, view.diagonals, row, [&](int k, edge_t entry) {
      if (weights && (slotted >> k & 1u) != 0) weights[view.weight_starts[k] + row] = csr.values[entry];
    });
  }
};

// After StencilFill of a mirrored copy, one thread per row: raises
// *mismatch when an entry on a diagonal without slots (above the main one)
// differs from the weight its mirror slot holds, bit for bit (so -0 and +0
// differ, and a NaN differs from everything but itself).
struct StencilMirrorCheck {
  CsrView csr;
  StencilView view;
  std::uint32_t slotted;
  int* mismatch;

  __device__ void operator()(std::int64_t row) const {
    row_diagonal_mask(csr, view.offsets, view.diagonals, row, [&](int k, edge_t entry) {
      if ((slotted >> k & 1u) == 0 &&
          __float_as_uint(csr.values[entry]) != __float_as_uint(view.weights[view.weight_starts[k] + row]))
        *mismatch = 1;
    });
  }
};

// Where the kernel finds a row's entry on each diagonal: its x and its
// weight as byte distances from the row's own x and weight slot. The address
// adds then take 64-bit constants as they are; from element indices
// (offsets, weight_starts) each diagonal cost a sign extension, a shift and
// two constant-bank reloads of the bases, per row and diagonal
// (docs/decisions/011-stencil-formats.md).
struct StencilDistances {
  std::int64_t x_bytes[StencilView::max_diagonals] = {};
  std::int64_t weight_bytes[StencilView::max_diagonals] = {};
};

template <class Value>
StencilDistances stencil_distances(const StencilView& stencil) {
  StencilDistances distances;
  for (int k = 0; k < stencil.diagonals; ++k) {
    distances.x_bytes[k] = static_cast<std::int64_t>(stencil.offsets[k]) * static_cast<std::int64_t>(sizeof(Value));
    distances.weight_bytes[k] = stencil.weight_starts[k] * static_cast<std::int64_t>(sizeof(float));
  }
  return distances;
}

// Thread per row, grid-stride. StencilPolicy::unroll diagonals per trip:
// their weights and x values are all loaded before any is added. The
// diagonals are visited in ascending offset, i.e. column, order, so each row
// adds its entries in CSR order. Only diagonals in the row's mask are read.
// Output: as in csr_scalar_kernels.cuh (RowOutput, or PageRank's fused update).
template <class Semiring, bool kWeighted, class Output = RowOutput<Semiring>>
__global__ void __launch_bounds__(StencilPolicy::threads_per_block, StencilPolicy::resident_blocks)
    stencil_kernel(StencilView stencil, StencilDistances distances, const typename Semiring::value_type* x,
                   RowMask mask, Output out) {
  using value_type = typename Semiring::value_type;
  constexpr int unroll = StencilPolicy::unroll;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t row = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; row < stencil.rows;
       row += stride) {
    if (!mask.selected(row)) continue;
    const std::uint32_t present = load_read_only(stencil.masks + row);
    const char* x_row = reinterpret_cast<const char*>(x + row);
    // Unweighted sums may run over a copy without weights (nullptr): no pointer is formed from it.
    const char* weights_row = kWeighted ? reinterpret_cast<const char*>(stencil.weights + row) : nullptr;
    auto sum = Semiring::identity();
    // Trips are unrolled whole, so every distance is a constant index into
    // the kernel's parameters (a run-time index would copy them to local memory).
#pragma unroll
    for (int first = 0; first < DiagonalPolicy::max_diagonals; first += unroll) {
      if (first >= stencil.diagonals) break;
      value_type term[unroll];
#pragma unroll
      for (int j = 0; j < unroll; ++j) {
        const int k = first + j;
        const auto* weight = reinterpret_cast<const float*>(weights_row + distances.weight_bytes[k]);
        const auto* x_value = reinterpret_cast<const value_type*>(x_row + distances.x_bytes[k]);
        term[j] = (present >> k & 1u) != 0
                      ? Semiring::multiply(kWeighted ? load_read_only(weight) : 1.0f, load_read_only(x_value))
                      : Semiring::identity();
      }
#pragma unroll
      for (int j = 0; j < unroll; ++j)
        if ((present >> (first + j) & 1u) != 0) sum = Semiring::add(sum, term[j]);
    }
    out.store(row, sum);
  }
  out.finish_block();
}

}  // namespace graphrun::cuda::spmv
