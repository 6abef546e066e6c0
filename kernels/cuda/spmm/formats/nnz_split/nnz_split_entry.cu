// nnz-split: every row cut into pieces of at most NnzSplitPolicy::
// piece_entries entries, a lane group per piece, one launch; rows spanning
// warps finished by the last warp to arrive (nnz_split_kernel.cuh). Its
// pieces cover the long rows too.
#include "cuda/runtime/check.cuh"
#include "cuda/spmm/dispatch/spmm_kernel.cuh"
#include "cuda/spmm/formats/nnz_split/nnz_split_kernel.cuh"
#include "cuda/spmm/formats/nnz_split/row_pieces.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"

namespace graphrun::cuda::spmm_dispatch {
namespace {

// One launch over every piece of the plan's RowPieces; two span slots per warp.
template <int V, bool UseWeights, int P>
void launch_nnz_split_kernel(const DeviceContext& context, const RowPieces& pieces, const CsrView& a,
                             const float* x, float* y, std::size_t width) {
  using Policy = NnzSplitPolicy;
  const int group_lanes = group_lanes_for(width / V, P);
  const RowPieceList list = pieces.list();
  const std::int64_t pieces_per_warp = spmm_warp_size / group_lanes;
  const std::int64_t warps = (list.pieces + pieces_per_warp - 1) / pieces_per_warp;
  float* slots = pieces.span_slots(context, static_cast<std::size_t>(warps) * 2 * width);
  const auto blocks = static_cast<unsigned>((warps + Policy::warps_per_block - 1) / Policy::warps_per_block);
  // Two vectors per lane start at wide_min_vectors, whose groups already
  // span a piece's lanes; only one vector per lane has narrower groups.
  static_assert(Policy::wide_min_vectors / Policy::wide_vectors_per_lane >= Policy::piece_entries,
                "two vectors per lane must come with groups of at least a piece's lanes");
  if (P > 1 || group_lanes >= Policy::piece_entries) {
    spmm_detail::nnz_split_shuffled_kernel<V, UseWeights, P>
        <<<blocks, Policy::threads_per_block, 0, context.stream>>>(a, x, y, width, group_lanes, list, warps, slots);
  } else if constexpr (P == 1) {
    spmm_detail::nnz_split_columns_first_kernel<V, UseWeights>
        <<<blocks, Policy::threads_per_block, 0, context.stream>>>(a, x, y, width, group_lanes, list, warps, slots);
  }
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

template <int V, bool UseWeights>
void launch_nnz_split(const DeviceContext& context, const RowPieces& pieces, const CsrView& a, const float* x,
                      float* y, std::size_t width) {
  using Policy = NnzSplitPolicy;
  const std::size_t vectors = width / V;
  if (vectors >= Policy::wide_min_vectors)
    launch_nnz_split_kernel<V, UseWeights, Policy::wide_vectors_per_lane>(context, pieces, a, x, y, width);
  else
    launch_nnz_split_kernel<V, UseWeights, 1>(context, pieces, a, x, y, width);
}

}  // namespace

SpmmKernelEntry nnz_split_entry() {
  return {.name = "nnz-split",
          .family = KernelFamily::graphrun,
          .summary = "rows cut into pieces of at most 16 entries, a lane group per piece",
          .covers_long_rows = true,
          .run = [](const SpmmCall& call, int v) {
            const RowPieces& pieces = call.plan.pieces(call.context, call.a);
            with_instantiation(v, call.use_weights, [&](auto width_constant, auto weights_constant) {
              launch_nnz_split<decltype(width_constant)::value, decltype(weights_constant)::value>(
                  call.context, pieces, call.a, call.x, call.y, call.width);
            });
          }};
}

}  // namespace graphrun::cuda::spmm_dispatch
