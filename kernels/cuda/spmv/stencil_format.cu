#include "kernels/cuda/spmv/stencil_format.cuh"

#include <algorithm>
#include <string>

#include "graphrun/error.hpp"
#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/runtime/launch.cuh"
#include "kernels/cuda/spmv/row_launch.cuh"
#include "kernels/cuda/spmv/semiring_list.cuh"

namespace graphrun::cuda::spmv {

void take_diagonals(const char* format, const std::vector<std::int32_t>& diagonals, int& count,
                    std::int32_t (&offsets)[StencilView::max_diagonals]) {
  if (diagonals.size() > static_cast<std::size_t>(DiagonalPolicy::max_diagonals))
    throw UsageError(std::string(format) + " SpMV format: " + std::to_string(diagonals.size()) +
                     " diagonals (at most " + std::to_string(DiagonalPolicy::max_diagonals) + ")");
  count = static_cast<int>(diagonals.size());
  std::copy(diagonals.begin(), diagonals.end(), offsets);
}

StencilFormat::StencilFormat(const CsrView& csr, const std::vector<std::int32_t>& diagonals,
                             const DeviceContext& context)
    : masks_(context.memory, static_cast<std::size_t>(csr.num_rows)) {
  take_diagonals("stencil", diagonals, view_.diagonals, view_.offsets);
  const auto slots = diagonals.size() * static_cast<std::size_t>(csr.num_rows);
  if (csr.values && slots > 0) {
    weights_ = DeviceVector<float>(context.memory, slots);
    GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(weights_.data(), 0, slots * sizeof(float), context.stream));
  }
  view_.masks = masks_.data();
  view_.weights = weights_.data();
  view_.rows = csr.num_rows;
  if (csr.num_rows > 0) for_each_index(context, csr.num_rows, StencilFill{csr, view_, masks_.data(), weights_.data()});
}

template <class Semiring>
void StencilFormat::run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) const {
  launch_stencil(context, view_, operands, stencil_blocks(context, view_.rows),
                 RowOutput<Semiring>{operands.y, operands.args.accumulate});
}

#define GRAPHRUN_INSTANTIATE(S) \
  template void StencilFormat::run<S>(const DeviceContext&, const SpmvOperands<S>&) const;
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv
