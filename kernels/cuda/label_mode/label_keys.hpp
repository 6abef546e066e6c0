#pragma once
// Values the CUDA label_mode kernels agree on, host- and device-callable so
// the tests can build inputs aimed at one path (see label_mode_test.cpp):
// the packed (count, label) candidate key and the label partitioning of
// rows too long for one shared-memory table.
#include <cstdint>

#include "graphrun/semiring.hpp"  // GRAPHRUN_HOST_DEVICE
#include "graphrun/types.hpp"

namespace graphrun::cuda::label_mode_detail {

// A candidate (count, label) packed so that the larger key is the better
// candidate: higher count first, then the SMALLER label. Labels are signed,
// so they are mapped order-preservingly to unsigned (flip the sign bit) and
// then inverted. Key 0 means "no candidate" (counts are >= 1), which makes
// max() and atomicMax() combine candidates in any order to the same result.
GRAPHRUN_HOST_DEVICE std::uint64_t candidate_key(std::uint32_t count, vertex_t label) {
  const std::uint32_t ordered = static_cast<std::uint32_t>(label) ^ 0x80000000u;
  return (static_cast<std::uint64_t>(count) << 32) | static_cast<std::uint64_t>(~ordered);
}

GRAPHRUN_HOST_DEVICE vertex_t label_of_key(std::uint64_t key) {
  const std::uint32_t ordered = ~static_cast<std::uint32_t>(key & 0xffffffffull);
  return static_cast<vertex_t>(ordered ^ 0x80000000u);
}

// Rows longer than one block's table can hold are split into label
// partitions, one block each: a label belongs to partition
// partition_hash(label) % partitions. The hash (murmur3's finaliser, a
// bijection) spreads vertex-id labels, which cluster, evenly.
GRAPHRUN_HOST_DEVICE std::uint32_t partition_hash(vertex_t label) {
  std::uint32_t h = static_cast<std::uint32_t>(label);
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

// Neighbours one partition is sized for: half of a block table's slots
// (load <= 0.5 on average), far below the table's fill limit, so that only
// deliberately colliding labels overflow a table.
inline constexpr std::int64_t entries_per_partition = 2048;

// Partitions of a row with `entries` neighbours: each block re-reads the
// whole row, so as few as keep entries_per_partition entries per partition
// on average (not rounded to a power of two: that would re-read up to
// twice as often).
GRAPHRUN_HOST_DEVICE std::uint32_t partition_count(std::int64_t entries) {
  return static_cast<std::uint32_t>((entries + entries_per_partition - 1) / entries_per_partition);
}

}  // namespace graphrun::cuda::label_mode_detail
