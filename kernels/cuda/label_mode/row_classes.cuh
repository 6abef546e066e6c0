#pragma once
// How label_mode splits rows by neighbour count, each class with the kernel
// shape that keeps its lanes busy and its counts on chip (see
// label_mode_kernels.cuh). Shared by the classification pass and the kernels.
#include <cstdint>

#include "graphrun/types.hpp"

namespace graphrun::cuda::label_mode_detail {

enum RowClass : int {
  short_4 = 0,   // 1..4 neighbours: 8 rows per warp, 4 lanes each
  short_8,       // 5..8: 4 rows per warp
  short_16,      // 9..16: 2 rows per warp
  short_32,      // 17..32: one row per warp, one neighbour per lane
  medium,        // 33..medium_row_limit: a warp per row, a warp-private shared table
  large,         // longer: a block per (row, label partition), a block-wide shared table
  row_class_count
};

inline constexpr std::int64_t medium_row_limit = 256;
// Smallest power of two >= 2 * medium_row_limit: a medium row's distinct
// labels always fit at load <= 0.5.
inline constexpr std::uint32_t medium_table_slots = 512;
inline constexpr std::uint32_t min_medium_table_slots = 64;
// Block tables: 4096 slots x 8 bytes = 32 KiB, about seven blocks per SM.
inline constexpr std::uint32_t large_table_slots = 4096;
// A partition is sized for entries_per_partition (2048) keys; beyond this
// many (load 7/8) it gives up and the row goes to the sorting fallback.
inline constexpr std::uint32_t large_table_claim_limit = 3584;

inline constexpr int threads_per_block = 256;
inline constexpr int warps_per_block = threads_per_block / 32;

// Lanes per row of the short classes.
constexpr int short_group_lanes(RowClass c) { return 4 << static_cast<int>(c); }

__host__ __device__ constexpr RowClass row_class(std::int64_t neighbours) {
  if (neighbours <= 4) return short_4;
  if (neighbours <= 8) return short_8;
  if (neighbours <= 16) return short_16;
  if (neighbours <= 32) return short_32;
  if (neighbours <= medium_row_limit) return medium;
  return large;
}

// Upper bound on the rows of class c in a graph of n rows and `entries`
// neighbour entries: each such row holds more than the previous class's
// limit, so at most entries / (that limit + 1) of them exist.
constexpr std::int64_t row_class_capacity(RowClass c, std::int64_t n, std::int64_t entries) {
  constexpr std::int64_t fewest[row_class_count] = {1, 5, 9, 17, 33, medium_row_limit + 1};
  const std::int64_t bound = entries / fewest[c];
  return bound < n ? bound : n;
}

// One block's work in the large class: label partition `partition` of the
// row listed at large_rows[row_slot].
struct LargeRowPart {
  std::uint32_t row_slot;
  std::uint32_t partition;
};

}  // namespace graphrun::cuda::label_mode_detail
