#pragma once
// The mode of one short row, found by one thread without a hash table: the
// row's labels sit in registers, a sorting network orders them, and the
// first longest run of equal labels is the answer (the smallest label among
// equally frequent ones, as sorting puts it first). Used for rows of at most
// wide_row_limit neighbours: directly from global memory for rows of <= 8
// (thread_row_mode), from a warp's staging buffer for longer ones
// (staged_rows_kernel), and for every row of a stencil copy
// (diagonal_rows_kernel.cuh). Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>
#include <limits>

#include "graphrun/types.hpp"
#include "cuda/label_mode/neighbour_rows.cuh"

namespace graphrun::cuda::label_mode_detail {

// One pass of sort_ascending's merge exchange: entries i and i + distance,
// for every i whose bit `bit` equals `bit_value`, are put in order.
template <int kWidth>
__device__ __forceinline__ void merge_exchange_pass(vertex_t (&values)[kWidth], int bit, int bit_value, int distance) {
  // A constant trip count, so the loop unrolls before the callers' loops
  // make `distance` a constant (a bound on it left `values` in local memory).
#pragma unroll
  for (int i = 0; i < kWidth; ++i) {
    if (i + distance < kWidth && (i & bit) == bit_value) {
      const vertex_t low = min(values[i], values[i + distance]);
      values[i + distance] = max(values[i], values[i + distance]);
      values[i] = low;
    }
  }
}

// Sorts ascending with Batcher's merge exchange (Knuth, TAOCP vol. 3,
// 5.2.2, Algorithm M), a network for any width: 191 comparators at 32, 146
// at 26 (a 27-point mesh's rows), against a bitonic network's 240 at 32.
// Each comparator is a min and a max on the ALU pipe, which bounds the
// label kernels once their loads are cheap (a stencil's diagonal rows), so
// the comparator count sets their speed. Every index is a
// compile-time constant once the loops unroll, so `values` stays in
// registers.
template <int kWidth>
__device__ __forceinline__ void sort_ascending(vertex_t (&values)[kWidth]) {
  static_assert(kWidth >= 2, "a network sorts at least two values");
  // The largest power of two below kWidth.
  constexpr int top = [] {
    int power = 1;
    while (2 * power < kWidth) power *= 2;
    return power;
  }();
#pragma unroll
  for (int bit = top; bit > 0; bit /= 2) {
    merge_exchange_pass(values, bit, 0, bit);
#pragma unroll
    for (int span = top; span > bit; span /= 2) merge_exchange_pass(values, bit, bit, span - bit);
  }
}

// What the entries of a sorting network that are not a row's labels hold.
inline constexpr vertex_t label_padding = std::numeric_limits<vertex_t>::max();

// Mode of a row whose `count` (1..kWidth) labels are among `values`, at any
// positions, every other entry holding label_padding. Padding sorts last: a
// real label equal to it is the same value, so the first `count` sorted
// values are exactly the row's labels.
template <int kWidth>
__device__ __forceinline__ vertex_t mode_of_padded(vertex_t (&values)[kWidth], int count) {
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

// Mode of the first `count` (1..kWidth) entries of `values`; the others are
// overwritten.
template <int kWidth>
__device__ __forceinline__ vertex_t mode_of_values(vertex_t (&values)[kWidth], int count) {
#pragma unroll
  for (int k = 0; k < kWidth; ++k)
    if (k >= count) values[k] = label_padding;
  return mode_of_padded(values, count);
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
