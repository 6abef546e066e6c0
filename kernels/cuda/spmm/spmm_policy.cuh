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
// barrier; each lane owns `vectors_per_lane` output vectors 32 apart, which
// gives independent loads in flight per entry, and output columns beyond one
// warp tile are spread over gridDim.y, so a wide row is worked on by several
// warps at once instead of re-reading its sparse data in sequential passes.
struct RowCachePolicy {
  static constexpr int threads_per_block = 128;
  static constexpr int warps_per_block = threads_per_block / spmm_warp_size;
  static constexpr int vectors_per_lane = 2;
  static constexpr int tile_vectors = vectors_per_lane * spmm_warp_size;  // vectors of a row one warp covers
  // Entries per loop trip; with 2 vectors per lane that is 4 loads in flight,
  // and 4 entries made ptxas spill for float2 accesses.
  static constexpr int entry_unroll = 2;
  static constexpr unsigned max_grid_y = 65535;  // CUDA's gridDim.y limit; more tiles loop in the kernel
};

// Rows of at least `min_entries` entries, in either kernel family: one block
// per row instead of one warp (long_row_kernel.cuh). A power-law hub walked
// by a single warp is the tail of the whole product: on an H100, a 2^20-row
// graph whose largest row held 88k of its 16M entries took 11.7 ms at width
// 32 with one warp per row; with long rows on whole blocks, 1.9 ms. 1024
// entries still give each of the 16 warps two chunks of a row; shorter rows
// are cheap enough for one warp.
struct LongRowPolicy {
  static constexpr int threads_per_block = 512;
  static constexpr int warps_per_block = threads_per_block / spmm_warp_size;
  static constexpr std::int64_t min_entries = 1024;
  static constexpr int entry_unroll = WarpRowPolicy::entry_unroll;
  // Blocks of the pass that finds and multiplies long rows; each strides over
  // tiles of threads_per_block rows (the search reads every row offset once).
  static constexpr unsigned max_blocks = 1024;
};

// The "auto" rule. `vectors` = output floats per row divided by the vector
// width the dispatch can use (4 when width % 4 == 0, else 2 or 1).
//  - fewer than one warp of vectors (width < 128 with float4): warp-row. Its
//    lane groups keep the whole warp loading for narrow outputs, where
//    row-cache (one lane per vector) leaves lanes idle: measured on an H100,
//    2^20 rows, width 32: power-law 1.94 vs 2.74 ms, banded 0.64 vs 1.13 ms.
//  - a warp of vectors or more: row-cache, whose two vectors per lane keep
//    more loads in flight and whose column tiles spread a wide row over
//    warps. Same graphs: width 128 power-law 5.83 vs 6.29 ms (banded a tie,
//    1.16 ms), width 256 power-law 11.5 vs 12.6 ms, banded 1.59 vs 2.09 ms.
//  - except when rows average fewer than `short_row_entries` entries: then
//    there is almost no row for row-cache to keep in registers, and warp-row's
//    8-row blocks are the smaller grid. This guard is a judgement, not a
//    measurement (the timed graphs average 16 entries per row).
struct SpmmAutoRule {
  static constexpr std::size_t row_cache_min_vectors = spmm_warp_size;
  static constexpr double short_row_entries = 2.0;

  static constexpr bool prefer_row_cache(std::size_t vectors, double mean_row_entries) {
    return vectors >= row_cache_min_vectors && mean_row_entries >= short_row_entries;
  }
};

}  // namespace graphrun::cuda
