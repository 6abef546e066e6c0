// Registry entry of hyb (seed 003's HYB): an ELL part of bounded width plus
// a COO tail for the longer rows (hyb_format.cuh).
#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/dispatch/spmv_format.cuh"
#include "cuda/spmv/formats/hyb/hyb_format.cuh"

namespace graphrun::cuda::spmv {

SpmvFormatEntry hyb_entry() {
  return {.name = "hyb",
          .family = FormatFamily::seed,
          .summary = "HYB: ELL part of bounded width plus a COO tail for long rows",
          .build = [](const FormatInputs& in) {
            return make_format<HybFormat>(in.csr, hyb_ell_width(in.stats), in.context);
          }};
}

}  // namespace graphrun::cuda::spmv
