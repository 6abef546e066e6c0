// warp-row: seed 004's SpMM, a warp per row with (column, value) chunks
// staged in shared memory and float4 accesses (warp_row_kernel.cuh).
#include "cuda/runtime/check.cuh"
#include "cuda/spmm/dispatch/spmm_kernel.cuh"
#include "cuda/spmm/formats/warp_row/warp_row_kernel.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"

namespace graphrun::cuda::spmm_dispatch {
namespace {

template <int V, bool UseWeights>
void launch_warp_row(const CsrView& a, const float* x, float* y, std::size_t width, cudaStream_t stream) {
  using Policy = WarpRowPolicy;
  const auto blocks = static_cast<unsigned>((static_cast<std::int64_t>(a.num_rows) + Policy::warps_per_block - 1) /
                                            Policy::warps_per_block);
  spmm_detail::warp_row_spmm_kernel<V, UseWeights>
      <<<blocks, Policy::threads_per_block, 0, stream>>>(a, x, y, width, group_lanes_for(width / V));
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

}  // namespace

SpmmKernelEntry warp_row_entry() {
  return {.name = "warp-row",
          .family = KernelFamily::seed,
          .summary = "warp per row, (column, value) chunks staged in shared memory, float4 (seed 004)",
          .run = [](const SpmmCall& call, int v) {
            with_instantiation(v, call.use_weights, [&](auto width_constant, auto weights_constant) {
              launch_warp_row<decltype(width_constant)::value, decltype(weights_constant)::value>(
                  call.a, call.x, call.y, call.width, call.context.stream);
            });
          }};
}

}  // namespace graphrun::cuda::spmm_dispatch
