// Host side of csr-vector-K (K = 2..32 lanes per row) and csr-vector-auto
// for SpMV (the launches are in row_launch.cuh, shared with PageRank's
// fused step).
#include "kernels/cuda/spmv/csr_row_dispatch.cuh"
#include "kernels/cuda/spmv/row_launch.cuh"
#include "kernels/cuda/spmv/semiring_list.cuh"

namespace graphrun::cuda::spmv {

template <class Semiring>
void run_csr_vector(const DeviceContext& context, const SpmvOperands<Semiring>& operands, int lanes) {
  const int blocks = csr_vector_blocks(context, operands.csr.num_rows, lanes);
  const RowOutput<Semiring> out{operands.y, operands.args.accumulate};
  with_vector_lanes(lanes, [&](auto lanes_per_row) {
    launch_csr_vector<Semiring, decltype(lanes_per_row)::value>(context, operands, blocks, out);
  });
}

#define GRAPHRUN_INSTANTIATE(S) template void run_csr_vector<S>(const DeviceContext&, const SpmvOperands<S>&, int);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv
