#include "cuda/spmv/selection/auto_rule.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <sstream>
#include <vector>

#include "cuda/spmv/tuning/spmv_policies.cuh"

namespace graphrun::cuda::spmv {

// The "auto" rule. Regular graphs are bound by memory bandwidth, power-law
// graphs by load balance and the gather of x (docs/decisions/ has the runs
// behind each step):
//   1. no stored entries -> csr-scalar: only identity writes remain.
//   2. skewed row lengths (AutoPolicy's skew bounds):
//      - few rows and fewer than hub_split_min_steps_per_multiprocessor merge
//        steps (rows + entries) a multiprocessor -> csr-vector: a warp per
//        row keeps every SM busy on a small graph;
//      - local columns (mean span <= local_max_span) -> csr-merge: every
//        block gets the same number of merge steps, so no row stalls a warp;
//      - random columns with many merge steps -> csr-hub-split: the entries
//        on the most-gathered columns are summed from shared memory and
//        never reach the L2, which bounds csr-merge there; csr-merge (the
//        kernel of hub-split's rest part) where the graph has more columns
//        than csr-hub-split holds (hub_split_fits);
//      - random columns, fewer steps -> coo-column-split when x is beyond
//        the L2 share and the gathers spread over it, csr-merge otherwise.
//   3. short rows on a graph that fills the GPU (mean <= scalar_max_mean,
//      random_scalar_max_mean for random columns) -> the smallest thread-
//      per-row structure that holds the graph: stencil-packed when the
//      entries lie on few diagonals and a row's mask is smaller than
//      csr-compact's length and offsets, csr-compact when 8-bit lengths and
//      16-bit offsets hold it, csr-scalar otherwise.
//   4. rows of nearly one length on a graph that fills the GPU (padding to
//      the longest row costs at most ell_max_slots_per_entry slots an
//      entry) -> stencil when a slot per diagonal and row is as cheap, else
//      ell-compact when 16-bit offsets hold the columns, else ell.
//   5. random columns on a graph that fills the GPU -> csr-stream: each
//      warp streams its 32 rows as one run, reading every matrix sector once
//      while the gathers of x go to the L2 at random.
//   6. otherwise -> csr-vector:K, K = vector_lanes_for.
// A choice the format refuses (its registry entry's refusal) cannot come
// out of this rule: each branch checks the bound its format needs.
KernelChoice auto_kernel(const RowStats& stats, const DeviceShape& device) {
  const int multiprocessors = device.multiprocessors;
  if (stats.num_entries == 0 || stats.num_rows == 0) return kernel_choice("csr-scalar");
  const double longest = static_cast<double>(stats.longest_row);
  const bool skewed = stats.longest_row >= AutoPolicy::skew_min_longest_row &&
                      (longest > AutoPolicy::skew_max_over_mean * stats.mean_row ||
                       stats.stddev_row > AutoPolicy::skew_stddev_over_mean * stats.mean_row);
  const int fill = lanes_to_fill(stats, multiprocessors);
  if (skewed) {
    const double steps = static_cast<double>(stats.num_rows) + static_cast<double>(stats.num_entries);
    const bool many_steps =
        steps >= AutoPolicy::hub_split_min_steps_per_multiprocessor * static_cast<double>(multiprocessors);
    if (fill > 1 && !many_steps) return kernel_choice("csr-vector");
    if (stats.mean_span <= AutoPolicy::local_max_span) return kernel_choice("csr-merge");
    if (many_steps) return hub_split_fits(stats.num_cols) ? kernel_choice("csr-hub-split") : kernel_choice("csr-merge");
    const bool spread_beyond_l2 =
        x_beyond_l2_share(stats.num_cols, device.l2_bytes) &&
        hot_column_fraction(stats, ColumnSplitPolicy::l2_share * device.l2_bytes) < AutoPolicy::split_max_hot_fraction;
    return spread_beyond_l2 ? kernel_choice("coo-column-split") : kernel_choice("csr-merge");
  }
  const bool random_columns = stats.mean_span > AutoPolicy::local_max_span;
  const double scalar_max_mean = random_columns ? AutoPolicy::random_scalar_max_mean : AutoPolicy::scalar_max_mean;
  if (fill == 1 && stats.mean_row <= scalar_max_mean) {
    if (packed_stencil_fits(stats) &&
        packed_mask_bytes(static_cast<int>(stats.diagonals->size())) < 1.0 + 2.0 * stats.mean_row)
      return kernel_choice("stencil-packed");
    return compact_fits(stats) ? kernel_choice("csr-compact") : kernel_choice("csr-scalar");
  }
  const double ell_slots = longest * static_cast<double>(stats.num_rows);
  if (fill == 1 && ell_slots <= AutoPolicy::ell_max_slots_per_entry * static_cast<double>(stats.num_entries)) {
    if (stencil_fits(stats, AutoPolicy::ell_max_slots_per_entry)) return kernel_choice("stencil");
    return column_offsets_fit(stats) ? kernel_choice("ell-compact") : kernel_choice("ell");
  }
  if (fill == 1 && random_columns) return kernel_choice("csr-stream");
  return kernel_choice("csr-vector", vector_lanes_for(stats, multiprocessors));
}

KernelChoice copy_free_kernel(const RowStats& stats, const DeviceShape& device) {
  if (stats.num_entries == 0 || stats.num_rows == 0) return kernel_choice("csr-scalar");
  if (lanes_to_fill(stats, device.multiprocessors) == 1) return kernel_choice("csr-stream");
  return kernel_choice("csr-vector", vector_lanes_for(stats, device.multiprocessors));
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

bool hub_split_fits(std::int64_t num_cols) { return num_cols <= HubSplitPolicy::max_columns; }

std::optional<std::string> hub_split_refusal(std::int64_t num_cols) {
  if (hub_split_fits(num_cols)) return std::nullopt;
  const std::int64_t slots = (std::int64_t{1} << 32) - HubSplitPolicy::max_columns;
  std::ostringstream message;
  message << "SpMV kernel 'csr-hub-split' refused for this graph: its " << num_cols
          << " vertices exceed the kernel's limit of " << HubSplitPolicy::max_columns
          << " (a rest entry's column is coded beside " << slots
          << " hub slots, so every column id must lie below 2^32 - " << slots << "); use csr-merge or auto";
  return message.str();
}

std::optional<std::string> ell_padding_refusal(const RowStats& stats, std::string_view kernel) {
  const double slots = static_cast<double>(stats.longest_row) * static_cast<double>(stats.num_rows);
  const double limit = static_cast<double>(EllPolicy::max_slots_per_entry) * static_cast<double>(stats.num_entries);
  if (slots <= limit) return std::nullopt;
  std::ostringstream message;
  message << "SpMV kernel '" << kernel << "' refused for this graph: its longest row has " << stats.longest_row
          << " entries, so padding all " << stats.num_rows << " rows to it needs " << static_cast<long long>(slots)
          << " slots, " << (stats.num_entries ? slots / static_cast<double>(stats.num_entries) : slots)
          << "x the " << stats.num_entries << " stored entries (limit " << EllPolicy::max_slots_per_entry
          << "x); use --spmv-kernel hyb (ELL part of bounded width plus a COO tail for long rows) or auto";
  return message.str();
}

bool stencil_fits(const RowStats& stats, double max_slots_per_entry) {
  if (!stats.diagonals) return false;
  const double slots = static_cast<double>(stats.diagonals->size()) * static_cast<double>(stats.num_rows);
  return slots <= max_slots_per_entry * static_cast<double>(stats.num_entries);
}

namespace {

std::string too_many_diagonals(std::string_view kernel) {
  return "SpMV kernel '" + std::string(kernel) + "' refused for this graph: its entries lie on more than " +
         std::to_string(DiagonalPolicy::max_diagonals) + " diagonals (column - row values)";
}

}  // namespace

bool forced_stencil_fits(const RowStats& stats) {
  return stencil_fits(stats, static_cast<double>(StencilPolicy::max_slots_per_entry));
}

std::optional<std::string> stencil_refusal(const RowStats& stats) {
  if (forced_stencil_fits(stats)) return std::nullopt;
  std::ostringstream message;
  if (!stats.diagonals)
    message << too_many_diagonals("stencil");
  else
    message << "SpMV kernel 'stencil' refused for this graph: a slot on each of its " << stats.diagonals->size()
            << " diagonals for all " << stats.num_rows << " rows is more than " << StencilPolicy::max_slots_per_entry
            << "x the " << stats.num_entries << " stored entries";
  message << "; use ell-compact, ell or auto";
  return message.str();
}

bool packed_stencil_fits(const RowStats& stats) { return stats.diagonals.has_value(); }

std::optional<std::string> packed_stencil_refusal(const RowStats& stats) {
  if (packed_stencil_fits(stats)) return std::nullopt;
  return too_many_diagonals("stencil-packed") + "; use csr-compact, csr-scalar or auto";
}

int packed_mask_bytes(int diagonals) { return diagonals <= 8 ? 1 : diagonals <= 16 ? 2 : 4; }

bool column_offsets_fit(const RowStats& stats) { return stats.longest_reach <= CompactPolicy::longest_reach; }

bool compact_fits(const RowStats& stats) {
  return stats.longest_row <= CompactPolicy::longest_row && column_offsets_fit(stats);
}

std::optional<std::string> column_offsets_refusal(const RowStats& stats, std::string_view kernel,
                                                  bool lengths_in_8_bits) {
  const bool long_row = lengths_in_8_bits && stats.longest_row > CompactPolicy::longest_row;
  if (!long_row && column_offsets_fit(stats)) return std::nullopt;
  std::ostringstream message;
  message << "SpMV kernel '" << kernel << "' refused for this graph: ";
  if (long_row)
    message << "its longest row has " << stats.longest_row << " entries (8-bit lengths hold at most "
            << CompactPolicy::longest_row << ")";
  else
    message << "an entry's column lies " << stats.longest_reach << " columns from its row (16-bit offsets hold at most "
            << CompactPolicy::longest_reach << ")";
  message << "; use " << (lengths_in_8_bits ? "csr-scalar" : "ell") << " or auto";
  return message.str();
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
