#pragma once
// ELL (seeds 001, 002): every row padded to `width` slots, stored column-major
// (slot k of row r at k * rows + r) so that consecutive threads, one per row,
// read consecutive addresses. Padding slots hold ell_padding_column (no_vertex), which also ends a
// row early. Used for "ell", for the ELL part of "hyb", and, with 16-bit
// column - row slots (padding -32768), for "ell-compact": on mesh-like
// graphs whose ids follow the geometry a slot then costs 6 bytes, not 8.
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/spmv/common/row_access.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmv {

inline constexpr vertex_t ell_padding_column = no_vertex;
inline constexpr std::int16_t ell_padding_offset = -32768;
static_assert(ell_padding_offset < -CompactPolicy::longest_reach, "padding must differ from every stored offset");

// Conversion, one thread per row: copies the row's first `width` entries into
// its slots and pads the rest. Rows longer than `width` keep their remainder
// for hyb's COO tail.
struct EllFill {
  CsrView csr;
  vertex_t* columns;              // nullptr when the slots hold offsets
  std::int16_t* column_offsets;   // nullptr when the slots hold columns
  float* weights;  // nullptr: no weights to copy
  std::int64_t width;

  __device__ void operator()(std::int64_t row) const {
    const edge_t start = csr.offsets[row];
    const edge_t length = csr.offsets[row + 1] - start;
    for (std::int64_t k = 0; k < width; ++k) {
      const std::int64_t slot = k * csr.num_rows + row;
      const bool stored = k < length;
      if (columns) columns[slot] = stored ? csr.indices[start + k] : ell_padding_column;
      if (column_offsets)
        column_offsets[slot] = stored ? static_cast<std::int16_t>(csr.indices[start + k] - row) : ell_padding_offset;
      if (weights) weights[slot] = stored ? csr.values[start + k] : 0.0f;
    }
  }
};

// The column a slot holds, or ell_padding_column: kCompactColumns reads the
// 16-bit column - row slots, otherwise the 32-bit columns.
template <bool kCompactColumns>
__device__ __forceinline__ vertex_t ell_slot_column(const EllView& ell, std::int64_t slot, vertex_t row) {
  if constexpr (kCompactColumns) {
    const std::int16_t offset = load_read_only(ell.column_offsets + slot);
    return offset == ell_padding_offset ? ell_padding_column : row + offset;
  } else {
    return load_read_only(ell.columns + slot);
  }
}

// Thread per row. Slots are taken EllPolicy::unroll at a time: their columns,
// weights and x values are all loaded before any is added, so a thread keeps
// that many independent loads in flight instead of one column load, then one
// x load, per slot (the padding test would otherwise order every load after
// the previous slot's). Adds stay in slot order and stop at the first padding
// slot, so the sums equal the one-slot-at-a-time loop's. Output: as in
// csr_scalar_kernels.cuh (RowOutput, or PageRank's fused update).
template <class Semiring, bool kWeighted, bool kCompactColumns, class Output = RowOutput<Semiring>>
__global__ void __launch_bounds__(EllPolicy::threads_per_block)
    ell_kernel(EllView ell, const typename Semiring::value_type* x, RowMask mask, Output out) {
  using value_type = typename Semiring::value_type;
  constexpr int unroll = EllPolicy::unroll;
  const EntryProduct<Semiring, kWeighted> product{ell.columns, ell.weights, x};
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t row = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; row < ell.rows;
       row += stride) {
    if (!mask.selected(row)) continue;
    auto sum = Semiring::identity();
    bool row_ended = false;
    for (std::int64_t k = 0; k < ell.width && !row_ended; k += unroll) {
      vertex_t column[unroll];
      value_type term[unroll];
#pragma unroll
      for (int j = 0; j < unroll; ++j)
        column[j] = k + j < ell.width
                        ? ell_slot_column<kCompactColumns>(ell, (k + j) * ell.rows + row, static_cast<vertex_t>(row))
                        : ell_padding_column;
#pragma unroll
      for (int j = 0; j < unroll; ++j)
        term[j] = column[j] == ell_padding_column
                      ? Semiring::identity()
                      : product.with_x((k + j) * ell.rows + row, load_read_only(x + column[j]));
#pragma unroll
      for (int j = 0; j < unroll; ++j) {
        row_ended = row_ended || column[j] == ell_padding_column;
        if (!row_ended) sum = Semiring::add(sum, term[j]);
      }
    }
    out.store(row, sum);
  }
  out.finish_block();
}

}  // namespace graphrun::cuda::spmv
