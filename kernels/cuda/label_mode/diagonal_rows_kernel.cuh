#pragma once
// Label mode over a stencil copy's diagonal masks (DiagonalRows, spmv.cuh):
// a thread per row, every row in one kernel, no row classes. Row r's
// neighbours are r + offsets[k] for the set bits k of its mask, so the
// structure costs the mask's 1..4 bytes a row instead of the CSR's offsets
// and a column index per entry, and the
// 32 lanes of a warp, on consecutive rows, gather diagonal k's labels from
// consecutive addresses: one or two sectors a load, mostly from L2, instead
// of 32 scattered ones. Each thread loads its row's labels into the
// registers of a sorting network (absent diagonals hold the padding) and
// takes the mode as the CSR kernels do (thread_row_mode.cuh).
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/types.hpp"
#include "cuda/label_mode/thread_row_mode.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::label_mode_detail {

// Where a row's neighbour on each diagonal sits: its label's byte distance
// from the row's own label. As in the stencil SpMV (stencil_kernels.cuh),
// 64-bit constants from the kernel's parameters are added as they are,
// with no sign extension or shift per diagonal.
struct DiagonalDistances {
  std::int64_t label_bytes[StencilView::max_diagonals] = {};
};

inline DiagonalDistances diagonal_distances(const DiagonalRows& rows) {
  DiagonalDistances distances;
  for (int k = 0; k < rows.diagonals; ++k)
    distances.label_bytes[k] = static_cast<std::int64_t>(rows.offsets[k]) * static_cast<std::int64_t>(sizeof(vertex_t));
  return distances;
}

// How the kernel is shaped for a kWidth-wide network (8..32).
template <int kWidth>
struct DiagonalRowsShape {
  static constexpr int threads = 128;
  // Resident blocks an SM the launch bounds ask for: the 32-wide network
  // takes 48 registers a thread (ten blocks fit), the narrower ones fewer.
  static constexpr int blocks_per_multiprocessor = kWidth > 16 ? 8 : 16;
};

// Grid-stride, a thread per row. Every load of a row's labels is issued
// before the network uses any.
template <class Mask, int kWidth>
__global__ void __launch_bounds__(DiagonalRowsShape<kWidth>::threads,
                                  DiagonalRowsShape<kWidth>::blocks_per_multiprocessor)
    diagonal_rows_kernel(const Mask* masks, std::int64_t rows, DiagonalDistances distances, const vertex_t* labels,
                         vertex_t* out) {
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t row = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; row < rows;
       row += stride) {
    // Bits at or past kWidth are never set: the host picks a width of at
    // least the diagonals' count.
    const auto present = static_cast<std::uint32_t>(__ldg(masks + row));
    const char* own_label = reinterpret_cast<const char*>(labels + row);
    vertex_t values[kWidth];
#pragma unroll
    for (int k = 0; k < kWidth; ++k) {
      values[k] = label_padding;
      if ((present >> k & 1u) != 0)
        values[k] = __ldg(reinterpret_cast<const vertex_t*>(own_label + distances.label_bytes[k]));
    }
    const int count = __popc(present);
    out[row] = count == 0 ? __ldg(labels + row) : mode_of_padded(values, count);
  }
}

}  // namespace graphrun::cuda::label_mode_detail
