// Registry entries of ell (seed 003's ELLPACK: every row padded to the
// longest) and ell-compact (the same slots holding column - row in 16 bits).
#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/dispatch/row_format.cuh"
#include "cuda/spmv/formats/ell/ell_launch.cuh"

namespace graphrun::cuda::spmv {

SpmvFormatEntry ell_entry() {
  return {.name = "ell",
          .family = FormatFamily::seed,
          .summary = "ELLPACK: rows padded to the longest, thread per row over column-major slots",
          .refusal = [](const RowStats& stats) { return ell_padding_refusal(stats, "ell"); },
          .build = [](const FormatInputs& in) {
            return make_row_format<EllLauncher>(EllLauncher{{}, EllFormat(in.csr, in.stats.longest_row, in.context)});
          }};
}

SpmvFormatEntry ell_compact_entry() {
  return {.name = "ell-compact",
          .family = FormatFamily::graphrun,
          .summary = "ell with 16-bit column - row slots (|column - row| <= 32767)",
          .refusal = [](const RowStats& stats) {
            if (auto refusal = ell_padding_refusal(stats, "ell-compact")) return refusal;
            return column_offsets_refusal(stats, "ell-compact", false);
          },
          .build = [](const FormatInputs& in) {
            return make_row_format<EllLauncher>(
                EllLauncher{{}, EllFormat(in.csr, in.stats.longest_row, in.context, EllColumns::offsets)});
          }};
}

}  // namespace graphrun::cuda::spmv
