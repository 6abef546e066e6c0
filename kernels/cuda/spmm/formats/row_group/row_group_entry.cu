// row-group: a lane group per short row, several rows per warp, and a warp
// per medium row from the plan's list (row_group_kernel.cuh); `auto`'s
// kernel for narrow products on large matrices.
#include "cuda/runtime/check.cuh"
#include "cuda/spmm/dispatch/spmm_kernel.cuh"
#include "cuda/spmm/formats/row_group/row_group_kernel.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"

namespace graphrun::cuda::spmm_dispatch {
namespace {

template <int V, bool UseWeights, int P>
void launch_row_group_kernels(const CsrView& a, const MediumRowList& medium, const float* x, float* y,
                              std::size_t width, cudaStream_t stream) {
  using Policy = RowGroupPolicy;
  const int group_lanes = group_lanes_for(width / V, P);
  const std::int64_t rows_per_block =
      static_cast<std::int64_t>(Policy::warps_per_block) * (spmm_warp_size / group_lanes);
  const auto blocks =
      static_cast<unsigned>((static_cast<std::int64_t>(a.num_rows) + rows_per_block - 1) / rows_per_block);
  spmm_detail::row_group_spmm_kernel<V, UseWeights, P>
      <<<blocks, Policy::threads_per_block, 0, stream>>>(a, x, y, width, group_lanes);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  if (medium.count == 0) return;
  const auto medium_blocks =
      static_cast<unsigned>((medium.count + Policy::warps_per_block - 1) / Policy::warps_per_block);
  spmm_detail::row_group_medium_spmm_kernel<V, UseWeights, P>
      <<<medium_blocks, Policy::threads_per_block, 0, stream>>>(a, x, y, width, group_lanes, medium.rows,
                                                                 medium.count);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

template <int V, bool UseWeights>
void launch_row_group(const CsrView& a, const MediumRowList& medium, const float* x, float* y, std::size_t width,
                      cudaStream_t stream) {
  using Policy = RowGroupPolicy;
  const std::size_t vectors = width / V;
  const bool two_per_lane =
      vectors >= Policy::wide_min_vectors || (has_short_rows(a) && vectors >= Policy::short_rows_min_vectors);
  if (two_per_lane)
    launch_row_group_kernels<V, UseWeights, Policy::wide_vectors_per_lane>(a, medium, x, y, width, stream);
  else
    launch_row_group_kernels<V, UseWeights, 1>(a, medium, x, y, width, stream);
}

}  // namespace

SpmmKernelEntry row_group_entry() {
  return {.name = "row-group",
          .family = KernelFamily::graphrun,
          .summary = "a lane group per short row, a warp per medium row, blocks for long rows",
          .run = [](const SpmmCall& call, int v) {
            with_instantiation(v, call.use_weights, [&](auto width_constant, auto weights_constant) {
              launch_row_group<decltype(width_constant)::value, decltype(weights_constant)::value>(
                  call.a, call.plan.medium_rows(), call.x, call.y, call.width, call.context.stream);
            });
          }};
}

}  // namespace graphrun::cuda::spmm_dispatch
