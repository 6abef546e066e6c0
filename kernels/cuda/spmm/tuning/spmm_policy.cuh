#pragma once
// Tuning constants of the native SpMM kernel families, one policy struct per
// family (CUB's dispatch/agent split: kernels read configuration from here
// and from nowhere else), plus the rule "auto" uses to pick a family.
#include <cstddef>
#include <cstdint>

#include "graphrun/types.hpp"

namespace graphrun::cuda {

inline constexpr int spmm_warp_size = 32;

// "warp-row" (seed 004, casperSPARSE): one warp per sparse row; the row's
// (column, value) pairs are staged in shared memory `chunk` at a time and
// every lane multiplies them into its own dense vector(s) of the output row.
// When the row is narrower than a warp of vectors, the warp splits into
// groups of `group_lanes` lanes, each group takes every groups-th entry of the
// chunk and the groups are summed with shuffles at the end, so narrow outputs
// (width 1..64) still keep all 32 lanes loading.
struct WarpRowPolicy {
  static constexpr int threads_per_block = 256;  // 8 rows in flight per block
  static constexpr int warps_per_block = threads_per_block / spmm_warp_size;
  static constexpr int chunk = spmm_warp_size;  // entries staged per round: one per lane
  static constexpr int entry_unroll = 4;        // staged entries multiplied per loop trip (loads in flight)
};

// "row-cache" (GE-SpMM's coalesced row caching + warp merging): each lane
// keeps one (column, value) pair of the current 32-entry chunk in registers
// and the warp broadcasts them with shuffles, so no shared memory and no
// barrier. Each lane owns P output vectors 32 apart and takes U entries per
// trip, their P * U X loads issued before any multiply-add; output columns
// beyond one warp tile (P * 32 vectors) are spread over gridDim.y, so a wide
// row is worked on by several warps at once instead of re-reading its sparse
// data in sequential passes.
//  - P = 1, U = entry_unroll: one tile per 32 vectors, four loads in flight
//    per lane from four entries.
//  - Matrices of short rows (row-group's test: fewer than
//    RowGroupPolicy::short_rows_mean_entries entries per row on average,
//    road networks): U = short_rows_entry_unroll, since most of four entries
//    would be predicated off, and from wide_min_vectors on P =
//    short_rows_vectors_per_lane, so the loads in flight come from the
//    vectors and a row's few entries are not read again by a second tile.
// A fixed P = 2 leaves the second vector idle up to a warp of vectors, and
// P = 1 on short rows leaves too few loads in flight, hence the two cases
// (docs/decisions/021-spmm-row-kernels.md).
struct RowCachePolicy {
  static constexpr int threads_per_block = 128;
  static constexpr int warps_per_block = threads_per_block / spmm_warp_size;
  static constexpr int entry_unroll = 4;
  static constexpr int short_rows_entry_unroll = 2;
  static constexpr int short_rows_vectors_per_lane = 2;
  static constexpr std::size_t wide_min_vectors = spmm_warp_size + 1;
  static constexpr unsigned max_grid_y = 65535;  // CUDA's gridDim.y limit; more tiles loop in the kernel
};

// Rows of at least `min_entries` entries, in every kernel family: cut into
// pieces of `piece_entries` entries, one block per piece
// (long_row_kernel.cuh), instead of one warp per row. A power-law hub walked
// by a single warp, or by a single block, is a latency chain and the tail of
// the whole product, hence pieces on whole blocks
// (docs/decisions/021-spmm-row-kernels.md). min_entries also bounds the
// dependent chain of a row a warp keeps: below it, at most 8 trips of 32
// entries, short enough on the small graphs that a warp per row does not
// become their tail; a block of 8 warps still gives each warp four 32-entry
// chunks of a full piece, and a 256-entry row one chunk per warp.
struct LongRowPolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int warps_per_block = threads_per_block / spmm_warp_size;
  static constexpr std::int64_t min_entries = 256;
  // Four 32-entry chunks per warp: enough work per block to hide the block's
  // start and its final reduction, small enough that a 64k-entry hub becomes
  // 64 blocks. A row of 256..1024 entries is one piece (no scratch row).
  static constexpr std::int64_t piece_entries = 4 * warps_per_block * spmm_warp_size;
  static constexpr int entry_unroll = WarpRowPolicy::entry_unroll;
};

// "row-group": a group of `group_lanes` lanes per sparse row (the smallest
// power of two >= the row's vectors, at most 32), so a warp works on 32 /
// group_lanes rows at once. Why: one warp per row makes narrow products on
// short rows latency-bound, far from the bytes' time: each warp waits
// through offsets -> indices -> X -> Y with most lanes idle
// (docs/decisions/021-spmm-row-kernels.md). Each lane
// owns `vectors_per_lane` output vectors group_lanes apart and loads
// `entry_unroll` entries' X vectors before it multiplies any of them, so
// every lane has entry_unroll * vectors_per_lane independent loads in flight.
// A row of `shared_row_entries` entries or more would keep its small group
// busy long after the warp's other rows are done: such "medium" rows get a
// whole warp each from a second kernel over the rows SpmmPlan listed (groups
// split the entries, shuffles add them up): walked by their own warp after
// its short rows, one after another, they would make a warp holding several
// of them the tail of the product. Rows of LongRowPolicy::min_entries
// or more go to the long-row pass.
struct RowGroupPolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int warps_per_block = threads_per_block / spmm_warp_size;
  static constexpr int entry_unroll = 4;
  static constexpr std::int64_t shared_row_entries = spmm_warp_size;
  // Widths of more than 32 vectors: two vectors per lane (one pass covers 64
  // vectors, i.e. width 256 with float4); wider rows loop over passes.
  static constexpr int wide_vectors_per_lane = 2;
  static constexpr std::size_t wide_min_vectors = spmm_warp_size + 1;
  // Matrices whose rows hold fewer than short_rows_mean_entries entries on
  // average (road networks) also take two vectors per lane from
  // short_rows_min_vectors on, with half as many lanes per row: most of a
  // lane's entry_unroll loads are predicated off on such rows, so more
  // vectors per lane is what puts more loads in flight. On longer rows the
  // entries already fill the loads, and the 80 registers of two vectors cost
  // resident warps, hence the mean-length condition
  // (docs/decisions/021-spmm-row-kernels.md).
  static constexpr std::int64_t short_rows_mean_entries = 2 * entry_unroll;
  static constexpr std::size_t short_rows_min_vectors = 8;
  // No minimum-blocks bound on purpose: ptxas takes up to 64 (one vector per
  // lane) and 80 (two) registers, i.e. 32 and 24 resident warps per SM;
  // capping at 5 / 4 blocks per SM (48 / 64 registers) made it spill 20-80
  // bytes per thread in every instantiation (sm_90, CUDA 13).
};

// "nnz-split": every row is cut into pieces of at most `piece_entries`
// entries (an empty row is one empty piece) and a lane group multiplies one
// piece, so no lane walks more than piece_entries / entry_unroll dependent
// trips, whatever the row lengths. The pieces of one row are added in the
// warp by shuffles and across warps by the last warp to finish one of them
// (nnz_split_kernel.cuh): one launch, no row classes. Why: on graphs that do
// not fill the GPU the row-class kernels are latency chains, a lane group per
// short row of up to 31 entries, a warp per row of up to 255, a block per
// piece, plus a launch each, and their times add
// (docs/decisions/022-spmm-nnz-split.md).
struct NnzSplitPolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int warps_per_block = threads_per_block / spmm_warp_size;
  static constexpr int entry_unroll = 4;
  static constexpr std::int64_t piece_entries = 4 * entry_unroll;  // four trips of independent loads
  // Two vectors per lane from this many vectors on (width 128 and 256 with
  // float4): twice the loads in flight per lane, and at width 128 two pieces
  // per warp instead of one.
  static constexpr int wide_vectors_per_lane = 2;
  static constexpr std::size_t wide_min_vectors = spmm_warp_size;
  // The columns-first kernels (groups narrower than a piece) at most 80
  // registers, 3 blocks per SM: without the bound ptxas gives the weighted
  // float4 one at width 32 far more registers (since the spanning rows took
  // block-scope fences), and it loses resident warps. The shuffled kernels
  // stay unbounded: under the same bound ptxas raises them to it.
  static constexpr int columns_first_min_blocks = 3;
};

// "slice-staged": for matrices small enough that all of A and a column
// slice of X fit one block's shared memory. Block b stages the offsets, the
// columns, the weights and columns [b * S, (b + 1) * S) of every row of X,
// all issued at once (cp.async: the sizes are kernel arguments, so no copy
// waits on another), then a thread per (row, vector) of the slice multiplies
// from shared memory and stores its part of Y. One cold miss before the
// store, where every row-walking kernel waits through three in a chain
// (offsets, then columns, then the X rows they name): on the smallest graphs
// the product is nothing but that chain
// (docs/decisions/023-slice-staged-spmm.md).
// Slices are `slice_floats` wide (one 32-byte sector), narrower when the
// block's threads would otherwise hold more than one output each
// (one_output_slice_vectors), or as many vectors as fit when that does not:
// the time grows with the bytes one block stages and with each thread's
// outputs, so a wide product is better served by more blocks of thin slices
// than by fewer of wide ones (docs/decisions/023-slice-staged-spmm.md).
struct SliceStagedPolicy {
  static constexpr int threads_per_block = 512;  // a power of two: the staging hands items out modulo it
  // The default dynamic shared-memory limit (the kernel has no static shared
  // memory): no opt-in attribute needed.
  static constexpr std::size_t max_shared_bytes = 48 * 1024;
  static constexpr std::size_t slice_floats = 8;

  // Byte offsets of the staged arrays in the block's shared memory: offsets
  // (num_rows + 1 edge_t), then the X slice (num_cols rows of `floats`,
  // 16-byte aligned for float4 copies), columns, weights. X, columns and
  // weights take no room when there are no entries. Weights are counted
  // whether or not the call uses them, so the choice does not depend on it.
  struct Layout {
    std::size_t x_slice = 0;
    std::size_t columns = 0;
    std::size_t weights = 0;
    std::size_t bytes = 0;
  };
  static constexpr Layout layout(std::int64_t rows, std::int64_t cols, std::int64_t entries, std::size_t floats) {
    Layout l;
    const auto offsets_bytes = static_cast<std::size_t>(rows + 1) * sizeof(edge_t);
    const std::size_t staged_entries = entries > 0 ? static_cast<std::size_t>(entries) : 0;
    const std::size_t x_bytes = staged_entries > 0 ? static_cast<std::size_t>(cols) * floats * sizeof(float) : 0;
    l.x_slice = (offsets_bytes + 15) / 16 * 16;
    l.columns = l.x_slice + x_bytes;
    l.weights = l.columns + staged_entries * sizeof(vertex_t);
    l.bytes = l.weights + staged_entries * sizeof(float);
    return l;
  }
  // Whether the block fits with a slice of `floats` floats.
  static constexpr bool fits(std::int64_t rows, std::int64_t cols, std::int64_t entries, std::size_t floats) {
    return layout(rows, cols, entries, floats).bytes <= max_shared_bytes;
  }
  // Vectors (of V floats) per slice when the block has room: slice_floats,
  // or the whole row when it is narrower.
  static constexpr std::size_t first_slice_vectors(std::size_t vectors, int V) {
    const std::size_t wanted = slice_floats / static_cast<std::size_t>(V);
    return vectors < wanted ? vectors : wanted;
  }
  // The most vectors per slice for which the block's outputs (a thread per
  // row and vector) do not outnumber its threads, at least one: a thread
  // with a second output walks a second row after its first, a second chain
  // of dependent shared-memory loads
  // (docs/decisions/023-slice-staged-spmm.md).
  static constexpr std::size_t one_output_slice_vectors(std::int64_t rows) {
    if (rows <= 0) return 1;
    const std::size_t most = static_cast<std::size_t>(threads_per_block) / static_cast<std::size_t>(rows);
    return most > 0 ? most : 1;
  }
  // Vectors per slice for `vectors` vectors of V floats: the first slice
  // width narrowed to one_output_slice_vectors, or the most vectors whose
  // slice fits next to the matrix; 0 if not even one vector fits. (Whether
  // "auto" takes slice-staged is decided at the first slice width alone.)
  static constexpr std::size_t slice_vectors(std::int64_t rows, std::int64_t cols, std::int64_t entries,
                                             std::size_t vectors, int V) {
    const std::size_t first = first_slice_vectors(vectors, V);
    const std::size_t one_output = one_output_slice_vectors(rows);
    const std::size_t wanted = first == 0 ? 1 : first < one_output ? first : one_output;
    const std::size_t floats_per_vector = static_cast<std::size_t>(V);
    if (fits(rows, cols, entries, wanted * floats_per_vector)) return wanted;
    // Here the X slice takes room (entries > 0, so cols > 0): the floats per
    // row of X that the space beside offsets, columns and weights holds.
    const std::size_t beside_x = layout(rows, cols, entries, 0).bytes;
    if (beside_x >= max_shared_bytes) return 0;
    const std::size_t floats = (max_shared_bytes - beside_x) / (static_cast<std::size_t>(cols) * sizeof(float));
    return floats / floats_per_vector;
  }

