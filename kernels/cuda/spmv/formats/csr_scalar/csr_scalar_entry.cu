// Registry entries of csr-scalar and csr-scalar-unroll4: seed 000's
// thread-per-row kernel (TPR) over the CSR itself, plain and unrolled.
#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/dispatch/row_format.cuh"
#include "cuda/spmv/formats/csr_scalar/csr_scalar_launch.cuh"

namespace graphrun::cuda::spmv {

SpmvFormatEntry csr_scalar_entry() {
  return {.name = "csr-scalar",
          .family = FormatFamily::seed,
          .summary = "thread per row, plain loads (TPR)",
          .build = [](const FormatInputs&) { return make_row_format<CsrScalarLauncher<false>>(); }};
}

SpmvFormatEntry csr_scalar_unroll4_entry() {
  return {.name = "csr-scalar-unroll4",
          .family = FormatFamily::seed,
          .summary = "thread per row, gathers unrolled x4 through __ldg (TPR unrolled)",
          .build = [](const FormatInputs&) { return make_row_format<CsrScalarLauncher<true>>(); }};
}

}  // namespace graphrun::cuda::spmv
