#pragma once
// The mode of one short row, found by one thread without a hash table: the
// row's labels sit in registers, a sorting network orders them, and the
// first longest run of equal labels is the answer (the smallest label among
// equally frequent ones, as sorting puts it first). Used for rows of at most
// wide_row_limit neighbours: directly from global memory for rows of <= 8
// (thread_row_mode), from a warp's staging buffer for longer ones
// (staged_rows_kernel). Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>
#include <limits>

#include "graphrun/types.hpp"
#include "kernels/cuda/label_mode/neighbour_rows.cuh"

namespace graphrun::cuda::label_mode_detail {

// Bitonic sorting network, ascending. Every index is a compile-time
// constant once the loops unroll, so `values` stays in registers.
template <int kWidth>
__device__ __forceinline__ void sort_ascending(vertex_t (&values)[kWidth]) {
  static_assert(kWidth >= 2 && (kWidth & (kWidth - 1)) == 0, "the network needs a power-of-two width");
#pragma unroll
  for (int size = 2; size <= kWidth; size *= 2) {
#pragma unroll
    for (int stride = size / 2; stride > 0; stride /= 2) {
#pragma unroll
      for (int i = 0; i < kWidth; ++i) {
        const int j = i ^ stride;
        if (j > i) {
          const vertex_t low = min(values[i], values[j]);
          const vertex_t high = max(values[i], values[j]);
          const bool ascending = (i & size) == 0;
          values[i] = ascending ? low : high;
          values[j] = ascending ? high : low;
        }
      }
    }
  }
}

// Mode of the first `count` (1..kWidth) entries of `values`; the others are
// overwritten. Padding sorts last: a real label equal to the padding value
// is the same value, so the first `count` sorted values are exactly the
// row's labels.
template <int kWidth>
__device__ __forceinline__ vertex_t mode_of_values(vertex_t (&values)[kWidth], int count) {
#pragma unroll
  for (int k = 0; k < kWidth; ++k)
    if (k >= count) values[k] = std::numeric_limits<vertex_t>::max();
  sort_ascending(values);
  vertex_t best = values[0];
  int best_run = 1;
  int run = 1;
#pragma unroll
  for (int k = 1; k < kWidth; ++k) {
    if (k < count) {
      run = values[k] == values[k - 1] ? run + 1 : 1;
      if (run > best_run) {  // strictly longer: an equal later run has a larger label
        best_run = run;
        best = values[k];
      }
    }
  }
  return best;
}

// Mode of row `span` with 1 <= span.count <= kWidth neighbours, read from
// global memory: every index load, then every label load, is issued before
// any is used.
template <int kWidth>
__device__ __forceinline__ vertex_t thread_row_mode(const RowSpan& span, const vertex_t* labels) {
  const int count = static_cast<int>(span.count);
  vertex_t values[kWidth];
#pragma unroll
  for (int k = 0; k < kWidth; ++k) values[k] = k < count ? span.neighbour(k) : 0;
#pragma unroll
  for (int k = 0; k < kWidth; ++k)
    if (k < count) values[k] = __ldg(&labels[values[k]]);
  return mode_of_values(values, count);
}

// Mode of a row whose `count` (1..kWidth) labels are staged at `row`.
template <int kWidth>
__device__ __forceinline__ vertex_t staged_row_mode(const vertex_t* row, int count) {
  vertex_t values[kWidth];
#pragma unroll
  for (int k = 0; k < kWidth; ++k) values[k] = k < count ? row[k] : 0;
  return mode_of_values(values, count);
}

}  // namespace graphrun::cuda::label_mode_detail
