// row-cache: a warp per row and column tile, the row's entries kept in
// registers and broadcast by shuffles (row_cache_kernel.cuh); `auto`'s
// kernel for wide products.
#include "cuda/runtime/check.cuh"
#include "cuda/spmm/dispatch/spmm_kernel.cuh"
#include "cuda/spmm/formats/row_cache/row_cache_kernel.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"

namespace graphrun::cuda::spmm_dispatch {
namespace {

template <int V, bool UseWeights, int P, int Unroll>
void launch_row_cache_kernel(const CsrView& a, const float* x, float* y, std::size_t width, cudaStream_t stream) {
  using Policy = RowCachePolicy;
  const auto row_blocks = static_cast<unsigned>((static_cast<std::int64_t>(a.num_rows) + Policy::warps_per_block - 1) /
                                                Policy::warps_per_block);
  constexpr std::size_t tile_vectors = static_cast<std::size_t>(P) * spmm_warp_size;
  const std::size_t tiles = (width / V + tile_vectors - 1) / tile_vectors;
  const dim3 grid(row_blocks, static_cast<unsigned>(tiles < Policy::max_grid_y ? tiles : Policy::max_grid_y));
  spmm_detail::row_cache_spmm_kernel<V, UseWeights, P, Unroll>
      <<<grid, Policy::threads_per_block, 0, stream>>>(a, x, y, width);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

template <int V, bool UseWeights>
void launch_row_cache(const CsrView& a, const float* x, float* y, std::size_t width, cudaStream_t stream) {
  using Policy = RowCachePolicy;
  if (!has_short_rows(a))
    launch_row_cache_kernel<V, UseWeights, 1, Policy::entry_unroll>(a, x, y, width, stream);
  else if (width / V >= Policy::wide_min_vectors)
    launch_row_cache_kernel<V, UseWeights, Policy::short_rows_vectors_per_lane, Policy::short_rows_entry_unroll>(
        a, x, y, width, stream);
  else
    launch_row_cache_kernel<V, UseWeights, 1, Policy::short_rows_entry_unroll>(a, x, y, width, stream);
}

}  // namespace

SpmmKernelEntry row_cache_entry() {
  return {.name = "row-cache",
          .family = KernelFamily::graphrun,
          .summary = "warp per row and column tile, the row's entries kept in registers",
          .run = [](const SpmmCall& call, int v) {
            with_instantiation(v, call.use_weights, [&](auto width_constant, auto weights_constant) {
              launch_row_cache<decltype(width_constant)::value, decltype(weights_constant)::value>(
                  call.a, call.x, call.y, call.width, call.context.stream);
            });
          }};
}

}  // namespace graphrun::cuda::spmm_dispatch
