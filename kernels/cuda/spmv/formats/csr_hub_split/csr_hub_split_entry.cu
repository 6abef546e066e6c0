// Registry entry of csr-hub-split: the entries on the most-gathered columns
// as 16-bit slots summed with their x in shared memory, the rest by
// csr-merge (hub_split_format.cuh).
#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/dispatch/spmv_format.cuh"
#include "cuda/spmv/formats/csr_hub_split/hub_split_format.cuh"

namespace graphrun::cuda::spmv {

SpmvFormatEntry csr_hub_split_entry() {
  return {.name = "csr-hub-split",
          .family = FormatFamily::graphrun,
          .summary = "hub columns' entries summed from shared memory, the rest by csr-merge beside them",
          .refusal = [](const RowStats& stats) { return hub_split_refusal(stats.num_cols); },
          .build = [](const FormatInputs& in) {
            return make_format<HubSplitFormat>(in.csr, in.transpose_offsets,
                                               x_beyond_l2_share(in.csr.num_cols, in.shape.l2_bytes), in.context);
          }};
}

}  // namespace graphrun::cuda::spmv
