#pragma once
// How label_mode splits rows by neighbour count, each class with the kernel
// shape that keeps its lanes busy and its counts on chip (see
// label_mode_kernels.cuh). Host- and device-callable: the classification
// pass, the kernels and the tests (rows aimed at every class boundary) share
// these limits.
#include <bit>
#include <cstdint>

#include "graphrun/semiring.hpp"  // GRAPHRUN_HOST_DEVICE
#include "graphrun/types.hpp"

namespace graphrun::cuda::label_mode_detail {

// Rows of at most this many neighbours (empty rows too) are finished by one
// thread each inside the classification pass: labels in registers, sorted
// by a sorting network. Longer rows are listed under a class below.
inline constexpr std::int64_t thread_row_limit = 8;
// Rows of at most these many neighbours are still sorted by one thread
// each, from labels a warp stages in shared memory for 32 listed rows at
// once (coalesced loads, no hash table). Two classes, so that the rows a
// 32-wide network sorts (a mesh's, most of a sparse random graph's) get a
// kernel with half the registers and staging space, twice the warps an SM.
inline constexpr std::int64_t short_row_limit = 32;
inline constexpr std::int64_t wide_row_limit = 64;
inline constexpr std::int64_t medium_row_limit = 256;
// Entries one block counts at once in its shared table. Rows up to this
// long are one block's work; longer ("huge") rows are cut into chunks of
// this many entries, each chunk counted by a block and merged into a global
// table of the row.
inline constexpr std::int64_t block_chunk_entries = 2048;

enum RowClass : int {
  short_rows = 0,  // 9..short_row_limit: staged by a warp, sorted by a thread per row
  wide_rows,       // ..wide_row_limit: the same with a 64-wide network
  medium,          // ..medium_row_limit: a warp per row, a warp-private shared table
  block,           // ..block_chunk_entries: a block per row, a block-wide shared table
  huge,            // longer: a block per chunk, merged in the row's global table
  listed_class_count
};

// Class of a row with more than thread_row_limit neighbours.
GRAPHRUN_HOST_DEVICE constexpr RowClass row_class(std::int64_t neighbours) {
  if (neighbours <= short_row_limit) return short_rows;
  if (neighbours <= wide_row_limit) return wide_rows;
  if (neighbours <= medium_row_limit) return medium;
  if (neighbours <= block_chunk_entries) return block;
  return huge;
}

// Upper bound on the rows of class c in a graph of n rows and `entries`
// neighbour entries, none longer than `longest`: each such row holds more
// than the previous class's limit, so at most entries / (that limit + 1) of
// them exist, and none when `longest` is within that limit.
constexpr std::int64_t row_class_capacity(RowClass c, std::int64_t n, std::int64_t entries, std::int64_t longest) {
  constexpr std::int64_t fewest[listed_class_count] = {thread_row_limit + 1, short_row_limit + 1,
                                                       wide_row_limit + 1, medium_row_limit + 1,
                                                       block_chunk_entries + 1};
  if (longest < fewest[c]) return 0;
  const std::int64_t bound = entries / fewest[c];
  return bound < n ? bound : n;
}

// Shared tables: the smallest power of two >= 2 x the entries counted (load
// <= 0.5, so they never fill), at least min_table_slots.
inline constexpr std::uint32_t min_table_slots = 64;
inline constexpr std::uint32_t medium_table_slots = 512;                          // 2 x medium_row_limit
inline constexpr std::uint32_t block_table_slots = 2 * block_chunk_entries;      // 32 KiB per block
// Only for entries <= block_chunk_entries (what one table counts): a
// count-leading-zeros, not a doubling loop (run once per row).
GRAPHRUN_HOST_DEVICE constexpr std::uint32_t table_slots_for(std::int64_t entries) {
  const std::uint32_t needed = std::bit_ceil(static_cast<std::uint32_t>(entries > 0 ? 2 * entries : 1));
  return needed > min_table_slots ? needed : min_table_slots;
}
static_assert(table_slots_for(0) == min_table_slots && table_slots_for(32) == 64 && table_slots_for(33) == 128);
static_assert(table_slots_for(medium_row_limit) == medium_table_slots &&
              table_slots_for(block_chunk_entries) == block_table_slots);

// Chunks of a huge row, and the slots of a global table for `labels`
// distinct labels at most (a huge row's staged pairs): 2 x as many, so it
// fills at most half.
GRAPHRUN_HOST_DEVICE constexpr std::uint64_t chunk_count(std::int64_t entries) {
  return static_cast<std::uint64_t>((entries + block_chunk_entries - 1) / block_chunk_entries);
}
GRAPHRUN_HOST_DEVICE constexpr std::uint64_t global_table_slots(std::int64_t labels) {
  return 2 * static_cast<std::uint64_t>(labels);
}

// One block's work in the huge class: chunk `chunk` (entries chunk x
// block_chunk_entries onwards) of huge row `vertex`, listed at `row_slot`.
struct HugeChunk {
  vertex_t vertex;
  std::uint32_t row_slot;
  std::uint32_t chunk;
};

// Where a huge row's chunks lie in the chunk list: a run of `count` items
// from `first`.
struct ChunkRun {
  unsigned long long first;
  std::uint32_t count;
};

inline constexpr int threads_per_block = 256;
inline constexpr int warps_per_block = threads_per_block / 32;

}  // namespace graphrun::cuda::label_mode_detail
