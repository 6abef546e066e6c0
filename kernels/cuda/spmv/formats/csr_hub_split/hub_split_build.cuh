#pragma once
// The two walks over the CSR's entries that build csr-hub-split's copy
// (hub_split_format.cu). A warp takes a range of walk_range_entries
// consecutive entries, 32 at a time, a lane an entry: loads and stores
// stay coalesced, and where a lane's entry falls among its row's and its
// range's tier entries comes from ballots, not from a per-entry scan.
//  1. CountTierEntries: each candidate tier's entries per row (one atomic
//     per tier and run of a row's entries within one 32-entry step) and
//     per range.
//  2. PlaceEntries: with the scans of those counts, each entry to its kept
//     tier's group slot or to the rest part.
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/types.hpp"
#include "cuda/runtime/segment_search.cuh"
#include "cuda/spmv/formats/csr_hub_split/hub_columns.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"
#include "cuda/spmv/common/warp_ops.cuh"

namespace graphrun::cuda::spmv {

// Entries of one warp's range: 8 steps of 32.
inline constexpr std::int64_t walk_range_entries = 256;
inline constexpr int walk_threads_per_block = 256;

inline std::int64_t walk_ranges(std::int64_t entries) {
  return (entries + walk_range_entries - 1) / walk_range_entries;
}

// A walk's warp per range, as many as are resident (grid-stride over
// ranges, warp-uniform: every lane of a warp has the same range).
template <class Walk>
__global__ void __launch_bounds__(walk_threads_per_block) walk_ranges_kernel(std::int64_t ranges, Walk walk) {
  const std::int64_t warps = static_cast<std::int64_t>(gridDim.x) * (blockDim.x / 32);
  for (std::int64_t range = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32; range < ranges;
       range += warps)
    walk(range);
}

// The slots csr-hub-split's tiers hold at most: a place code below it is a
// kept tier's slot, any other a rest code (~ an index or a column id) or
// no_slot. Every rest code lies at or above it only while every column id
// is below 2^32 - max_hub_slots: a graph of more columns than
// HubSplitPolicy::max_columns is refused (hub_split_refusal), not built.
inline constexpr std::uint32_t max_hub_slots = std::uint32_t{HubSplitPolicy::hub_columns} * HubSplitPolicy::max_tiers;
static_assert(HubSplitPolicy::max_columns == (std::int64_t{1} << 32) - max_hub_slots,
              "the column bound keeps every rest code (~ a column id) above every slot");

// The tier of a place code's slot, or -1 for a rest code or no_slot.
__device__ __forceinline__ int tier_of_slot(vertex_t code) {
  return is_slot(code, max_hub_slots) ? static_cast<int>(code) / HubSplitPolicy::hub_columns : -1;
}

// A lane's walk over its range: entry begin + 32 k + lane at step k, and
// that entry's row. Lane 0 finds the row of the range's first entry; each
// lane steps on from there (rows only grow along the walk).
struct LaneEntryWalk {
  edge_t begin;
  edge_t end;
  std::int64_t row;
  edge_t row_end;

  __device__ LaneEntryWalk(const edge_t* offsets, std::int64_t rows, std::int64_t entries, std::int64_t range)
      : begin(range * walk_range_entries),
        end(begin + walk_range_entries < entries ? begin + walk_range_entries : entries) {
    std::int64_t first_row = 0;
    if (lane_id() == 0) first_row = segment_of(offsets, rows, begin);
    row = shuffle_from(first_row, 0);
    row_end = offsets[row + 1];
  }

  // Moves to the row of `entry` (< end, not before the last entry asked for).
  __device__ void step_to(const edge_t* offsets, edge_t entry) {
    while (entry >= row_end) row_end = offsets[++row + 1];
  }
};

// Pass 1: per candidate tier, each row's entries (added to zeroed counts;
// a row's lanes in one step add once, by the lane of its first entry) and
// each range's.
struct CountTierEntries {
  const edge_t* offsets;
  std::int64_t rows;
  const vertex_t* columns;
  std::int64_t entries;
  const vertex_t* slot_of_column;
  unsigned* row_entries[HubSplitPolicy::max_tiers];    // per row; nullptr past the candidate tiers
  unsigned* range_entries[HubSplitPolicy::max_tiers];  // per range; nullptr past the candidate tiers

  __device__ void operator()(std::int64_t range) const {
    LaneEntryWalk walk(offsets, rows, entries, range);
    const int lane = lane_id();
    unsigned in_range[HubSplitPolicy::max_tiers] = {};
    for (edge_t step = walk.begin; step < walk.end; step += 32) {
      const edge_t entry = step + lane;
      const bool valid = entry < walk.end;
      int tier = -1;
      if (valid) {
        walk.step_to(offsets, entry);
        tier = tier_of_slot(slot_of_column[columns[entry]]);
      }
      // This step's segments of one row: a lane whose row differs from the
      // lane below starts one, and it runs to the next start.
      const std::int64_t row_below = shuffle_up(walk.row, 1);
      const unsigned starts = __ballot_sync(full_warp_mask, valid && (lane == 0 || walk.row != row_below));
      const unsigned above = lane == 31 ? 0u : starts & (~0u << (lane + 1));
      const unsigned segment = (above == 0 ? ~0u : (1u << (__ffs(static_cast<int>(above)) - 1)) - 1u) & ~lanes_below();
#pragma unroll
      for (int t = 0; t < HubSplitPolicy::max_tiers; ++t) {
        const unsigned in_tier = __ballot_sync(full_warp_mask, tier == t);
        in_range[t] += static_cast<unsigned>(__popc(in_tier));
        const auto in_segment = static_cast<unsigned>(__popc(in_tier & segment));
        if ((starts >> lane & 1u) != 0 && in_segment > 0) atomicAdd(row_entries[t] + walk.row, in_segment);
      }
    }
    if (lane == 0) {
#pragma unroll
      for (int t = 0; t < HubSplitPolicy::max_tiers; ++t)
        if (range_entries[t] != nullptr) range_entries[t][range] = in_range[t];
    }
  }
};

// Where pass 2 puts a kept tier's entries: the scans of pass 1's counts.
struct TierTarget {
  const unsigned* row_entries;  // per row
  const edge_t* row_before;     // per row: the tier's entries in the rows before it
  const edge_t* group_start;    // per row: the tier's groups in the rows before it
  const edge_t* range_before;   // per range: the tier's entries before it
  std::uint16_t pad_slot;       // the tier's hubs
  std::uint16_t* group_slots;
  float* group_weights;         // nullptr: no weights
  vertex_t* group_rows;

  // The row's tier entry `rank` (in CSR order) to its group's slot; the
  // group's first entry names the row and the row's last pads the group.
  __device__ void place(std::int64_t row, edge_t rank, vertex_t tier_slot, const float* weights, edge_t entry) const {
    constexpr int group_entries = HubSplitPolicy::group_entries;
    const edge_t group = group_start[row] + rank / group_entries;
    const edge_t at = group * group_entries + rank % group_entries;
    group_slots[at] = static_cast<std::uint16_t>(tier_slot);
    if (group_weights != nullptr) group_weights[at] = weights[entry];
    if (rank % group_entries == 0) group_rows[group] = static_cast<vertex_t>(row);
    if (rank + 1 == static_cast<edge_t>(row_entries[row]))
      for (edge_t pad = at + 1; pad < (group + 1) * group_entries; ++pad) {
        group_slots[pad] = pad_slot;
        if (group_weights != nullptr) group_weights[pad] = 1.0f;
      }
  }
};

// Pass 2: every entry to its kept tier's group slot or to the rest part.
// A range knows each kept tier's entries before it (range_before), so an
// entry's tier entries before it are those plus the ballots of the steps
// and lanes before it; its rank in its row is that less the row's
// row_before. The rest part's entries before it are all the others.
struct PlaceEntries {
  const edge_t* offsets;
  std::int64_t rows;
  const vertex_t* columns;
  const float* weights;  // nullptr: no weights
  std::int64_t entries;
  // Per column, in one lookup: its kept tier's slot (>= 0), or ~ its
  // column in the rest part (its index in the compact x, or itself).
  const vertex_t* place_of_column;
  int kept_tiers;
  TierTarget tiers[HubSplitPolicy::max_tiers];
  vertex_t* rest_columns;
  float* rest_weights;

  __device__ void operator()(std::int64_t range) const {
    LaneEntryWalk walk(offsets, rows, entries, range);
    edge_t before[HubSplitPolicy::max_tiers] = {};
    edge_t rest_before = walk.begin;
#pragma unroll
    for (int t = 0; t < HubSplitPolicy::max_tiers; ++t)
      if (t < kept_tiers) {
        before[t] = tiers[t].range_before[range];
        rest_before -= before[t];
      }
    for (edge_t step = walk.begin; step < walk.end; step += 32) {
      const edge_t entry = step + lane_id();
      const bool valid = entry < walk.end;
      vertex_t place = no_slot;
      if (valid) {
        walk.step_to(offsets, entry);
        place = place_of_column[columns[entry]];
      }
      const int tier = tier_of_slot(place);
      const bool in_kept_tier = tier >= 0;
#pragma unroll
      for (int t = 0; t < HubSplitPolicy::max_tiers; ++t) {
        if (t >= kept_tiers) break;  // warp-uniform
        const unsigned in_tier = __ballot_sync(full_warp_mask, tier == t);
        if (tier == t) {
          const TierTarget& target = tiers[t];
          const edge_t tier_before = before[t] + __popc(in_tier & lanes_below());
          target.place(walk.row, tier_before - target.row_before[walk.row], place - t * HubSplitPolicy::hub_columns,
                       weights, entry);
        }
        before[t] += __popc(in_tier);
      }
      const unsigned in_rest = __ballot_sync(full_warp_mask, valid && !in_kept_tier);
      if (valid && !in_kept_tier) {
        const edge_t at = rest_before + __popc(in_rest & lanes_below());
        rest_columns[at] = ~place;
        if (weights != nullptr) rest_weights[at] = weights[entry];
      }
      rest_before += __popc(in_rest);
    }
  }
};

}  // namespace graphrun::cuda::spmv
