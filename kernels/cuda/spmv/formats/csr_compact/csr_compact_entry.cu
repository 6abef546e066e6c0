// csr-compact: a thread per row over 8-bit row lengths and 16-bit column
// offsets (compact_kernels.cuh, compact_format.cuh); `auto`'s kernel for
// short rows whose columns follow the row ids, as on road maps.
#include "cuda/runtime/check.cuh"
#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/dispatch/row_format.cuh"
#include "cuda/spmv/formats/csr_compact/compact_format.cuh"
#include "cuda/spmv/formats/csr_compact/compact_kernels.cuh"

namespace graphrun::cuda::spmv {
namespace {

struct CompactLauncher : ThreadPerRowGrid<CompactPolicy> {
  CompactFormat copy;

  template <class Semiring, class Output>
  void launch(const DeviceContext& context, const SpmvOperands<Semiring>& operands, int blocks,
              const Output& out) const {
    with_weighting<Semiring>(reads_weights<Semiring>(operands.args, operands.csr), [&](auto weighted) {
      compact_kernel<Semiring, decltype(weighted)::value, Output>
          <<<blocks, threads_per_block, 0, context.stream>>>(copy.view(), operands.x, row_mask_of(operands.args), out);
      GRAPHRUN_CUDA_CHECK_LAUNCH();
    });
  }

  std::size_t bytes() const { return copy.bytes(); }
};

}  // namespace

SpmvFormatEntry csr_compact_entry() {
  return {.name = "csr-compact",
          .family = FormatFamily::graphrun,
          .summary = "thread per row over 8-bit lengths and 16-bit column - row offsets",
          .refusal = [](const RowStats& stats) { return column_offsets_refusal(stats, "csr-compact", true); },
          .build = [](const FormatInputs& in) {
            return make_row_format<CompactLauncher>(CompactLauncher{{}, CompactFormat(in.csr, in.context)});
          }};
}

}  // namespace graphrun::cuda::spmv
