// Host side of csr-vector-shared-x.
#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/spmv/csr_row_dispatch.cuh"
#include "kernels/cuda/spmv/csr_vector_kernels.cuh"
#include "kernels/cuda/spmv/semiring_list.cuh"

namespace graphrun::cuda::spmv {

template <class Semiring>
void run_csr_vector_shared_x(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
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

#define GRAPHRUN_INSTANTIATE(S) \
  template void run_csr_vector_shared_x<S>(const DeviceContext&, const SpmvOperands<S>&);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv
