#pragma once
// Conversion passes of hyb (seed 001): the entries of each row beyond the ELL
// width form a COO tail, sorted by row like the CSR. Device code: include
// from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmv {

// tail_lengths[r] = entries of row r beyond `width`; tail_lengths[num_rows] = 0
// so that an exclusive scan over num_rows + 1 items ends with the total.
struct HybTailLength {
  const edge_t* offsets;
  std::int64_t num_rows;
  std::int64_t width;
  edge_t* tail_lengths;

  __device__ void operator()(std::int64_t row) const {
    edge_t beyond = 0;
    if (row < num_rows) {
      const edge_t length = offsets[row + 1] - offsets[row];
      beyond = length > width ? length - width : 0;
    }
    tail_lengths[row] = beyond;
  }
};

// One thread per tail entry: its row is known (row_expansion over the tail
// offsets), its position in the row follows from the row's tail offset.
struct HybTailFill {
  CsrView csr;
  std::int64_t width;
  const edge_t* tail_offsets;
  const vertex_t* tail_rows;
  vertex_t* tail_columns;
  float* tail_weights;  // nullptr: unweighted

  __device__ void operator()(std::int64_t tail_entry) const {
    const vertex_t row = tail_rows[tail_entry];
    const edge_t source = csr.offsets[row] + width + (tail_entry - tail_offsets[row]);
    tail_columns[tail_entry] = csr.indices[source];
    if (tail_weights) tail_weights[tail_entry] = csr.values[source];
  }
};

}  // namespace graphrun::cuda::spmv
