#pragma once
// csr-scalar and csr-scalar-unroll4 (seed 000, algorithms 1 and 3): one thread
// per row, grid-stride over rows with 64-bit indices. The plain kernel is the
// baseline; the unrolled one keeps `unroll` independent gathers in flight per
// thread and reads everything through the read-only cache.
// Output: RowOutput (y[row] = sum) for SpMV, or an epilogue that does more
// with the row's sum (PageRank's fused step, vector_ops/pagerank_row_output.cuh):
// store(row, sum) per row, then finish_block() by every thread of the block.
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/spmv/common/row_access.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmv {

template <class Semiring, bool kWeighted, class Output = RowOutput<Semiring>>
__global__ void __launch_bounds__(CsrScalarPolicy::threads_per_block)
    csr_scalar_kernel(CsrView csr, EntryProduct<Semiring, kWeighted, LoadPath::plain> product, RowMask mask,
                      Output out) {
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t row = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; row < csr.num_rows;
       row += stride) {
    if (!mask.selected(row)) continue;
    auto sum = Semiring::identity();
    const edge_t end = csr.offsets[row + 1];
    for (edge_t entry = csr.offsets[row]; entry < end; ++entry) sum = Semiring::add(sum, product(entry));
    out.store(row, sum);
  }
  out.finish_block();
}

template <class Semiring, bool kWeighted, class Output = RowOutput<Semiring>>
__global__ void __launch_bounds__(CsrScalarPolicy::threads_per_block)
    csr_scalar_unrolled_kernel(CsrView csr, EntryProduct<Semiring, kWeighted> product, RowMask mask, Output out) {
  constexpr int unroll = CsrScalarPolicy::unroll;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t row = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; row < csr.num_rows;
       row += stride) {
    if (!mask.selected(row)) continue;
    edge_t entry = load_read_only(csr.offsets + row);
    const edge_t end = load_read_only(csr.offsets + row + 1);
    // `unroll` partial results so the gathers do not wait on each other; they
    // are combined in a fixed order at the end (deterministic).
    typename Semiring::value_type partial[unroll];
#pragma unroll
    for (int k = 0; k < unroll; ++k) partial[k] = Semiring::identity();
    for (; entry + unroll <= end; entry += unroll) {
#pragma unroll
      for (int k = 0; k < unroll; ++k) partial[k] = Semiring::add(partial[k], product(entry + k));
    }
    for (; entry < end; ++entry) partial[0] = Semiring::add(partial[0], product(entry));
    auto sum = partial[0];
#pragma unroll
    for (int k = 1; k < unroll; ++k) sum = Semiring::add(sum, partial[k]);
    out.store(row, sum);
  }
  out.finish_block();
}

}  // namespace graphrun::cuda::spmv
