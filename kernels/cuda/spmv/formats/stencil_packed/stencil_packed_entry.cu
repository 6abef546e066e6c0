// stencil-packed: a thread per row over the stencil's diagonal masks in 1,
// 2 or 4 bytes and the CSR's own weights (packed_stencil_kernels.cuh,
// packed_stencil_format.cuh); `auto`'s kernel for grid-like road maps.
#include "cuda/runtime/check.cuh"
#include "cuda/spmv/common/mask_type.hpp"
#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/dispatch/row_format.cuh"
#include "cuda/spmv/formats/stencil_packed/packed_stencil_format.cuh"
#include "cuda/spmv/formats/stencil_packed/packed_stencil_kernels.cuh"

namespace graphrun::cuda::spmv {
namespace {

struct PackedStencilLauncher : ThreadPerRowGrid<PackedStencilPolicy> {
  PackedStencilFormat copy;

  template <class Semiring, class Output>
  void launch(const DeviceContext& context, const SpmvOperands<Semiring>& operands, int blocks,
              const Output& out) const {
    const PackedStencilView& packed = copy.view();
    with_weighting<Semiring>(reads_weights<Semiring>(operands.args, operands.csr), [&](auto weighted) {
      with_mask_type(packed.mask_bytes, [&](auto mask) {
        packed_stencil_kernel<Semiring, decltype(weighted)::value, decltype(mask), Output>
            <<<blocks, threads_per_block, 0, context.stream>>>(packed, operands.x, row_mask_of(operands.args), out);
        GRAPHRUN_CUDA_CHECK_LAUNCH();
      });
    });
  }

  std::size_t bytes() const { return copy.bytes(); }

  std::optional<DiagonalRows> diagonal_rows() const {
    const PackedStencilView& view = copy.view();
    return diagonal_rows_of(view.masks, view.mask_bytes, view.rows, view.diagonals, view.offsets);
  }
};

}  // namespace

SpmvFormatEntry stencil_packed_entry() {
  return {.name = "stencil-packed",
          .family = FormatFamily::graphrun,
          .summary = "thread per row over 1-4 byte diagonal masks and the CSR's weights (<= 32 diagonals)",
          .diagonal_masks = true,
          .refusal = [](const RowStats& stats) { return packed_stencil_refusal(stats); },
          .build = [](const FormatInputs& in) {
            return make_row_format<PackedStencilLauncher>(
                PackedStencilLauncher{{}, PackedStencilFormat(in.csr, in.stats.diagonals.value(), in.context)});
          }};
}

}  // namespace graphrun::cuda::spmv
