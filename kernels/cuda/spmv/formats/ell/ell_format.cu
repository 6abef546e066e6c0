#include "cuda/spmv/formats/ell/ell_format.cuh"

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/spmv/formats/ell/ell_launch.cuh"
#include "cuda/spmv/dispatch/semiring_list.cuh"

namespace graphrun::cuda::spmv {

EllFormat::EllFormat(const CsrView& csr, std::int64_t width, const DeviceContext& context, EllColumns columns) {
  const auto slots = static_cast<std::size_t>(width) * static_cast<std::size_t>(csr.num_rows);
  if (columns == EllColumns::full)
    columns_ = DeviceVector<vertex_t>(context.memory, slots);
  else
    column_offsets_ = DeviceVector<std::int16_t>(context.memory, slots);
  if (csr.values) weights_ = DeviceVector<float>(context.memory, slots);
  view_ = EllView{.columns = columns_.data(),
                  .column_offsets = column_offsets_.data(),
                  .weights = weights_.data(),
                  .rows = csr.num_rows,
                  .width = width};
  if (slots > 0)
    for_each_index(context, csr.num_rows,
                   EllFill{csr, columns_.data(), column_offsets_.data(), weights_.data(), width});
}

template <class Semiring>
void EllFormat::run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) const {
  launch_ell(context, view_, operands, ell_blocks(context, view_.rows),
             RowOutput<Semiring>{operands.y, operands.args.accumulate});
}

#define GRAPHRUN_INSTANTIATE(S) \
  template void EllFormat::run<S>(const DeviceContext&, const SpmvOperands<S>&) const;
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv
