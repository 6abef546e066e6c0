// Host side of csr-scalar and csr-scalar-unroll4 for SpMV (the launches are
// in row_launch.cuh, shared with PageRank's fused step).
#include "kernels/cuda/spmv/csr_row_dispatch.cuh"
#include "kernels/cuda/spmv/row_launch.cuh"
#include "kernels/cuda/spmv/semiring_list.cuh"

namespace graphrun::cuda::spmv {

template <class Semiring>
void run_csr_scalar(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
  launch_csr_scalar<false>(context, operands, csr_scalar_blocks(context, operands.csr.num_rows),
                           RowOutput<Semiring>{operands.y, operands.args.accumulate});
}

template <class Semiring>
void run_csr_scalar_unrolled(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
  launch_csr_scalar<true>(context, operands, csr_scalar_blocks(context, operands.csr.num_rows),
                          RowOutput<Semiring>{operands.y, operands.args.accumulate});
}

#define GRAPHRUN_INSTANTIATE(S)                                                                  \
  template void run_csr_scalar<S>(const DeviceContext&, const SpmvOperands<S>&);               \
  template void run_csr_scalar_unrolled<S>(const DeviceContext&, const SpmvOperands<S>&);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv
