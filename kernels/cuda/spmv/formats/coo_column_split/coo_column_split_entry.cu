// Registry entry of coo-column-split: the entries split into column parts
// whose x slices each fit a share of the L2 (column_split_format.cuh).
#include <algorithm>

#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/dispatch/spmv_format.cuh"
#include "cuda/spmv/formats/coo_column_split/column_split_format.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"

namespace graphrun::cuda::spmv {

SpmvFormatEntry coo_column_split_entry() {
  return {.name = "coo-column-split",
          .family = FormatFamily::graphrun,
          .summary = "COO in column parts whose x slices fit the L2, rows combined by segmented scans",
          .build = [](const FormatInputs& in) {
            // Asked for by name it splits even where x fits the L2, so the
            // split path is always what runs.
            const int parts = std::max(ColumnSplitPolicy::min_forced_parts,
                                       column_split_parts(in.csr.num_cols, in.shape.l2_bytes));
            return make_format<ColumnSplitFormat>(in.csr, parts, in.context);
          }};
}

}  // namespace graphrun::cuda::spmv
