#pragma once
// Row-length statistics of a CSR, computed once per plan on the device: the
// longest row, the sum of squared lengths (variance), a histogram of
// lengths (hyb's ELL width), the sum of row spans (last column - first
// column: whether a warp's x gathers stay close together) and the longest
// reach (largest |column - row|: whether the compact kernels' 16-bit column
// offsets can hold the graph). Integer sums and maxima only, so the result,
// and every choice made from it, is deterministic. Device code: include from
// .cu files only.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "cuda/spmv/tuning/spmv_policies.cuh"
#include "cuda/spmv/common/warp_ops.cuh"
#include "graphrun/types.hpp"

namespace graphrun::cuda::spmv {

// The block's threads zero a shared array of `count` counters, then wait for
// each other.
__device__ __forceinline__ void clear_block_counters(unsigned int* counters, int count) {
  for (int i = threadIdx.x; i < count; i += blockDim.x) counters[i] = 0;
  __syncthreads();
}

// After the block's last update (waited for here), its threads fold the
// non-zero shared counters into the global ones with `combine` (atomicAdd,
// atomicOr): one atomic per used counter and block.
template <class Global, class Combine>
__device__ __forceinline__ void fold_block_counters(const unsigned int* counters, int count, Global* global,
                                                    Combine combine) {
  __syncthreads();
  for (int i = threadIdx.x; i < count; i += blockDim.x)
    if (counters[i]) combine(&global[i], static_cast<Global>(counters[i]));
}

// Layout of the kernel's output (unsigned 64-bit counters, zeroed before the launch).
struct RowStatsSlots {
  static constexpr int longest_row = 0;
  static constexpr int sum_of_squares = 1;
  static constexpr int sum_of_spans = 2;
  static constexpr int longest_reach = 3;
  static constexpr int histogram = 4;  // RowStatsPolicy::histogram_bins counters
  static constexpr int count = histogram + RowStatsPolicy::histogram_bins;
};

__global__ void __launch_bounds__(RowStatsPolicy::threads_per_block)
    row_stats_kernel(const edge_t* offsets, const vertex_t* indices, std::int64_t num_rows,
                     unsigned long long* slots) {
  constexpr int bins = RowStatsPolicy::histogram_bins;
  __shared__ unsigned int block_histogram[bins];
  clear_block_counters(block_histogram, bins);

  unsigned long long longest = 0, squares = 0, spans = 0, reach = 0;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t row = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; row < num_rows;
       row += stride) {
    const auto length = static_cast<unsigned long long>(offsets[row + 1] - offsets[row]);
    longest = length > longest ? length : longest;
    squares += length * length;
    // Rows are sorted by column, so the span is last - first, and the entry
    // farthest from the diagonal is the first or the last.
    if (length > 0) {
      const std::int64_t first = indices[offsets[row]], last = indices[offsets[row + 1] - 1];
      spans += static_cast<unsigned long long>(last - first);
      // (row - first) + (last - row) = last - first >= 0, so the max is >= 0.
      reach = std::max(reach, static_cast<unsigned long long>(std::max(row - first, last - row)));
    }
    atomicAdd(&block_histogram[length < bins - 1 ? length : bins - 1], 1u);
  }
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) {
    const unsigned long long other = shuffle_down(longest, offset);
    longest = other > longest ? other : longest;
    reach = std::max(reach, shuffle_down(reach, offset));
    squares += shuffle_down(squares, offset);
    spans += shuffle_down(spans, offset);
  }
  if (lane_id() == 0) {
    atomicMax(&slots[RowStatsSlots::longest_row], longest);
    atomicAdd(&slots[RowStatsSlots::sum_of_squares], squares);
    atomicAdd(&slots[RowStatsSlots::sum_of_spans], spans);
    atomicMax(&slots[RowStatsSlots::longest_reach], reach);
  }
  fold_block_counters(block_histogram, bins, slots + RowStatsSlots::histogram,
                      [](unsigned long long* to, unsigned long long v) { atomicAdd(to, v); });
}

// Entries per equal range of columns (RowStatsPolicy::column_bins ranges
// over [0, num_cols)): where the x gathers go. One read of the column
// indices per plan.
__global__ void __launch_bounds__(RowStatsPolicy::threads_per_block)
    column_histogram_kernel(const vertex_t* indices, std::int64_t num_entries, std::int64_t num_cols,
                            unsigned long long* bins_out) {
  constexpr int bins = RowStatsPolicy::column_bins;
  __shared__ unsigned int block_histogram[bins];
  clear_block_counters(block_histogram, bins);
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t entry = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; entry < num_entries;
       entry += stride)
    atomicAdd(&block_histogram[static_cast<std::int64_t>(indices[entry]) * bins / num_cols], 1u);
  fold_block_counters(block_histogram, bins, bins_out,
                      [](unsigned long long* to, unsigned long long v) { atomicAdd(to, v); });
}

// Which diagonals (column - row, within +-CompactPolicy::longest_reach) hold
// entries, as a bitmap of DiagonalPolicy::bitmap_words words (bit d + reach
// set for diagonal d): whether the rows share a few offsets, as a stencil's
// do. Each block collects its rows' diagonals in shared memory first, so the
// global bitmap sees one atomicOr per non-zero word and block. Run only when
// the longest reach fits.
__global__ void __launch_bounds__(RowStatsPolicy::threads_per_block)
    diagonal_bitmap_kernel(const edge_t* offsets, const vertex_t* indices, std::int64_t num_rows,
                           unsigned int* bitmap) {
  constexpr int words = DiagonalPolicy::bitmap_words;
  __shared__ unsigned int block_bitmap[words];
  clear_block_counters(block_bitmap, words);
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t row = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; row < num_rows;
       row += stride)
    for (edge_t entry = offsets[row]; entry < offsets[row + 1]; ++entry) {
      const auto bit = static_cast<unsigned int>(indices[entry] - row + CompactPolicy::longest_reach);
      const unsigned int mask = 1u << (bit % 32);
      // Most entries find their bit set already: read before writing.
      if ((block_bitmap[bit / 32] & mask) == 0) atomicOr(&block_bitmap[bit / 32], mask);
    }
  fold_block_counters(block_bitmap, words, bitmap, [](unsigned int* to, unsigned int v) { atomicOr(to, v); });
}

}  // namespace graphrun::cuda::spmv