  // One launch, worked out on the host: the kernel's prologue reads 32-bit
  // counts and byte offsets from its parameters instead of computing the
  // layout in 64-bit arithmetic in front of its first copy, and the host
  // sizes the shared memory from the same numbers. The matrix is at most
  // max_shared_bytes, so every count fits
  // 32 bits; the vectors of a dense row must too (max_vectors).
  struct LaunchShape {
    unsigned rows = 0, cols = 0, entries = 0;
    unsigned x_slice = 0, columns = 0, weights = 0;  // byte offsets (Layout)
    unsigned shared_bytes = 0;
    unsigned vectors = 0;        // V-float vectors of a dense row
    unsigned slice_vectors = 0;  // a block's; the last block may own fewer
    unsigned blocks = 0;
  };
  static constexpr std::size_t max_vectors = 0x7fffffff;
  // The launch, or one of no slice (slice_vectors == 0, nothing to launch)
  // when a dense row has more than max_vectors vectors or not even one
  // vector fits next to the matrix.
  static constexpr LaunchShape launch_shape(std::int64_t rows, std::int64_t cols, std::int64_t entries,
                                            std::size_t vectors, int V) {
    LaunchShape s;
    if (vectors > max_vectors) return s;
    const std::size_t slice = slice_vectors(rows, cols, entries, vectors, V);
    if (slice == 0) return s;
    const Layout l = layout(rows, cols, entries, slice * static_cast<std::size_t>(V));
    s.rows = static_cast<unsigned>(rows);
    s.cols = static_cast<unsigned>(cols);
    s.entries = static_cast<unsigned>(entries);
    s.x_slice = static_cast<unsigned>(l.x_slice);
    s.columns = static_cast<unsigned>(l.columns);
    s.weights = static_cast<unsigned>(l.weights);
    s.shared_bytes = static_cast<unsigned>(l.bytes);
    s.vectors = static_cast<unsigned>(vectors);
    s.slice_vectors = static_cast<unsigned>(slice);
    s.blocks = static_cast<unsigned>((vectors + slice - 1) / slice);
    return s;
  }
};

// Row classes by length (SpmmPlan lists the medium and long rows once).
__host__ __device__ constexpr bool is_long_row(edge_t entries) { return entries >= LongRowPolicy::min_entries; }
__host__ __device__ constexpr bool is_medium_row(edge_t entries) {
  return entries >= RowGroupPolicy::shared_row_entries && !is_long_row(entries);
}

// The "auto" rule. `vectors` = output floats per row divided by the vector
// width the dispatch can use (4 when width % 4 == 0, else 2 or 1).
//  - up to half a warp of vectors (width <= 64 with float4): row-group. Its
//    lane groups keep every lane loading on narrow rows and it works on
//    several rows per warp, so short rows are not one latency chain each.
//  - wider: row-cache, whose column tiles over gridDim.y spread one wide row
//    over several warps. From 17 vectors on, row-group's groups are a whole
//    warp with idle lanes and one row, and row-cache is faster
//    (docs/decisions/021-spmm-row-kernels.md).
// warp-row stays selectable by name; "auto" does not pick it.
//  - before both, matrices of at most nnz_split_max_entries entries take
//    nnz-split at every width: on them the row classes are latency chains
//    (see NnzSplitPolicy). On larger matrices the row classes fill the GPU
//    and nnz-split only adds its piece lists and shuffles; the bound sits
//    between the small real graphs and the generated ones, the two regimes
//    measured (docs/decisions/022-spmm-nnz-split.md).
//    Except at 64 vectors and more (width 256 with float4) on rows of two
//    pieces or more on average: every output row then goes through the
//    pieces' span slots, two rows of floats written and read again per
//    piece, and row-cache, which writes each row once, is faster
//    (docs/decisions/022-spmm-nnz-split.md).
//  - before everything, slice-staged when the matrix and a slice of X fit
//    one block's shared memory at the first slice width and no row is long
//    (SliceStagedPolicy): one dependent miss instead of three
//    (docs/decisions/023-slice-staged-spmm.md).
struct SpmmAutoRule {
  static constexpr std::size_t row_group_max_vectors = spmm_warp_size / 2;
  static constexpr std::int64_t nnz_split_max_entries = std::int64_t{1} << 21;
  static constexpr std::int64_t spanning_rows_mean_entries = 2 * NnzSplitPolicy::piece_entries;
  static constexpr std::size_t spanning_rows_min_vectors = 64;

  static constexpr bool prefer_nnz_split(std::int64_t entries, std::int64_t rows, std::size_t vectors) {
    if (entries > nnz_split_max_entries) return false;
    return vectors < spanning_rows_min_vectors || entries < spanning_rows_mean_entries * rows;
  }
  static constexpr bool prefer_row_group(std::size_t vectors) { return vectors <= row_group_max_vectors; }
  // Checked first. `has_long_rows`: the SpMM plan lists a row of
  // LongRowPolicy::min_entries or more, which one slice-staged thread would
  // walk alone.
  static constexpr bool prefer_slice_staged(std::int64_t rows, std::int64_t cols, std::int64_t entries,
                                            std::size_t vectors, int V, bool has_long_rows) {
    return !has_long_rows && vectors > 0 && vectors <= SliceStagedPolicy::max_vectors &&
           SliceStagedPolicy::fits(rows, cols, entries,
                                   SliceStagedPolicy::first_slice_vectors(vectors, V) * static_cast<std::size_t>(V));
  }
};

}  // namespace graphrun::cuda
