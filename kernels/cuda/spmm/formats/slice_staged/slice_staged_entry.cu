// slice-staged: the whole matrix and a column slice of X staged in one
// block's shared memory, one block per slice, every copy in one round
// (slice_staged_kernel.cuh); only for matrices that fit, and `auto`'s kernel
// for those without long rows. One thread walks each row, long or not.
#include <string>

#include "graphrun/error.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/spmm/dispatch/spmm_kernel.cuh"
#include "cuda/spmm/formats/slice_staged/slice_staged_kernel.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"

namespace graphrun::cuda::spmm_dispatch {
namespace {

// One block per column slice of X; refused (nothing launched) when not even
// a one-vector slice fits next to the matrix, or when a dense row has more
// vectors than the kernel's 32-bit counts take. access_width narrows V
// first, so a refusal of the first kind means that one float of X per row
// does not fit.
template <int V, bool UseWeights>
void launch_slice_staged(const CsrView& a, const float* x, float* y, std::size_t width, cudaStream_t stream) {
  using Policy = SliceStagedPolicy;
  const std::size_t vectors = width / V;
  const Policy::LaunchShape shape = Policy::launch_shape(a.num_rows, a.num_cols, a.num_entries, vectors, V);
  if (shape.slice_vectors == 0) {
    if (vectors > Policy::max_vectors)
      throw UsageError("cuda spmm: slice-staged takes at most " + std::to_string(Policy::max_vectors) +
                       " vectors per dense row, but width " + std::to_string(width) + " has " +
                       std::to_string(vectors));
    throw UsageError("cuda spmm: slice-staged needs the whole matrix in one block's shared memory (" +
                     std::to_string(Policy::max_shared_bytes) + " bytes), but " + std::to_string(a.num_rows) +
                     " rows and " + std::to_string(a.num_entries) + " entries take " +
                     std::to_string(Policy::layout(a.num_rows, a.num_cols, a.num_entries, 1).bytes) +
                     " bytes with one float of X per row");
  }
  spmm_detail::slice_staged_spmm_kernel<V, UseWeights>
      <<<shape.blocks, Policy::threads_per_block, shape.shared_bytes, stream>>>(a, x, y, width, shape);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

}  // namespace

SpmmKernelEntry slice_staged_entry() {
  return {.name = "slice-staged",
          .family = KernelFamily::graphrun,
          .summary = "the whole matrix and a slice of X staged in one block's shared memory",
          .covers_long_rows = true,
          // It stages at least one vector of X per row: narrower vectors let
          // every matrix that fits with a one-float slice run, at any width.
          .access_width = [](const SpmmCall& call, int v) {
            const CsrView& a = call.a;
            while (v > 1 && SliceStagedPolicy::slice_vectors(a.num_rows, a.num_cols, a.num_entries,
                                                             call.width / static_cast<std::size_t>(v), v) == 0)
              v /= 2;
            return v;
          },
          .run = [](const SpmmCall& call, int v) {
            with_instantiation(v, call.use_weights, [&](auto width_constant, auto weights_constant) {
              launch_slice_staged<decltype(width_constant)::value, decltype(weights_constant)::value>(
                  call.a, call.x, call.y, call.width, call.context.stream);
            });
          }};
}

}  // namespace graphrun::cuda::spmm_dispatch
