#include "cuda/spmv/formats/hyb/hyb_format.cuh"

#include <cub/device/device_scan.cuh>

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/spmv/formats/hyb/hyb_kernels.cuh"
#include "cuda/spmv/common/row_expansion.cuh"
#include "cuda/spmv/dispatch/semiring_list.cuh"

namespace graphrun::cuda::spmv {

HybFormat::HybFormat(const CsrView& csr, std::int64_t ell_width, const DeviceContext& context)
    : ell_(csr, ell_width, context) {
  // Tail offsets: exclusive scan of the per-row overflow (temporary).
  const std::int64_t rows = csr.num_rows;
  DeviceVector<edge_t> tail_offsets(context.memory, static_cast<std::size_t>(rows) + 1);
  for_each_index(context, rows + 1, HybTailLength{csr.offsets, rows, ell_width, tail_offsets.data()});
  run_cub(context, "cub::DeviceScan::ExclusiveSum (hyb tail offsets)", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, tail_offsets.data(), rows + 1, context.stream);
  });
  GRAPHRUN_CUDA_CHECK(cudaStreamSynchronize(context.stream));  // the total is read on the host next
  const edge_t tail_count = read_scalar(context, tail_offsets.data() + rows);

  const auto count = static_cast<std::size_t>(tail_count);
  tail_rows_ = DeviceVector<vertex_t>(context.memory, count);
  tail_columns_ = DeviceVector<vertex_t>(context.memory, count);
  if (csr.values) tail_weights_ = DeviceVector<float>(context.memory, count);
  expand_row_ids(context, tail_offsets.data(), rows, tail_rows_.data(), tail_count);
  for_each_index(context, tail_count,
                 HybTailFill{csr, ell_width, tail_offsets.data(), tail_rows_.data(), tail_columns_.data(),
                             tail_weights_.data()});
  tail_ = SegmentedCoo(CooView{tail_rows_.data(), tail_columns_.data(), tail_weights_.data(), tail_count},
                       context.memory);
}

template <class Semiring>
void HybFormat::run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
  ell_.run<Semiring>(context, operands);
  // The ELL pass stored every selected row; the tail adds to the long ones.
  tail_.run<Semiring>(context, operands.x, reads_weights<Semiring>(operands.args, operands.csr),
                      row_mask_of(operands.args), RowOutput<Semiring>{operands.y, true});
}

std::size_t HybFormat::bytes() const {
  return ell_.bytes() + (tail_rows_.size() + tail_columns_.size()) * sizeof(vertex_t) +
         tail_weights_.size() * sizeof(float) + tail_.bytes();
}

#define GRAPHRUN_INSTANTIATE(S) template void HybFormat::run<S>(const DeviceContext&, const SpmvOperands<S>&);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv
