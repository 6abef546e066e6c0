#pragma once
// Every tuning constant of the native SpMV kernel family, one policy struct per
// kernel family (CUB's layering): kernels and their dispatch read their
// configuration from here and from nowhere else. Sizes were chosen for Hopper
// (H100/H200: 132 SMs, 2048 resident threads and 228 KB shared memory per SM).
#include <cstddef>
#include <cstdint>

#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmv {

inline constexpr int warp_lanes = 32;

// csr-scalar, csr-scalar-unroll4: one thread per row, grid-stride over rows.
struct CsrScalarPolicy {
  static constexpr int threads_per_block = 256;
  // Resident blocks per SM times a few waves: enough rows in flight to cover
  // memory latency; more blocks only add tail waste to the grid-stride loop.
  static constexpr int blocks_per_multiprocessor = 16;
  static constexpr int unroll = 4;  // csr-scalar-unroll4: entries per loop step
};

// csr-compact: one thread per row, a warp per tile of 32 consecutive rows,
// over 8-bit row lengths and 16-bit column offsets from the diagonal.
struct CompactPolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int blocks_per_multiprocessor = 16;
  // Entries whose loads a thread issues together: enough narrow structure
  // loads in flight to keep DRAM busy on short rows; a longer trip only adds
  // predicated slots (compact_kernels.cuh). Long rows are not this kernel's
  // case: they need longer trips, and there ell does as well
  // (docs/decisions/010-compact-csr-and-ell.md).
  static constexpr int entries_per_trip = 4;
  // What the narrow fields hold; a graph beyond either is refused.
  static constexpr std::int64_t longest_row = 255;     // std::uint8_t lengths
  static constexpr std::int64_t longest_reach = 32767;  // std::int16_t column - row (ell-compact too)
};

// csr-vector:K: K lanes cooperate on one row and reduce with shuffles.
struct CsrVectorPolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int blocks_per_multiprocessor = 16;
  // K under "auto": from the row lengths, their span and the GPU's size
  // (auto_rule.cpp, vector_lanes_for).
  static constexpr int min_lanes = 2;
  static constexpr int max_lanes = warp_lanes;
  // Row groups of at most this many lanes load four entries per loop trip
  // (csr_vector_kernels.cuh says why only those).
  static constexpr int max_unrolled_lanes = 4;
};

// csr-vector-shared-x: warp per row; the x entries of the row's column span
// are staged in a per-warp shared-memory tile when the span is small.
struct CsrSharedXPolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int warps_per_block = threads_per_block / warp_lanes;
  static constexpr int blocks_per_multiprocessor = 8;
  // 4 KB per warp = 32 KB per block: within the 48 KB static limit and leaves
  // room for several resident blocks per SM.
  static constexpr std::size_t tile_bytes_per_warp = 4096;
  // Staging reads the whole span [min col, max col]; beyond this many span
  // elements per stored entry the tile costs more loads than it saves.
  static constexpr std::int64_t max_span_per_entry = 4;
  // Rows shorter than a warp are gathered directly: one coalesced load per
  // lane at most, so staging (two extra dependent loads and a warp barrier)
  // cannot pay off.
  static constexpr std::int64_t min_entries_to_stage = warp_lanes;
  template <class T>
  static constexpr int tile_elements = static_cast<int>(tile_bytes_per_warp / sizeof(T));
};

// csr-stream: a warp streams the entries of 32 consecutive rows in aligned
// windows of 32 entries.
struct CsrStreamPolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int blocks_per_multiprocessor = 16;
  static constexpr int rows_per_warp = warp_lanes;
  // Windows whose loads a warp issues before it scans the first: with one,
  // the warp waits on each window in turn; more than two gain nothing. Not
  // kept either: the next trip's matrix loads ahead of this trip's gathers,
  // and register caps for more blocks per SM, whose spills add L2 sectors
  // to an L2-bound kernel (docs/decisions/008-csr-stream.md).
  static constexpr int windows_per_trip = 2;
};

// ell / the ELL part of hyb: one thread per row over column-major slots.
struct EllPolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int blocks_per_multiprocessor = 16;
  // Slots whose loads a thread issues together (ell_kernel).
  static constexpr int unroll = 4;
  // Forced "ell" is refused when max row length x rows exceeds this many
  // times the stored entries (a power-law graph pads to 1000x and more); the
  // refusal names hyb, whose ELL part is bounded by construction.
  static constexpr std::int64_t max_slots_per_entry = 4;
};

