#pragma once
// Launch of csr-scalar and csr-scalar-unroll4 (csr_scalar_kernels.cuh),
// generic in the row output (row_format.cuh). Device code: include from .cu
// files only.
#include <cstddef>
#include <cstdint>

#include "cuda/runtime/check.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"
#include "cuda/spmv/formats/csr_scalar/csr_scalar_kernels.cuh"

namespace graphrun::cuda::spmv {

// kUnrolled = false: csr-scalar, a thread per row with plain loads (the
// baseline); true: csr-scalar-unroll4, its gathers unrolled four deep
// through the read-only cache.
template <bool kUnrolled>
struct CsrScalarLauncher : ThreadPerRowGrid<CsrScalarPolicy> {
  template <class Semiring, class Output>
  void launch(const DeviceContext& context, const SpmvOperands<Semiring>& operands, int blocks,
              const Output& out) const {
    const CsrView& csr = operands.csr;
    with_weighting<Semiring>(reads_weights<Semiring>(operands.args, csr), [&](auto weighted) {
      constexpr bool kWeighted = decltype(weighted)::value;
      if constexpr (kUnrolled) {
        const EntryProduct<Semiring, kWeighted> product{csr.indices, csr.values, operands.x};
        csr_scalar_unrolled_kernel<Semiring, kWeighted, Output>
            <<<blocks, threads_per_block, 0, context.stream>>>(csr, product, row_mask_of(operands.args), out);
      } else {
        const EntryProduct<Semiring, kWeighted, LoadPath::plain> product{csr.indices, csr.values, operands.x};
        csr_scalar_kernel<Semiring, kWeighted, Output>
            <<<blocks, threads_per_block, 0, context.stream>>>(csr, product, row_mask_of(operands.args), out);
      }
      GRAPHRUN_CUDA_CHECK_LAUNCH();
    });
  }

  std::size_t bytes() const { return 0; }
};

}  // namespace graphrun::cuda::spmv
