// Host side of csr-stream for SpMV (the launch is in row_launch.cuh, shared
// with PageRank's fused step).
#include "kernels/cuda/spmv/csr_row_dispatch.cuh"
#include "kernels/cuda/spmv/row_launch.cuh"
#include "kernels/cuda/spmv/semiring_list.cuh"

namespace graphrun::cuda::spmv {

template <class Semiring>
void run_csr_stream(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
  launch_csr_stream(context, operands, csr_stream_blocks(context, operands.csr.num_rows),
                    RowOutput<Semiring>{operands.y, operands.args.accumulate});
}

#define GRAPHRUN_INSTANTIATE(S) template void run_csr_stream<S>(const DeviceContext&, const SpmvOperands<S>&);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv
