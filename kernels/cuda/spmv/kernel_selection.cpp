#include "kernels/cuda/spmv/kernel_selection.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <sstream>
#include <vector>

#include "graphrun/error.hpp"
#include "kernels/cuda/spmv/spmv_policies.cuh"

namespace graphrun::cuda::spmv {

// The "auto" rule, from the H100 runs in bench/results (docs/performance.md
// has the numbers). Regular graphs are bound by memory bandwidth, power-law
// graphs by load balance and the gather of x, so:
//   1. no stored entries            -> csr-scalar (only identity writes remain);
//   2. skewed row lengths (see AutoPolicy):
//      many rows (thread-per-row would fill the GPU), or at least
//        AutoPolicy::hub_split_min_steps_per_multiprocessor merge steps a
//        multiprocessor (rows + entries) -> csr-merge: every
//        block gets the same number of merge steps, so one huge row cannot
//        stall a warp, and its staged tiles read the matrix once with
//        coalesced loads (kron-s20 0.297 ms vs coo-segmented 0.335, which
//        also reads a row index per entry); when the columns are random
//        (span above AutoPolicy::local_max_span):
//        - csr-hub-split on a graph of AutoPolicy::hub_split_min_steps_per_
//          multiprocessor merge steps: the entries on the most-gathered
//          columns are summed with their x from shared memory and gather
//          nothing from L2, which bounds csr-merge and cuSPARSE there, and
//          where x is beyond the L2 share the others gather from a compact
//          copy of their x, the most-gathered first, so it pays whether the
//          gathers spread over x or crowd into its first columns
//          (kron-s20 0.202 ms vs csr-merge-hub 0.255, csr-merge 0.297,
//          cuSPARSE 0.262; kron-s24 3.72 vs csr-merge 6.84, cuSPARSE 6.26;
//          kron-s24 degree-sorted 3.58 vs csr-merge 4.40, cuSPARSE 3.93);
//        - with fewer steps, coo-column-split when x is beyond the L2
//          share and the gathers spread over it (they do not crowd into a
//          part of it that fits: hot_column_fraction), so each part gathers
//          from a slice of x that fits; csr-merge otherwise;
//      few rows and fewer merge steps than that bound -> csr-vector (32
//        lanes): the graph is small, a warp per row keeps every SM busy
//        (email-Enron 0.014 ms vs csr-merge 0.026); with more steps the
//        rules above hold whatever the row count (kron-s18, 262144 rows and
//        7.6 M entries: csr-hub-split 0.064 ms vs csr-vector 0.150,
//        cuSPARSE 0.064);
//   3. short regular rows on a graph that fills the GPU (mean <=
//      AutoPolicy::scalar_max_mean, or random_scalar_max_mean when the
//      columns are random) -> csr-compact when its 8-bit lengths and 16-bit
//      column offsets hold the graph (ids that follow the geometry, as on
//      road maps: road-s22 0.057 ms vs csr-scalar 0.074, reading 112 MB
//      instead of 164), csr-scalar otherwise; stencil-packed before both
//      when the entries lie on at most 32 diagonals and a row's mask (1, 2
//      or 4 bytes) is smaller than csr-compact's length and column offsets
//      (1 + 2 x mean bytes): road-s22's 6 diagonals, a byte a row instead of
//      6.8 (0.050 ms vs csr-compact 0.056, cuSPARSE 0.079);
//   4. rows of nearly one length on a graph that fills the GPU (padding to
//      the longest row costs at most AutoPolicy::ell_max_slots_per_entry
//      slots per entry) -> ell: one thread per row streams column-major
//      slots, coalesced (mesh-s20 0.089 ms, 86 % of copy, vs csr-vector-4
//      0.094); its copy of the matrix is the price; ell-compact when every
//      column lies within 16-bit offsets of its row (6 bytes a slot, not 8);
//      stencil before both when the entries lie on at most 32 diagonals
//      and a slot per diagonal and row also costs at most
//      ell_max_slots_per_entry slots per entry: a 4-byte mask per row
//      instead of a column per slot (mesh-s20's 27-point rows: 0.058 ms
//      vs ell-compact 0.075, cuSPARSE 0.100; 0.040 ms with the symmetric
//      weights mirrored, half the slots);
//   5. random columns (mean span above AutoPolicy::local_max_span) on a
//      graph that fills the GPU -> csr-stream: x is gathered from L2 at
//      random, so SpMV is bound by L2 throughput, and streaming each warp's
//      32 rows as one run reads every matrix sector once (uniform-s20 0.152
//      ms vs csr-vector-8 0.168, cuSPARSE 0.155; uniform-s22 0.586 vs 0.700,
//      cuSPARSE 0.588; uniform-s21 with 4 entries per row 0.092 vs
//      csr-scalar 0.096); on the grid-like road-s22 (mean 2.9, caught by 3)
//      and on banded rows it loses to csr-scalar / csr-vector / ell;
//   6. otherwise                     -> csr-vector-K, K = vector_lanes_for.
SpmvKernel auto_kernel(const RowStats& stats, const DeviceShape& device) {
  const int multiprocessors = device.multiprocessors;
  if (stats.num_entries == 0 || stats.num_rows == 0) return SpmvKernel::csr_scalar;
  const double longest = static_cast<double>(stats.longest_row);
  const bool skewed = stats.longest_row >= AutoPolicy::skew_min_longest_row &&
                      (longest > AutoPolicy::skew_max_over_mean * stats.mean_row ||
                       stats.stddev_row > AutoPolicy::skew_stddev_over_mean * stats.mean_row);
  const int fill = lanes_to_fill(stats, multiprocessors);
  if (skewed) {
    const double steps = static_cast<double>(stats.num_rows) + static_cast<double>(stats.num_entries);
    const bool many_steps =
        steps >= AutoPolicy::hub_split_min_steps_per_multiprocessor * static_cast<double>(multiprocessors);
    if (fill > 1 && !many_steps) return SpmvKernel::csr_vector;
    if (stats.mean_span <= AutoPolicy::local_max_span) return SpmvKernel::csr_merge;
    if (many_steps) return SpmvKernel::csr_hub_split;
    const bool spread_beyond_l2 =
        x_beyond_l2_share(stats.num_cols, device.l2_bytes) &&
        hot_column_fraction(stats, ColumnSplitPolicy::l2_share * device.l2_bytes) < AutoPolicy::split_max_hot_fraction;
    return spread_beyond_l2 ? SpmvKernel::coo_column_split : SpmvKernel::csr_merge;
  }
  const bool random_columns = stats.mean_span > AutoPolicy::local_max_span;
  const double scalar_max_mean = random_columns ? AutoPolicy::random_scalar_max_mean : AutoPolicy::scalar_max_mean;
  if (fill == 1 && stats.mean_row <= scalar_max_mean) {
    if (packed_stencil_fits(stats) &&
        packed_mask_bytes(static_cast<int>(stats.diagonals->size())) < 1.0 + 2.0 * stats.mean_row)
      return SpmvKernel::stencil_packed;
    return compact_fits(stats) ? SpmvKernel::csr_compact : SpmvKernel::csr_scalar;
  }
  const double ell_slots = longest * static_cast<double>(stats.num_rows);
  if (fill == 1 && ell_slots <= AutoPolicy::ell_max_slots_per_entry * static_cast<double>(stats.num_entries)) {
    if (stencil_fits(stats, AutoPolicy::ell_max_slots_per_entry)) return SpmvKernel::stencil;
    return column_offsets_fit(stats) ? SpmvKernel::ell_compact : SpmvKernel::ell;
  }
  if (fill == 1 && random_columns) return SpmvKernel::csr_stream;
  return vector_kernel_with_lanes(vector_lanes_for(stats, multiprocessors));
}

int lanes_to_fill(const RowStats& stats, int multiprocessors) {
  const double resident = static_cast<double>(multiprocessors) * AutoPolicy::resident_threads_per_multiprocessor;
  int lanes = 1;
  while (lanes < CsrVectorPolicy::max_lanes && static_cast<double>(stats.num_rows) * lanes < resident) lanes *= 2;
  return lanes;
}

int vector_lanes_for(const RowStats& stats, int multiprocessors) {
  const double entries_per_lane = stats.mean_span <= AutoPolicy::local_max_span ? AutoPolicy::local_entries_per_lane
                                                                               : AutoPolicy::random_entries_per_lane;
  int lanes = CsrVectorPolicy::min_lanes;
  while (lanes < CsrVectorPolicy::max_lanes && static_cast<double>(lanes) * entries_per_lane < stats.mean_row)
    lanes *= 2;
  return std::max(lanes, lanes_to_fill(stats, multiprocessors));
}

double hot_column_fraction(const RowStats& stats, double slice_bytes) {
  const auto bins = static_cast<std::int64_t>(stats.column_histogram.size());
  if (bins == 0 || stats.num_entries == 0 || stats.num_cols == 0) return 0.0;
  // Bin b holds columns [b * num_cols / bins, (b + 1) * num_cols / bins).
  const double bin_bytes = static_cast<double>(stats.num_cols) / static_cast<double>(bins) *
                           static_cast<double>(ColumnSplitPolicy::x_value_bytes);
  const auto fitting = static_cast<std::size_t>(std::clamp<double>(std::floor(slice_bytes / bin_bytes), 0.0,
                                                                   static_cast<double>(bins)));
  std::vector<std::int64_t> densest = stats.column_histogram;
  std::partial_sort(densest.begin(), densest.begin() + static_cast<std::ptrdiff_t>(fitting), densest.end(),
                    std::greater<>());
  const std::int64_t hot = std::accumulate(densest.begin(), densest.begin() + static_cast<std::ptrdiff_t>(fitting),
                                           std::int64_t{0});
  return static_cast<double>(hot) / static_cast<double>(stats.num_entries);
}

int column_split_parts(std::int64_t num_cols, std::int64_t l2_bytes) {
  using Policy = ColumnSplitPolicy;
  const double slice_bytes = Policy::l2_share * static_cast<double>(l2_bytes);
  const double x_bytes = static_cast<double>(num_cols) * static_cast<double>(Policy::x_value_bytes);
  if (slice_bytes <= 0.0 || x_bytes <= slice_bytes) return 1;
  return static_cast<int>(std::min<double>(std::ceil(x_bytes / slice_bytes), Policy::max_parts));
}

bool x_beyond_l2_share(std::int64_t num_cols, std::int64_t l2_bytes) {
  return column_split_parts(num_cols, l2_bytes) > 1;
}

void require_ell_padding_bounded(const RowStats& stats, SpmvKernel kernel) {
  const double slots = static_cast<double>(stats.longest_row) * static_cast<double>(stats.num_rows);
  const double limit = static_cast<double>(EllPolicy::max_slots_per_entry) * static_cast<double>(stats.num_entries);
  if (slots <= limit) return;
  std::ostringstream message;
  message << "SpMV kernel '" << name_of(kernel) << "' refused for this graph: its longest row has " << stats.longest_row
          << " entries, so padding all " << stats.num_rows << " rows to it needs " << static_cast<long long>(slots)
          << " slots, " << (stats.num_entries ? slots / static_cast<double>(stats.num_entries) : slots)
          << "x the " << stats.num_entries << " stored entries (limit " << EllPolicy::max_slots_per_entry
          << "x); use --spmv-kernel hyb (ELL part of bounded width plus a COO tail for long rows) or auto";
  throw UsageError(message.str());
}

bool stencil_fits(const RowStats& stats, double max_slots_per_entry) {
  if (!stats.diagonals) return false;
  const double slots = static_cast<double>(stats.diagonals->size()) * static_cast<double>(stats.num_rows);
  return slots <= max_slots_per_entry * static_cast<double>(stats.num_entries);
}

namespace {

std::string too_many_diagonals(SpmvKernel kernel) {
  return "SpMV kernel '" + name_of(kernel) + "' refused for this graph: its entries lie on more than " +
         std::to_string(DiagonalPolicy::max_diagonals) + " diagonals (column - row values)";
}

}  // namespace

bool forced_stencil_fits(const RowStats& stats) {
  return stencil_fits(stats, static_cast<double>(StencilPolicy::max_slots_per_entry));
}

void require_stencil_fits(const RowStats& stats) {
  if (forced_stencil_fits(stats)) return;
  std::ostringstream message;
  if (!stats.diagonals)
    message << too_many_diagonals(SpmvKernel::stencil);
  else
    message << "SpMV kernel 'stencil' refused for this graph: a slot on each of its " << stats.diagonals->size()
            << " diagonals for all " << stats.num_rows << " rows is more than " << StencilPolicy::max_slots_per_entry
            << "x the " << stats.num_entries << " stored entries";
  message << "; use ell-compact, ell or auto";
  throw UsageError(message.str());
}

bool packed_stencil_fits(const RowStats& stats) { return stats.diagonals.has_value(); }

void require_packed_stencil_fits(const RowStats& stats) {
  if (!packed_stencil_fits(stats))
    throw UsageError(too_many_diagonals(SpmvKernel::stencil_packed) + "; use csr-compact, csr-scalar or auto");
}

int packed_mask_bytes(int diagonals) { return diagonals <= 8 ? 1 : diagonals <= 16 ? 2 : 4; }

bool column_offsets_fit(const RowStats& stats) { return stats.longest_reach <= CompactPolicy::longest_reach; }

bool compact_fits(const RowStats& stats) {
  return stats.longest_row <= CompactPolicy::longest_row && column_offsets_fit(stats);
}

void require_column_offsets_fit(const RowStats& stats, SpmvKernel kernel) {
  const bool long_row = kernel == SpmvKernel::csr_compact && stats.longest_row > CompactPolicy::longest_row;
  if (!long_row && column_offsets_fit(stats)) return;
  std::ostringstream message;
  message << "SpMV kernel '" << name_of(kernel) << "' refused for this graph: ";
  if (long_row)
    message << "its longest row has " << stats.longest_row << " entries (8-bit lengths hold at most "
            << CompactPolicy::longest_row << ")";
  else
    message << "an entry's column lies " << stats.longest_reach << " columns from its row (16-bit offsets hold at most "
            << CompactPolicy::longest_reach << ")";
  message << "; use " << (kernel == SpmvKernel::csr_compact ? "csr-scalar" : "ell") << " or auto";
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