// hyb: ELL width = the largest w such that at least this fraction of the rows
// have >= w entries (Bell & Garland's rule, seed 001); the rest goes to a COO
// tail. Bounds ELL slots by 1/fraction times the stored entries.
struct HybPolicy {
  static constexpr int ell_row_fraction_denominator = 3;
};

// coo-atomic: entries in grid-stride order, one atomic combine per entry.
struct CooAtomicPolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int blocks_per_multiprocessor = 16;
};

// coo-segmented (and the carry levels shared with hyb): each
// warp owns a contiguous tile of rounds x 32 entries, visited in rounds of 32
// consecutive entries (coalesced: lane l takes entry base + 32 k + l), reduced
// by a warp-shuffle segmented scan. Each tile emits two carry slots (its first
// and last row partials), so every carry level shrinks the data 128-fold.
struct SegmentedPolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int warps_per_block = threads_per_block / warp_lanes;
  static constexpr int rounds_per_tile = 8;
  static constexpr std::int64_t tile_items = static_cast<std::int64_t>(warp_lanes) * rounds_per_tile;
};

// coo-column-split: the COO entries partitioned into contiguous column ranges
// (stable, so each part stays in row order), each part reduced into y in turn
// by coo-segmented's pass. A part gathers only its slice of x, and the slice
// is sized to stay in L2: a power-law graph gathers x at random, and once x
// is larger than the L2 most of coo-segmented's gathers miss it and go to
// DRAM (docs/decisions/006-coo-kernels-column-split-evict-first.md).
struct ColumnSplitPolicy {
  // A part's slice of x may take this share of L2: the matrix stream (loaded
  // evict-first) and the partial rows of y pass through it too. A smaller
  // share means more parts, and every part re-reads and re-writes y: half
  // the L2 is the fewest parts that keep the gathers in it
  // (docs/decisions/006-coo-kernels-column-split-evict-first.md).
  static constexpr double l2_share = 0.5;
  // The rule sizes slices for 4-byte values (float, the PageRank/SpMV case).
  static constexpr std::int64_t x_value_bytes = 4;
  // Forced by name on a graph whose x already fits, it still splits in two
  // (so the multi-part path runs on every graph the tests use).
  static constexpr int min_forced_parts = 2;
  // Each part costs one pass over y (read + write of the rows it touches) and
  // a carry chain; beyond this the passes cost more than the gathers save.
  static constexpr int max_parts = 16;
};

// csr-merge: merge-path over (row ends, entries); each block takes a tile of
// threads x items merge steps, each thread a contiguous run of items. With
// the tile staged in shared memory, larger tiles mean fewer tiles and fewer
// rows spanning tiles; 256 x 8 is the shape kept
// (docs/decisions/007-csr-merge.md).
struct CsrMergePolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int items_per_thread = 8;
  static constexpr std::int64_t tile_items = static_cast<std::int64_t>(threads_per_block) * items_per_thread;
  using row_end_type = int;  // the staged tile's row ends (csr_merge_kernels.cuh)
  // Shared memory's share of the SM's 256 KB (the rest is L1, which caches
  // the x gathers). 40 % selects the 100 KB configuration: 5 staged tiles of
  // 18.5 KB per SM, and ~150 KB of L1. More shared memory takes L1 the
  // gathers hit in; less leaves too few resident tiles, too few warps to
  // hide the gathers (docs/decisions/007-csr-merge.md).
  static constexpr int shared_memory_carveout_percent = 40;
};

// csr-hub-split: the adjacency split in two parts with the same rows. The
// hub part holds the entries whose column is one of the hub_columns
// most-gathered columns, as 16-bit hub slots, each row's padded to whole
// groups of group_entries; resident blocks (one an SM, on all SMs or on the
// hub passes' share when they overlap the rest pass) keep every hub's x
// in shared memory and reduce the groups as coo-segmented reduces entries,
// a lane per group. It gathers nothing from L2, so it needs no occupancy
// for gathers and can give the cache all of shared memory. The rest part
// (the other columns) is csr-merge's, with L1 for its gathers. On a
// power-law graph the most-gathered columns hold most of the entries
// (docs/decisions/012-csr-hub-split.md).
struct HubSplitPolicy {
  static constexpr int threads_per_block = 1024;
  static constexpr int warps_per_block = threads_per_block / warp_lanes;
  // A lane's entries: 16 bytes of slots, 32 of weights, one row per group.
  static constexpr int group_entries = 8;
  // 16-bit slots: at most 65535 hubs and the pad slot after them. The
  // cache holds hub_columns + 1 floats, 224 KB of the 227 KB a block may
  // have on an H100; 8-byte values cache the first half of the slots.
  static constexpr int hub_columns = 57344;
  static constexpr int cache_bytes = (hub_columns + 1) * 4;
  // Tiers: columns ranked past the first hub_columns get a hub pass of their
  // own, hub_columns at a time, while the tier's entries fill at least
  // min_tier_fill of its groups' slots, or min_large_tier_fill for a tier of
  // large_tier_entries or more. A tier entry costs 6 bytes and its share of
  // the padding, streamed; a rest entry 8 bytes and a 32-byte L2 sector for
  // its gather, which bounds the rest pass (the L2's sector rate). A pass
  // also has a fixed cost (its x gather, launch and spanning rows), so at
  // lower fill only a large tier pays for itself
  // (docs/decisions/014-hub-tiers.md).
  static constexpr int max_tiers = 4;
  // The place codes of the build share one 32-bit field: a kept tier's slot
  // (below hub_columns * max_tiers) or a rest code, ~ a column id or ~ an
  // index below the column count (hub_split_build.cuh). They stay apart
  // while every id lies below 2^32 - hub_columns * max_tiers, so a graph of
  // more than max_columns columns is refused (hub_split_refusal).
  static constexpr std::int64_t max_columns = (std::int64_t{1} << 32) - std::int64_t{hub_columns} * max_tiers;
  static constexpr double min_tier_fill = 0.6;
  static constexpr double min_large_tier_fill = 0.55;
  static constexpr std::int64_t large_tier_entries = std::int64_t{4} << 20;
  // The hub passes run beside the rest pass, on a stream of their own, when
  // the rest part holds at least overlap_min_rest_entries: the rest pass is
  // bound by the L2's sector rate, the hub passes by DRAM. Each pass costs
  // more SM time on every SM than on a share of them (the rest pass runs
  // into the L2's limit), and on a share about the same whatever its size,
  // so side by side their SM times add rather than their times. The hub
  // passes' blocks fill an SM's shared memory, so they get a share of the
  // SMs for their grids: their estimated part of the work (a slot of a
  // tier's groups costs 1, a rest entry rest_entry_slot_cost, the ratio of
  // their costs per entry) plus hub_share_margin, since an SM too few costs
  // more than one too many (the rest pass's blocks take the hub SMs once the
  // hub passes end, but not the reverse). Below the size, the extra
  // launches and the pass that adds the hub sums cost more than the overlap
  // saves (docs/decisions/016-hub-rest-overlap-and-carveout.md).
  static constexpr std::int64_t overlap_min_rest_entries = std::int64_t{1} << 20;
  static constexpr double rest_entry_slot_cost = 3.5;
  static constexpr double hub_share_margin = 0.04;
  // The rest pass's preferred shared-memory carveout (csr-merge's is 40 %):
  // 70 % takes the 164 KB configuration, 8 staged tiles an SM instead of 5,
  // and leaves ~92 KB of L1 for its x gathers. Its warps mostly wait on
  // their gathers, so more resident warps gather more at once, as far as
  // the L2 has room; at 100 % the gathers lose their L1
  // (docs/decisions/016-hub-rest-overlap-and-carveout.md).
  static constexpr int rest_shared_memory_carveout_percent = 70;
};

// Row statistics computed once per plan (auto rule, ell refusal, hyb width).
struct RowStatsPolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int blocks_per_multiprocessor = 4;
  // Row lengths 0..histogram_bins-2 are counted exactly; the last bin holds
  // every longer row.
  static constexpr int histogram_bins = 1024;
  // Equal column ranges of the column histogram: the unit in which
  // hot_column_fraction (auto_rule.cpp) finds the densest slice-sized set.
  static constexpr int column_bins = 256;
};

// "stencil" (DIA with a presence mask, stencil_kernels.cuh): for matrices
// whose entries lie on a few diagonals (column - row), as a stencil's do.
struct DiagonalPolicy {
  // Diagonals the stencil format holds: one bit of a row's mask each.
  static constexpr int max_diagonals = StencilView::max_diagonals;
  // The statistics' bitmap covers every diagonal within the 16-bit reach.
  static constexpr int bitmap_words = static_cast<int>((2 * CompactPolicy::longest_reach + 1 + 31) / 32);
};

struct StencilPolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int blocks_per_multiprocessor = 16;
  // Blocks the kernel's registers must leave room for on an SM (launch
  // bounds): 8 x 256 threads is sm_90's 2048, i.e. 32 registers a thread
  // where the weighted float kernel would take 35 and lose a quarter of its
  // warps; a few bytes of spill cost less than the lost warps
  // (docs/decisions/011-stencil-formats.md).
  static constexpr int resident_blocks = 8;
  // Diagonals whose loads a thread issues together: 16 still runs at
  // resident_blocks' 32 registers; a longer trip needs more registers, so
  // fewer resident blocks, and gains nothing
  // (docs/decisions/011-stencil-formats.md).
  static constexpr int unroll = 16;
  // Forced "stencil" is refused when diagonals x rows exceeds this many
  // times the stored entries (every row has a slot on every diagonal).
  static constexpr std::int64_t max_slots_per_entry = 4;
};

