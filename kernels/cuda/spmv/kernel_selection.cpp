#include "kernels/cuda/spmv/kernel_selection.hpp"

#include <sstream>

#include "graphrun/error.hpp"
#include "kernels/cuda/spmv/spmv_policies.cuh"

namespace graphrun::cuda::spmv {

// The "auto" rule. Regular graphs are bound by memory bandwidth, power-law
// graphs by load balance and the gather of x, so:
//   1. no stored entries            -> csr-scalar (only identity writes remain);
//   2. skewed row lengths: longest row >= AutoPolicy::skew_min_longest_row and
//      (longest > skew_max_over_mean x mean or stddev > skew_stddev_over_mean x mean)
//                                    -> csr-merge: every block gets the same
//      number of rows + entries, so one huge row cannot stall a warp;
//   3. short regular rows (mean <= AutoPolicy::scalar_max_mean)
//                                    -> csr-scalar: one thread streams each
//      row (2.89 TB/s measured on a tridiagonal matrix, H100);
//   4. otherwise                     -> csr-vector-K with K = vector_lanes_for:
//      longer regular rows keep K lanes busy with coalesced loads.
SpmvKernel auto_kernel(const RowStats& stats) {
  if (stats.num_entries == 0 || stats.num_rows == 0) return SpmvKernel::csr_scalar;
  const double longest = static_cast<double>(stats.longest_row);
  const bool skewed = stats.longest_row >= AutoPolicy::skew_min_longest_row &&
                      (longest > AutoPolicy::skew_max_over_mean * stats.mean_row ||
                       stats.stddev_row > AutoPolicy::skew_stddev_over_mean * stats.mean_row);
  if (skewed) return SpmvKernel::csr_merge;
  if (stats.mean_row <= AutoPolicy::scalar_max_mean) return SpmvKernel::csr_scalar;
  return vector_kernel_with_lanes(vector_lanes_for(stats));
}

int vector_lanes_for(const RowStats& stats) {
  int lanes = CsrVectorPolicy::min_lanes;
  while (lanes < CsrVectorPolicy::max_lanes && static_cast<double>(lanes) < stats.mean_row) lanes *= 2;
  return lanes;
}

void require_ell_padding_bounded(const RowStats& stats) {
  const double slots = static_cast<double>(stats.longest_row) * static_cast<double>(stats.num_rows);
  const double limit = static_cast<double>(EllPolicy::max_slots_per_entry) * static_cast<double>(stats.num_entries);
  if (slots <= limit) return;
  std::ostringstream message;
  message << "SpMV kernel 'ell' refused for this graph: its longest row has " << stats.longest_row
          << " entries, so padding all " << stats.num_rows << " rows to it needs " << static_cast<long long>(slots)
          << " slots, " << (stats.num_entries ? slots / static_cast<double>(stats.num_entries) : slots)
          << "x the " << stats.num_entries << " stored entries (limit " << EllPolicy::max_slots_per_entry
          << "x); use --spmv-kernel hyb (ELL part of bounded width plus a COO tail for long rows) or auto";
  throw UsageError(message.str());
}

std::int64_t hyb_ell_width(const RowStats& stats) {
  // Largest w such that at least 1/denominator of the rows have >= w entries.
  const std::int64_t needed_rows =
      (stats.num_rows + HybPolicy::ell_row_fraction_denominator - 1) / HybPolicy::ell_row_fraction_denominator;
  std::int64_t width = 0;
  std::int64_t rows_at_least = 0;  // rows with >= w entries, counted down from the last bin
  for (auto w = static_cast<std::int64_t>(stats.length_histogram.size()) - 1; w > 0; --w) {
    rows_at_least += stats.length_histogram[static_cast<std::size_t>(w)];
    if (rows_at_least >= needed_rows) {
      width = w;
      break;
    }
  }
  // The last bin gathers every longer row: never pad beyond the longest row.
  return width < stats.longest_row ? width : stats.longest_row;
}

}  // namespace graphrun::cuda::spmv
