// Registry entry of csr-stream: `auto`'s kernel for short rows with random
// columns on a graph that fills the GPU.
#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/dispatch/row_format.cuh"
#include "cuda/spmv/formats/csr_stream/csr_stream_launch.cuh"

namespace graphrun::cuda::spmv {

SpmvFormatEntry csr_stream_entry() {
  return {.name = "csr-stream",
          .family = FormatFamily::graphrun,
          .summary = "warp per 32 rows, their entries streamed in aligned windows",
          .build = [](const FormatInputs&) { return make_row_format<CsrStreamLauncher>(); }};
}

}  // namespace graphrun::cuda::spmv
