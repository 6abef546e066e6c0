#pragma once
// Launch of csr-stream (csr_stream_kernels.cuh): a warp streams 32 rows'
// entries in aligned windows; generic in the row output (row_format.cuh).
// Device code: include from .cu files only.
#include <cstddef>
#include <cstdint>

#include "cuda/runtime/check.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"
#include "cuda/spmv/formats/csr_stream/csr_stream_kernels.cuh"

namespace graphrun::cuda::spmv {

struct CsrStreamLauncher {
  static constexpr int threads_per_block = CsrStreamPolicy::threads_per_block;

  int blocks(const DeviceContext& context, std::int64_t rows) const {
    constexpr int rows_per_block = threads_per_block / warp_lanes * CsrStreamPolicy::rows_per_warp;
    return capped_grid_blocks(context, rows, rows_per_block, CsrStreamPolicy::blocks_per_multiprocessor);
  }

  template <class Semiring, class Output>
  void launch(const DeviceContext& context, const SpmvOperands<Semiring>& operands, int blocks,
              const Output& out) const {
    const CsrView& csr = operands.csr;
    with_weighting<Semiring>(reads_weights<Semiring>(operands.args, csr), [&](auto weighted) {
      constexpr bool kWeighted = decltype(weighted)::value;
      const EntryProduct<Semiring, kWeighted, LoadPath::bypass_l1> product{csr.indices, csr.values, operands.x};
      csr_stream_kernel<Semiring, kWeighted, Output>
          <<<blocks, threads_per_block, 0, context.stream>>>(csr, product, row_mask_of(operands.args), out);
      GRAPHRUN_CUDA_CHECK_LAUNCH();
    });
  }

  std::size_t bytes() const { return 0; }
};

}  // namespace graphrun::cuda::spmv
