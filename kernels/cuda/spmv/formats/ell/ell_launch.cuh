#pragma once
// Launch of ell and ell-compact (ell_kernels.cuh): a thread per row over the
// ELL copy's column-major slots; generic in the row output (row_format.cuh).
// Device code: include from .cu files only.
#include <cstddef>
#include <cstdint>

#include "cuda/runtime/check.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"
#include "cuda/spmv/formats/ell/ell_format.cuh"
#include "cuda/spmv/formats/ell/ell_kernels.cuh"

namespace graphrun::cuda::spmv {

inline int ell_blocks(const DeviceContext& context, std::int64_t rows) {
  return ThreadPerRowGrid<EllPolicy>{}.blocks(context, rows);
}

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

// ell or ell-compact over the copy it owns.
struct EllLauncher : ThreadPerRowGrid<EllPolicy> {
  EllFormat copy;

  template <class Semiring, class Output>
  void launch(const DeviceContext& context, const SpmvOperands<Semiring>& operands, int blocks,
              const Output& out) const {
    launch_ell(context, copy.view(), operands, blocks, out);
  }

  std::size_t bytes() const { return copy.bytes(); }
};

}  // namespace graphrun::cuda::spmv
