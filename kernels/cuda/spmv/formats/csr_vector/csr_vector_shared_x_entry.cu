// csr-vector-shared-x: seed 000's warp per row with the x entries of the
// row's column span staged in shared memory first (csr_vector_kernels.cuh).
#include "cuda/runtime/check.cuh"
#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/dispatch/spmv_format.cuh"
#include "cuda/spmv/formats/csr_vector/csr_vector_kernels.cuh"

namespace graphrun::cuda::spmv {

namespace {

struct CsrVectorSharedX {
  template <class Semiring>
  void run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) const;
  std::size_t bytes() const { return 0; }
};

template <class Semiring>
void CsrVectorSharedX::run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) const {
  using Policy = CsrSharedXPolicy;
  const CsrView& csr = operands.csr;
  const int blocks =
      capped_grid_blocks(context, csr.num_rows, Policy::warps_per_block, Policy::blocks_per_multiprocessor);
  with_weighting<Semiring>(reads_weights<Semiring>(operands.args, csr), [&](auto weighted) {
    constexpr bool kWeighted = decltype(weighted)::value;
    const EntryProduct<Semiring, kWeighted> product{csr.indices, csr.values, operands.x};
    csr_vector_shared_x_kernel<Semiring, kWeighted><<<blocks, Policy::threads_per_block, 0, context.stream>>>(
        csr, product, row_mask_of(operands.args), RowOutput<Semiring>{operands.y, operands.args.accumulate});
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  });
}

}  // namespace

SpmvFormatEntry csr_vector_shared_x_entry() {
  return {.name = "csr-vector-shared-x",
          .family = FormatFamily::seed,
          .summary = "warp per row, the row's x span staged in shared memory",
          .build = [](const FormatInputs&) { return make_format<CsrVectorSharedX>(); }};
}

}  // namespace graphrun::cuda::spmv
