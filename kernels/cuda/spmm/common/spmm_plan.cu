// SpmmPlan: count the medium and long rows, read the counts back, list them
// into exactly sized arrays and number the long rows' pieces.
#include <array>
#include <cub/device/device_scan.cuh>

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/spmm/common/row_lists_kernel.cuh"
#include "cuda/spmm/common/spmm_plan.cuh"

namespace graphrun::cuda {

namespace {

template <bool Fill>
void list_rows(const DeviceContext& context, const CsrView& a, spmm_detail::RowListsOut out, unsigned int* counters) {
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(counters, 0, 3 * sizeof(unsigned int), context.stream));
  const int blocks = grid_stride_blocks(context, a.num_rows);
  spmm_detail::list_rows_kernel<Fill>
      <<<blocks, GridStridePolicy::threads_per_block, 0, context.stream>>>(a, out, counters);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

}  // namespace

SpmmPlan::SpmmPlan(const DeviceContext& context, const CsrView& a) {
  // No row of a matrix with fewer entries than a medium row can be listed.
  if (a.num_rows == 0 || a.num_entries < RowGroupPolicy::shared_row_entries) return;
  DeviceVector<unsigned int> counters(context.memory, 3);
  list_rows<false>(context, a, {}, counters.data());
  std::array<unsigned int, 3> counts{};
  context.memory.copy(counts.data(), counters.data(), sizeof(counts), CopyKind::backend_to_host);
  long_count_ = counts[0];
  piece_count_ = counts[1];
  medium_count_ = counts[2];
  if (long_count_ == 0 && medium_count_ == 0) return;

  long_rows_ = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(long_count_));
  piece_counts_ = DeviceVector<std::uint32_t>(context.memory, static_cast<std::size_t>(long_count_));
  piece_begin_ = DeviceVector<std::uint32_t>(context.memory, static_cast<std::size_t>(long_count_));
  medium_rows_ = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(medium_count_));
  list_rows<true>(context, a, {long_rows_.data(), piece_counts_.data(), medium_rows_.data()}, counters.data());
  if (long_count_ == 0) return;
  const std::uint32_t* pieces = piece_counts_.data();
  std::uint32_t* begins = piece_begin_.data();
  const std::int64_t rows = long_count_;
  run_cub(context, "cub::DeviceScan::ExclusiveSum", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, pieces, begins, rows, context.stream);
  });
}

const RowPieces& SpmmPlan::pieces(const DeviceContext& context, const CsrView& a) const {
  if (!pieces_) pieces_ = std::make_unique<RowPieces>(context, a);
  return *pieces_;
}

std::size_t SpmmPlan::bytes() const {
  return (long_rows_.size() + medium_rows_.size()) * sizeof(vertex_t) +
         (piece_counts_.size() + piece_begin_.size()) * sizeof(std::uint32_t) + (pieces_ ? pieces_->bytes() : 0);
}

}  // namespace graphrun::cuda
