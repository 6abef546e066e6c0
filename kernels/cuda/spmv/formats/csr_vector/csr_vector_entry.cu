// Registry entry of csr-vector:K: seed 000's warp-per-row kernel (WPR),
// generalised to K lanes per row (K = 32 is the classic kernel).
#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/dispatch/row_format.cuh"
#include "cuda/spmv/formats/csr_vector/csr_vector_launch.cuh"

namespace graphrun::cuda::spmv {

SpmvFormatEntry csr_vector_entry() {
  return {.name = "csr-vector",
          .family = FormatFamily::seed,
          .summary = "K lanes per row with a shuffle reduction, K = 32 by default (WPR; csr-vector:K)",
          .parameter = FormatParameter::lanes,
          .build = [](const FormatInputs& inputs) {
            return make_row_format<CsrVectorLauncher>(CsrVectorLauncher{.lanes = inputs.parameter});
          }};
}

}  // namespace graphrun::cuda::spmv
