#include "kernels/cuda/spmv/ell_format.cuh"

#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/runtime/launch.cuh"
#include "kernels/cuda/spmv/semiring_list.cuh"

namespace graphrun::cuda::spmv {

EllFormat::EllFormat(const CsrView& csr, std::int64_t width, const DeviceContext& context) {
  const auto slots = static_cast<std::size_t>(width) * static_cast<std::size_t>(csr.num_rows);
  columns_ = DeviceVector<vertex_t>(context.memory, slots);
  if (csr.values) weights_ = DeviceVector<float>(context.memory, slots);
  view_ = EllView{columns_.data(), weights_.data(), csr.num_rows, width};
  if (slots > 0) for_each_index(context, csr.num_rows, EllFill{csr, columns_.data(), weights_.data(), width});
}

template <class Semiring>
void EllFormat::run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) const {
  using Policy = EllPolicy;
  const int blocks =
      capped_grid_blocks(context, view_.rows, Policy::threads_per_block, Policy::blocks_per_multiprocessor);
  with_weighting<Semiring>(reads_weights<Semiring>(operands.args, operands.csr), [&](auto weighted) {
    constexpr bool kWeighted = decltype(weighted)::value;
    ell_kernel<Semiring, kWeighted><<<blocks, Policy::threads_per_block, 0, context.stream>>>(
        view_, operands.x, row_mask_of(operands.args), RowOutput<Semiring>{operands.y, operands.args.accumulate});
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  });
}

#define GRAPHRUN_INSTANTIATE(S) \
  template void EllFormat::run<S>(const DeviceContext&, const SpmvOperands<S>&) const;
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv
