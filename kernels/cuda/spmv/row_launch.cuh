#pragma once
// Launches of the row kernels (csr_scalar_kernels.cuh, csr_vector_kernels.cuh,
// csr_stream_kernels.cuh, ell_kernels.cuh, compact_kernels.cuh,
// stencil_kernels.cuh, packed_stencil_kernels.cuh), generic in
// the row output: SpMV's dispatch passes RowOutput, and PageRank's fused step
// (vector_ops/pagerank_step.cu) an output that updates the rank. One launch
// path for both, so the fused step runs exactly the SpMV's row loop on the
// SpMV's grid. The caller sizes the grid with the *_blocks functions (an
// output with per-block slots needs the count before the launch).
// Device code: include from .cu files only.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/runtime/context.cuh"
#include "kernels/cuda/spmv/compact_kernels.cuh"
#include "kernels/cuda/spmv/csr_scalar_kernels.cuh"
#include "kernels/cuda/spmv/csr_stream_kernels.cuh"
#include "kernels/cuda/spmv/csr_vector_kernels.cuh"
#include "kernels/cuda/spmv/ell_kernels.cuh"
#include "kernels/cuda/spmv/mask_type.hpp"
#include "kernels/cuda/spmv/packed_stencil_kernels.cuh"
#include "kernels/cuda/spmv/spmv_launch.cuh"
#include "kernels/cuda/spmv/stencil_kernels.cuh"

namespace graphrun::cuda::spmv {

// Blocks of a csr-scalar or csr-scalar-unroll4 launch over `rows` rows.
inline int csr_scalar_blocks(const DeviceContext& context, std::int64_t rows) {
  return capped_grid_blocks(context, rows, CsrScalarPolicy::threads_per_block,
                            CsrScalarPolicy::blocks_per_multiprocessor);
}

// Blocks of a csr-vector launch with `lanes` lanes per row.
inline int csr_vector_blocks(const DeviceContext& context, std::int64_t rows, int lanes) {
  return capped_grid_blocks(context, rows, CsrVectorPolicy::threads_per_block / lanes,
                            CsrVectorPolicy::blocks_per_multiprocessor);
}

// Blocks of a csr-stream launch over `rows` rows (a warp per 32 rows).
inline int csr_stream_blocks(const DeviceContext& context, std::int64_t rows) {
  constexpr int rows_per_block = CsrStreamPolicy::threads_per_block / warp_lanes * CsrStreamPolicy::rows_per_warp;
  return capped_grid_blocks(context, rows, rows_per_block, CsrStreamPolicy::blocks_per_multiprocessor);
}

// Blocks of an ell launch over `rows` rows.
inline int ell_blocks(const DeviceContext& context, std::int64_t rows) {
  return capped_grid_blocks(context, rows, EllPolicy::threads_per_block, EllPolicy::blocks_per_multiprocessor);
}

// Blocks of a csr-compact launch over `rows` rows (a warp per 32 rows).
inline int compact_blocks(const DeviceContext& context, std::int64_t rows) {
  return capped_grid_blocks(context, rows, CompactPolicy::threads_per_block, CompactPolicy::blocks_per_multiprocessor);
}

// csr-compact: thread per row over the compact copy `compact` of operands.csr.
template <class Semiring, class Output>
void launch_compact(const DeviceContext& context, const CompactView& compact, const SpmvOperands<Semiring>& operands,
                    int blocks, const Output& out) {
  with_weighting<Semiring>(reads_weights<Semiring>(operands.args, operands.csr), [&](auto weighted) {
    constexpr bool kWeighted = decltype(weighted)::value;
    compact_kernel<Semiring, kWeighted, Output><<<blocks, CompactPolicy::threads_per_block, 0, context.stream>>>(
        compact, operands.x, row_mask_of(operands.args), out);
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  });
}

// Blocks of a stencil launch over `rows` rows (thread per row, grid-stride).
inline int stencil_blocks(const DeviceContext& context, std::int64_t rows) {
  return capped_grid_blocks(context, rows, StencilPolicy::threads_per_block, StencilPolicy::blocks_per_multiprocessor);
}

// stencil: thread per row over the stencil copy `stencil` of operands.csr.
template <class Semiring, class Output>
void launch_stencil(const DeviceContext& context, const StencilView& stencil, const SpmvOperands<Semiring>& operands,
                    int blocks, const Output& out) {
  with_weighting<Semiring>(reads_weights<Semiring>(operands.args, operands.csr), [&](auto weighted) {
    constexpr bool kWeighted = decltype(weighted)::value;
    stencil_kernel<Semiring, kWeighted, Output><<<blocks, StencilPolicy::threads_per_block, 0, context.stream>>>(
        stencil, stencil_distances<typename Semiring::value_type>(stencil), operands.x, row_mask_of(operands.args),
        out);
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  });
}

// Blocks of a stencil-packed launch over `rows` rows (a warp per 32 rows).
inline int packed_stencil_blocks(const DeviceContext& context, std::int64_t rows) {
  return capped_grid_blocks(context, rows, PackedStencilPolicy::threads_per_block,
                            PackedStencilPolicy::blocks_per_multiprocessor);
}

// stencil-packed: thread per row over the packed stencil copy `packed` of operands.csr.
template <class Semiring, class Output>
void launch_packed_stencil(const DeviceContext& context, const PackedStencilView& packed,
                           const SpmvOperands<Semiring>& operands, int blocks, const Output& out) {
  with_weighting<Semiring>(reads_weights<Semiring>(operands.args, operands.csr), [&](auto weighted) {
    with_mask_type(packed.mask_bytes, [&](auto mask) {
      packed_stencil_kernel<Semiring, decltype(weighted)::value, decltype(mask), Output>
          <<<blocks, PackedStencilPolicy::threads_per_block, 0, context.stream>>>(packed, operands.x,
                                                                                  row_mask_of(operands.args), out);
      GRAPHRUN_CUDA_CHECK_LAUNCH();
    });
  });
}

// ell and ell-compact: thread per row over the ELL copy `ell` of operands.csr.
template <class Semiring, class Output>
void launch_ell(const DeviceContext& context, const EllView& ell, const SpmvOperands<Semiring>& operands, int blocks,
                const Output& out) {
  with_weighting<Semiring>(reads_weights<Semiring>(operands.args, operands.csr), [&](auto weighted) {
    constexpr bool kWeighted = decltype(weighted)::value;
    if (ell.column_offsets != nullptr)
      ell_kernel<Semiring, kWeighted, true, Output><<<blocks, EllPolicy::threads_per_block, 0, context.stream>>>(
          ell, operands.x, row_mask_of(operands.args), out);
    else
      ell_kernel<Semiring, kWeighted, false, Output><<<blocks, EllPolicy::threads_per_block, 0, context.stream>>>(
          ell, operands.x, row_mask_of(operands.args), out);
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  });
}

// csr-scalar (thread per row, plain loads: the baseline) or, kUnrolled,
// csr-scalar-unroll4 (unrolled gathers through the read-only cache).
template <bool kUnrolled, class Semiring, class Output>
void launch_csr_scalar(const DeviceContext& context, const SpmvOperands<Semiring>& operands, int blocks,
                       const Output& out) {
  const CsrView& csr = operands.csr;
  with_weighting<Semiring>(reads_weights<Semiring>(operands.args, csr), [&](auto weighted) {
    constexpr bool kWeighted = decltype(weighted)::value;
    constexpr int threads = CsrScalarPolicy::threads_per_block;
    if constexpr (kUnrolled) {
      const EntryProduct<Semiring, kWeighted> product{csr.indices, csr.values, operands.x};
      csr_scalar_unrolled_kernel<Semiring, kWeighted, Output>
          <<<blocks, threads, 0, context.stream>>>(csr, product, row_mask_of(operands.args), out);
    } else {
      const EntryProduct<Semiring, kWeighted, LoadPath::plain> product{csr.indices, csr.values, operands.x};
      csr_scalar_kernel<Semiring, kWeighted, Output>
          <<<blocks, threads, 0, context.stream>>>(csr, product, row_mask_of(operands.args), out);
    }
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  });
}

// csr-vector-K: kLanes lanes per row.
template <class Semiring, int kLanes, class Output>
void launch_csr_vector(const DeviceContext& context, const SpmvOperands<Semiring>& operands, int blocks,
                       const Output& out) {
  const CsrView& csr = operands.csr;
  with_weighting<Semiring>(reads_weights<Semiring>(operands.args, csr), [&](auto weighted) {
    constexpr bool kWeighted = decltype(weighted)::value;
    const EntryProduct<Semiring, kWeighted> product{csr.indices, csr.values, operands.x};
    csr_vector_kernel<Semiring, kWeighted, kLanes, Output>
        <<<blocks, CsrVectorPolicy::threads_per_block, 0, context.stream>>>(csr, product,
                                                                            row_mask_of(operands.args), out);
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  });
}

// csr-stream: a warp streams 32 rows' entries in aligned windows.
template <class Semiring, class Output>
void launch_csr_stream(const DeviceContext& context, const SpmvOperands<Semiring>& operands, int blocks,
                       const Output& out) {
  const CsrView& csr = operands.csr;
  with_weighting<Semiring>(reads_weights<Semiring>(operands.args, csr), [&](auto weighted) {
    constexpr bool kWeighted = decltype(weighted)::value;
    const EntryProduct<Semiring, kWeighted, LoadPath::bypass_l1> product{csr.indices, csr.values, operands.x};
    csr_stream_kernel<Semiring, kWeighted, Output>
        <<<blocks, CsrStreamPolicy::threads_per_block, 0, context.stream>>>(csr, product,
                                                                            row_mask_of(operands.args), out);
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  });
}

// Calls launch(std::integral_constant<int, lanes>{}) for the run-time lanes
// per row of a csr-vector kernel (2, 4, 8, 16 or 32).
template <class Launch>
void with_vector_lanes(int lanes, Launch&& launch) {
  switch (lanes) {
    case 2: return launch(std::integral_constant<int, 2>{});
    case 4: return launch(std::integral_constant<int, 4>{});
    case 8: return launch(std::integral_constant<int, 8>{});
    case 16: return launch(std::integral_constant<int, 16>{});
    case 32: return launch(std::integral_constant<int, 32>{});
    default: throw std::logic_error("csr-vector: unsupported lanes per row " + std::to_string(lanes));
  }
}

}  // namespace graphrun::cuda::spmv