// "stencil-packed" (packed_stencil_kernels.cuh): the row tiles of
// csr-compact over stencil's masks.
struct PackedStencilPolicy {
  static constexpr int threads_per_block = 256;
  // One wave (8 x 256 threads is sm_90's 2048 a SM): each warp walks more
  // tiles, so loading a tile ahead (row_tiles.cuh) hides more of them
  // (docs/decisions/011-stencil-formats.md).
  static constexpr int blocks_per_multiprocessor = 8;
  // Diagonals whose loads a thread issues together: one trip for a mask of
  // up to 8 diagonals (road-s22's 6), so a row waits for one gather.
  static constexpr int diagonals_per_trip = 8;
};

// "auto" (see auto_rule.cpp for the rule this parameterises).
struct AutoPolicy {
  // Device bytes a format that copies the matrix must leave free once built
  // under "auto", or auto drops it for the copy-free kernel: the scratch the
  // algorithms' memory plan keeps for later calls (workspace_scratch_bytes
  // in algorithms/workspace.hpp).
  static constexpr std::size_t min_free_after_format_bytes = std::size_t{64} << 20;
  // Threads an SM keeps resident (sm_90: 2048). A graph with fewer rows than
  // SMs x this cannot fill the GPU with one thread (or lane group) per row,
  // so "auto" gives each row more lanes until it can.
  static constexpr int resident_threads_per_multiprocessor = 2048;
  // Mean row length up to which thread-per-row wins on a graph that fills the
  // GPU: short rows leave vector lanes idle, and thread-per-row streams the
  // CSR arrays at full DRAM bandwidth.
  static constexpr double scalar_max_mean = 4.0;
  // The same bound for rows with random columns, where the other choice is
  // csr-stream: its aligned windows pay for their scan only once rows hold
  // more than a few entries (docs/decisions/008-csr-stream.md).
  static constexpr double random_scalar_max_mean = 3.0;
  // Longer rows of nearly one length go to ELL when padding every row to the
  // longest costs at most this many slots per stored entry (a mesh's rows
  // pad little; Poisson-distributed row lengths pad far more and stay on
  // the CSR kernels).
  static constexpr double ell_max_slots_per_entry = 1.25;
  // A graph is skewed (load balance, not bandwidth, bounds row-based kernels)
  // when its longest row is this many times the mean ...
  static constexpr double skew_max_over_mean = 16.0;
  // ... or its row lengths' standard deviation exceeds the mean ...
  static constexpr double skew_stddev_over_mean = 1.0;
  // ... provided the longest row is long enough to matter at all.
  static constexpr std::int64_t skew_min_longest_row = 64;
  // Rows whose mean span (last column - first column) is at most this many
  // columns gather x from a window that stays in L1 (64 K floats = 256 KB):
  // few lanes per row and many rows per warp win there. Random columns are
  // gathered from L2 and want more lanes per row, more gathers in flight.
  static constexpr double local_max_span = 65536.0;
  // Entries per lane: local rows give each lane ~8 entries, random rows ~2.
  static constexpr double local_entries_per_lane = 8.0;
  static constexpr double random_entries_per_lane = 2.0;
  // A skewed graph with fewer merge steps than csr-hub-split's bound (below)
  // whose x exceeds the column-split slice is split by column
  // range only while less than this share of its entries gathers from the
  // densest slice-sized set of column ranges. A degree-sorted Kronecker graph
  // gathers mostly from its hubs' compact x and runs faster whole; with its
  // vertices in random order the columns spread evenly and the split wins
  // (docs/decisions/005-degree-reordering.md,
  // docs/decisions/006-coo-kernels-column-split-evict-first.md).
  static constexpr double split_max_hot_fraction = 0.75;
  // A skewed graph with random columns goes to csr-hub-split when it has at
  // least this many merge steps (rows + entries) per SM, so that each SM's
  // fill of its 224 KB cache costs little beside its share of the passes;
  // above the bound it does whether its gathers spread or crowd
  // (docs/decisions/012-csr-hub-split.md).
  static constexpr double hub_split_min_steps_per_multiprocessor = 4.0 * 3.0 * 4096.0;
};

}  // namespace graphrun::cuda::spmv
