// stencil: a thread per row over a 32-bit mask of the diagonals (column -
// row) the row has and weights stored diagonal by diagonal
// (stencil_kernels.cuh, stencil_format.cuh); `auto`'s kernel for meshes.
#include "cuda/runtime/check.cuh"
#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/dispatch/row_format.cuh"
#include "cuda/spmv/formats/stencil/stencil_format.cuh"
#include "cuda/spmv/formats/stencil/stencil_kernels.cuh"

namespace graphrun::cuda::spmv {
namespace {

struct StencilLauncher : ThreadPerRowGrid<StencilPolicy> {
  StencilFormat copy;

  template <class Semiring, class Output>
  void launch(const DeviceContext& context, const SpmvOperands<Semiring>& operands, int blocks,
              const Output& out) const {
    const StencilView& stencil = copy.view();
    with_weighting<Semiring>(reads_weights<Semiring>(operands.args, operands.csr), [&](auto weighted) {
      stencil_kernel<Semiring, decltype(weighted)::value, Output><<<blocks, threads_per_block, 0, context.stream>>>(
          stencil, stencil_distances<typename Semiring::value_type>(stencil), operands.x,
          row_mask_of(operands.args), out);
      GRAPHRUN_CUDA_CHECK_LAUNCH();
    });
  }

  std::size_t bytes() const { return copy.bytes(); }

  std::optional<DiagonalRows> diagonal_rows() const {
    const StencilView& view = copy.view();
    return diagonal_rows_of(view.masks, sizeof(std::uint32_t), view.rows, view.diagonals, view.offsets);
  }
};

}  // namespace

SpmvFormatEntry stencil_entry() {
  return {.name = "stencil",
          .family = FormatFamily::graphrun,
          .summary = "thread per row over a 32-bit diagonal mask, weights by diagonal (<= 32 diagonals)",
          .diagonal_masks = true,
          .refusal = [](const RowStats& stats) { return stencil_refusal(stats); },
          .build = [](const FormatInputs& in) {
            return make_row_format<StencilLauncher>(
                StencilLauncher{{}, StencilFormat(in.csr, in.stats.diagonals.value(), in.context)});
          }};
}

}  // namespace graphrun::cuda::spmv
