// Host side of csr-vector-K (K = 2..32 lanes per row) and csr-vector-auto.
#include <stdexcept>
#include <string>

#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/spmv/csr_row_dispatch.cuh"
#include "kernels/cuda/spmv/csr_vector_kernels.cuh"
#include "kernels/cuda/spmv/semiring_list.cuh"

namespace graphrun::cuda::spmv {
namespace {

template <class Semiring, int kLanes>
void launch_csr_vector(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
  using Policy = CsrVectorPolicy;
  const CsrView& csr = operands.csr;
  const int blocks = capped_grid_blocks(context, csr.num_rows, Policy::threads_per_block / kLanes,
                                        Policy::blocks_per_multiprocessor);
  with_weighting<Semiring>(reads_weights<Semiring>(operands.args, csr), [&](auto weighted) {
    constexpr bool kWeighted = decltype(weighted)::value;
    const EntryProduct<Semiring, kWeighted> product{csr.indices, csr.values, operands.x};
    csr_vector_kernel<Semiring, kWeighted, kLanes><<<blocks, Policy::threads_per_block, 0, context.stream>>>(
        csr, product, row_mask_of(operands.args), RowOutput<Semiring>{operands.y, operands.args.accumulate});
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  });
}

}  // namespace

template <class Semiring>
void run_csr_vector(const DeviceContext& context, const SpmvOperands<Semiring>& operands, int lanes) {
  switch (lanes) {
    case 2: return launch_csr_vector<Semiring, 2>(context, operands);
    case 4: return launch_csr_vector<Semiring, 4>(context, operands);
    case 8: return launch_csr_vector<Semiring, 8>(context, operands);
    case 16: return launch_csr_vector<Semiring, 16>(context, operands);
    case 32: return launch_csr_vector<Semiring, 32>(context, operands);
    default: throw std::logic_error("csr-vector: unsupported lanes per row " + std::to_string(lanes));
  }
}

#define GRAPHRUN_INSTANTIATE(S) template void run_csr_vector<S>(const DeviceContext&, const SpmvOperands<S>&, int);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv
