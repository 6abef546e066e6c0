#pragma once
// The label_mode kernels, one per row class (row_classes.cuh). Each finds
// the most frequent neighbour label of its rows with exact counts on chip:
// no pass over all entries in global memory beyond reading the indices and
// gathering the labels once (large rows: once per label partition).
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/types.hpp"
#include "kernels/cuda/label_mode/label_keys.hpp"
#include "kernels/cuda/label_mode/neighbour_rows.cuh"
#include "kernels/cuda/label_mode/row_classes.cuh"
#include "kernels/cuda/label_mode/shared_label_table.cuh"
#include "kernels/cuda/runtime/warp_append.cuh"

namespace graphrun::cuda::label_mode_detail {

inline constexpr unsigned full_warp = 0xffffffffu;

__device__ __forceinline__ int lane_of_thread() { return static_cast<int>(threadIdx.x) & 31; }

// Max over each aligned group of kLanes lanes; every lane gets its group's max.
template <int kLanes>
__device__ __forceinline__ std::uint64_t group_max(std::uint64_t value) {
#pragma unroll
  for (int offset = kLanes / 2; offset > 0; offset /= 2) {
    const std::uint64_t other = __shfl_xor_sync(full_warp, value, offset, kLanes);
    value = other > value ? other : value;
  }
  return value;
}

// Each lane of the warp offers `label` when `take` is set; lanes offering
// equal labels are merged and their leader adds the group's size, so a
// chunk of equal labels costs one shared atomic, not 32.
__device__ __forceinline__ void add_warp_labels(const SharedLabelTable& table, bool take, vertex_t label) {
  const unsigned takers = __ballot_sync(full_warp, take);
  if (!take) return;
  const unsigned peers = __match_any_sync(takers, label);
  if (lane_of_thread() == __ffs(static_cast<int>(peers)) - 1) table.add(label, static_cast<std::uint32_t>(__popc(peers)));
}

// ---- classification -----------------------------------------------------------

// Writes out[v] = labels[v] for rows without neighbours and lists every
// other row under its class: lists + list_begin[c] for the small classes,
// large_rows (with one LargeRowPart per label partition) for the large one.
// counters[c] ends as the length of class c's list, counters[row_class_count]
// as the number of LargeRowParts.
struct ClassLists {
  vertex_t* lists;
  std::int64_t list_begin[large];
  vertex_t* large_rows;
  std::uint64_t* large_best;  // per large row: best candidate key so far
  int* large_overflowed;      // per large row: a partition's table overflowed
  LargeRowPart* large_parts;
  unsigned int* counters;     // row_class_count + 1
};

__global__ void __launch_bounds__(threads_per_block)
    classify_rows_kernel(NeighbourRows rows, vertex_t n, const vertex_t* labels, vertex_t* out, ClassLists lists) {
  const int lane = lane_of_thread();
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  // The loop runs warp-uniformly (stride and start are multiples of 32),
  // as warp_append_slot needs every lane.
  for (std::int64_t base = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x - lane; base < n;
       base += stride) {
    const std::int64_t v = base + lane;
    const bool is_row = v < n;
    const edge_t neighbours = is_row ? rows.degree(static_cast<vertex_t>(v)) : 0;
    if (is_row && neighbours == 0) out[v] = labels[v];
    const RowClass c = row_class(neighbours);
    const bool listed = is_row && neighbours > 0;
    for (int k = short_4; k < large; ++k) {
      const unsigned slot = warp_append_slot(listed && c == k, &lists.counters[k]);
      if (listed && c == k) lists.lists[lists.list_begin[k] + slot] = static_cast<vertex_t>(v);
    }
    const unsigned slot = warp_append_slot(listed && c == large, &lists.counters[large]);
    if (listed && c == large) {
      lists.large_rows[slot] = static_cast<vertex_t>(v);
      lists.large_best[slot] = 0;
      lists.large_overflowed[slot] = 0;
      const std::uint32_t partitions = partition_count(neighbours);
      // Large rows are rare (at most entries / 257), so a plain atomic is fine.
      const unsigned first_part = atomicAdd(&lists.counters[row_class_count], partitions);
      for (std::uint32_t p = 0; p < partitions; ++p) lists.large_parts[first_part + p] = LargeRowPart{slot, p};
    }
  }
}

// ---- short rows: __match_any_sync, no table ---------------------------------------

// kLanes lanes per row, one neighbour per lane (rows of <= kLanes
// neighbours). Lanes whose (row group, label) pairs match hold the same
// label of the same row; the size of that match is the label's count.
template <int kLanes>
__global__ void __launch_bounds__(threads_per_block)
    short_rows_kernel(NeighbourRows rows, const vertex_t* row_list, std::int64_t row_count, const vertex_t* labels,
                      vertex_t* out) {
  constexpr int rows_per_warp = 32 / kLanes;
  const int lane = lane_of_thread();
  const int group = lane / kLanes;
  const int member = lane % kLanes;
  const std::int64_t warp = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const std::int64_t warps = static_cast<std::int64_t>(gridDim.x) * blockDim.x / 32;
  for (std::int64_t first = warp * rows_per_warp; first < row_count; first += warps * rows_per_warp) {
    const std::int64_t listed = first + group;
    vertex_t v = 0;
    bool holds_neighbour = false;
    vertex_t label = 0;
    if (listed < row_count) {
      v = row_list[listed];
      const RowSpan span = rows.row(v);
      if (member < span.count) {
        holds_neighbour = true;
        label = __ldg(&labels[span.neighbour(member)]);
      }
    }
    // Lanes without a neighbour get a key no other lane has (the group field
    // of a real key is < rows_per_warp <= 8), so they match only themselves.
    const std::uint64_t match_key =
        holds_neighbour ? (static_cast<std::uint64_t>(group) << 32) | static_cast<std::uint32_t>(label)
                        : static_cast<std::uint64_t>(32 + lane) << 32;
    const unsigned same_label = __match_any_sync(full_warp, match_key);
    const std::uint64_t candidate =
        holds_neighbour ? candidate_key(static_cast<std::uint32_t>(__popc(same_label)), label) : 0;
    const std::uint64_t best = group_max<kLanes>(candidate);
    if (member == 0 && listed < row_count) out[v] = label_of_key(best);
  }
}

// ---- medium rows: a warp per row, a warp-private shared table ----------------------

__global__ void __launch_bounds__(threads_per_block)
    medium_rows_kernel(NeighbourRows rows, const vertex_t* row_list, std::int64_t row_count, const vertex_t* labels,
                       vertex_t* out) {
  __shared__ std::uint32_t keys[warps_per_block][medium_table_slots];
  __shared__ std::uint32_t counts[warps_per_block][medium_table_slots];
  __shared__ std::uint32_t free_slot_label_counts[warps_per_block];
  const int lane = lane_of_thread();
  const int warp_in_block = static_cast<int>(threadIdx.x) / 32;
  SharedLabelTable table{keys[warp_in_block], counts[warp_in_block], &free_slot_label_counts[warp_in_block],
                         medium_table_slots};
  for (std::uint32_t slot = lane; slot < medium_table_slots; slot += 32) table.clear_slot(slot);
  if (lane == 0) free_slot_label_counts[warp_in_block] = 0;
  __syncwarp();

  const std::int64_t warp = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const std::int64_t warps = static_cast<std::int64_t>(gridDim.x) * blockDim.x / 32;
  for (std::int64_t listed = warp; listed < row_count; listed += warps) {
    const vertex_t v = row_list[listed];
    const RowSpan span = rows.row(v);
    // The smallest power-of-two table with load <= 0.5: short rows scan
    // fewer slots afterwards. It never overflows (count <= medium_row_limit).
    table.slots = min_medium_table_slots;
    while (table.slots < 2 * span.count) table.slots *= 2;
    for (edge_t base = 0; base < span.count; base += 32) {
      const edge_t i = base + lane;
      const bool holds_neighbour = i < span.count;
      const vertex_t label = holds_neighbour ? __ldg(&labels[span.neighbour(i)]) : 0;
      add_warp_labels(table, holds_neighbour, label);
    }
    __syncwarp();
    std::uint64_t best = table.best_and_clear(static_cast<std::uint32_t>(lane), 32);
    if (lane == 0) {
      const std::uint64_t special = table.free_slot_label_candidate_and_clear();
      best = special > best ? special : best;
    }
    best = group_max<32>(best);
    if (lane == 0) out[v] = label_of_key(best);
    __syncwarp();
  }
}

// ---- large rows: a block per (row, label partition) -------------------------------

// Counts the labels of one partition of one row in a block-wide table and
// offers the partition's best to large_best[row slot] (atomicMax on the
// packed key: the same result in any order). A table that overflows (only
// labels chosen to collide can do that) marks the row for the fallback.
__global__ void __launch_bounds__(threads_per_block)
    large_rows_kernel(NeighbourRows rows, const vertex_t* large_rows, const LargeRowPart* parts,
                      std::int64_t part_count, const vertex_t* labels, std::uint64_t* large_best,
                      int* large_overflowed) {
  __shared__ std::uint32_t keys[large_table_slots];
  __shared__ std::uint32_t counts[large_table_slots];
  __shared__ std::uint32_t free_slot_label_count;
  __shared__ std::uint32_t claimed;
  __shared__ int overflow;
  __shared__ std::uint64_t warp_best[warps_per_block];
  const int lane = lane_of_thread();
  const int warp_in_block = static_cast<int>(threadIdx.x) / 32;
  const SharedLabelTable table{keys,   counts, &free_slot_label_count, large_table_slots, &claimed,
                               large_table_claim_limit, &overflow};
  for (std::uint32_t slot = threadIdx.x; slot < large_table_slots; slot += blockDim.x) table.clear_slot(slot);

  for (std::int64_t part = blockIdx.x; part < part_count; part += gridDim.x) {  // block-uniform
    if (threadIdx.x == 0) {
      free_slot_label_count = 0;
      claimed = 0;
      overflow = 0;
    }
    __syncthreads();  // table clear (first pass: above; later: best_and_clear) and counters reset
    const LargeRowPart work = parts[part];
    const RowSpan span = rows.row(large_rows[work.row_slot]);
    const std::uint32_t partitions = partition_count(span.count);
    for (edge_t base = threadIdx.x - lane; base < span.count; base += blockDim.x) {
      // Stop early once the table gave up (read by lane 0 so the whole warp
      // leaves together, as the warp intrinsics below need).
      // (An atomic read: other warps raise the flag concurrently.)
      const int raised = lane == 0 ? atomicAdd(&overflow, 0) : 0;
      if (__shfl_sync(full_warp, raised, 0) != 0) break;
      const edge_t i = base + lane;
      const bool holds_neighbour = i < span.count;
      const vertex_t label = holds_neighbour ? __ldg(&labels[span.neighbour(i)]) : 0;
      const bool in_partition =
          holds_neighbour && (partitions == 1 || partition_hash(label) % partitions == work.partition);
      add_warp_labels(table, in_partition, label);
    }
    __syncthreads();
    const bool failed = overflow != 0;
    std::uint64_t best = table.best_and_clear(threadIdx.x, blockDim.x);
    if (threadIdx.x == 0) {
      const std::uint64_t special = table.free_slot_label_candidate_and_clear();
      best = special > best ? special : best;
    }
    best = group_max<32>(best);
    if (lane == 0) warp_best[warp_in_block] = best;
    __syncthreads();
    if (threadIdx.x == 0) {
      if (failed) {
        large_overflowed[work.row_slot] = 1;
      } else {
        for (int w = 1; w < warps_per_block; ++w) best = warp_best[w] > best ? warp_best[w] : best;
        if (best != 0) atomicMax(reinterpret_cast<unsigned long long*>(&large_best[work.row_slot]),
                                 static_cast<unsigned long long>(best));
      }
    }
    // The next part's reset of the counters waits for every thread here.
    __syncthreads();
  }
}

}  // namespace graphrun::cuda::label_mode_detail
