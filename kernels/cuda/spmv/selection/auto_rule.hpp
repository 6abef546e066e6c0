#pragma once
// Decisions made from the row statistics: what "auto" runs, how many lanes
// csr-vector uses, whether "ell", "ell-compact", "csr-compact" or "csr-hub-split"
// is acceptable and how wide hyb's ELL part is. Host logic only (no device
// code), so the rules read in one place.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/selection/row_stats.hpp"

namespace graphrun::cuda::spmv {

// What the rule needs to know of the GPU.
struct DeviceShape {
  int multiprocessors = 0;  // whether the rows fill the GPU
  std::int64_t l2_bytes = 0;  // whether x stays in L2
};

KernelChoice auto_kernel(const RowStats& stats, const DeviceShape& device);

// What "auto" runs when its format does not fit the free device memory: a
// row kernel that keeps nothing beside the CSR and fuses PageRank's update
// (csr-stream on a graph that fills the GPU, csr-vector:K otherwise,
// csr-scalar without entries).
KernelChoice copy_free_kernel(const RowStats& stats, const DeviceShape& device);

// Column parts whose x slices (ColumnSplitPolicy::x_value_bytes per column)
// each fit in ColumnSplitPolicy::l2_share of the L2: 1 when x already does,
// at most ColumnSplitPolicy::max_parts.
int column_split_parts(std::int64_t num_cols, std::int64_t l2_bytes);

// Whether x (ColumnSplitPolicy::x_value_bytes per column) is larger than
// ColumnSplitPolicy::l2_share of the L2: then csr-hub-split gathers its rest
// part's x into a compact copy (hub_split_format.cuh), and `auto` weighs a
// column split.
bool x_beyond_l2_share(std::int64_t num_cols, std::int64_t l2_bytes);

// csr-hub-split holds graphs of at most HubSplitPolicy::max_columns columns
// (its rest codes, ~ a column id, must stay above its hub slots):
// hub_split_fits says whether it holds `num_cols` columns; hub_split_refusal
// names the kernel, the vertex count and that bound where it does not.
bool hub_split_fits(std::int64_t num_cols);
std::optional<std::string> hub_split_refusal(std::int64_t num_cols);

// Share of the stored entries whose columns lie in the densest column ranges
// (RowStats::column_histogram) that together hold at most slice_bytes of x
// (ColumnSplitPolicy::x_value_bytes per column): how many gathers a cache of
// that size could serve. 0 without a histogram.
double hot_column_fraction(const RowStats& stats, double slice_bytes);

// Lanes per row that give at least one resident thread per lane (1..32,
// a power of two): 1 when thread-per-row already fills the GPU.
int lanes_to_fill(const RowStats& stats, int multiprocessors);

// Lanes per row for auto's csr-vector choice: 2..32, a
// power of two covering the mean row length at ~8 entries per lane when rows
// gather x locally (small span) and ~2 when they gather at random, and never
// fewer than lanes_to_fill.
int vector_lanes_for(const RowStats& stats, int multiprocessors);

// The refusal (naming `kernel`, ell or ell-compact, the padding, and
// suggesting hyb) when an ELL copy would exceed EllPolicy::max_slots_per_entry
// times the stored entries; nullopt when it would not.
std::optional<std::string> ell_padding_refusal(const RowStats& stats, std::string_view kernel);

// Whether every column lies within CompactPolicy::longest_reach of its row
// (16-bit column offsets: ell-compact, csr-compact), and whether in addition
// every row has at most CompactPolicy::longest_row entries (csr-compact's
// 8-bit lengths).
bool column_offsets_fit(const RowStats& stats);
bool compact_fits(const RowStats& stats);

// Whether the stencil format holds the graph: its entries lie on at most
// DiagonalPolicy::max_diagonals diagonals (RowStats::diagonals) and a slot
// per diagonal and row costs at most `max_slots_per_entry` slots per stored
// entry. forced_stencil_fits: whether "stencil" asked for by name takes the
// graph (StencilPolicy::max_slots_per_entry); stencil_refusal names the
// bound where it does not.
bool stencil_fits(const RowStats& stats, double max_slots_per_entry);
bool forced_stencil_fits(const RowStats& stats);
std::optional<std::string> stencil_refusal(const RowStats& stats);

// stencil-packed holds every graph whose entries lie on at most
// DiagonalPolicy::max_diagonals diagonals (no padding to bound);
// packed_stencil_refusal names that bound where it fails.
// packed_mask_bytes: the bytes of a row's mask over `diagonals` diagonals.
bool packed_stencil_fits(const RowStats& stats);
std::optional<std::string> packed_stencil_refusal(const RowStats& stats);
int packed_mask_bytes(int diagonals);

// The refusal naming the bound that fails unless `kernel` (csr-compact,
// whose lengths are 8 bits, or ell-compact) can hold the graph.
std::optional<std::string> column_offsets_refusal(const RowStats& stats, std::string_view kernel,
                                                  bool lengths_in_8_bits);

// Slots per row of hyb's ELL part (Bell & Garland's rule, see HybPolicy).
std::int64_t hyb_ell_width(const RowStats& stats);

}  // namespace graphrun::cuda::spmv
