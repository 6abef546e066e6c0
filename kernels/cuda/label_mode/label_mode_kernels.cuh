#pragma once
// The label_mode kernels: the row pass (finishes short rows and lists the
// others by class, row_classes.hpp) and one kernel per listed class. Each
// finds the most frequent neighbour label with exact counts on chip; huge
// rows merge exact per-chunk counts in a global table. Every read of an
// entry happens once: the indices, then the gathered label.
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/types.hpp"
#include "kernels/cuda/label_mode/global_label_table.cuh"
#include "kernels/cuda/label_mode/label_keys.hpp"
#include "kernels/cuda/label_mode/neighbour_rows.cuh"
#include "kernels/cuda/label_mode/row_classes.hpp"
#include "kernels/cuda/label_mode/shared_label_table.cuh"
#include "kernels/cuda/label_mode/staged_rows_kernel.cuh"
#include "kernels/cuda/label_mode/thread_row_mode.cuh"
#include "kernels/cuda/runtime/warp_append.cuh"
#include "kernels/cuda/spmv/warp_ops.cuh"

namespace graphrun::cuda::label_mode_detail {

using spmv::lane_id;
using spmv::full_warp_mask;

// Blocks of the shared-table kernels an SM holds: shared memory fits six
// 32 KiB tables, but registers for the row walk's prefetched loads (which
// must not spill: a spill waits for the load) allow 48 per thread, five
// blocks of 256 threads.
inline constexpr int table_blocks_per_multiprocessor = 5;
// The warp-table kernel holds eight labels per lane besides the walk: 64
// registers (four blocks) keep it from spilling.
inline constexpr int medium_blocks_per_multiprocessor = 4;

// Max over the warp; every lane gets it.
__device__ __forceinline__ std::uint64_t warp_max(std::uint64_t value) {
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) {
    const std::uint64_t other = __shfl_xor_sync(full_warp_mask, value, offset);
    value = other > value ? other : value;
  }
  return value;
}

// Max over the block, valid in thread 0. Called by every thread; the
// caller's next write of `warp_best` must follow a __syncthreads.
__device__ __forceinline__ std::uint64_t block_max(std::uint64_t value, std::uint64_t* warp_best) {
  value = warp_max(value);
  if (lane_id() == 0) warp_best[threadIdx.x / 32] = value;
  __syncthreads();
  if (threadIdx.x == 0)
    for (int w = 1; w < warps_per_block; ++w) value = warp_best[w] > value ? warp_best[w] : value;
  return value;
}

// Each lane of the warp offers `label` when `take` is set; lanes offering
// equal labels are merged and their leader adds the group's size, so a
// chunk of equal labels costs one shared atomic, not 32.
__device__ __forceinline__ void add_warp_labels(const SharedLabelTable& table, bool take, vertex_t label) {
  const unsigned takers = __ballot_sync(full_warp_mask, take);
  if (!take) return;
  const unsigned peers = __match_any_sync(takers, label);
  if (lane_id() == __ffs(static_cast<int>(peers)) - 1)
    table.add(label, static_cast<std::uint32_t>(__popc(peers)));
}

// Adds the labels of entries [begin, end) of `span` (at most kThreads x
// kPerThread of them) to `table`. Called by all kThreads threads (a warp or
// the block; `thread` numbers them): every index load, then every label
// load, is issued before any is used, so one row costs two memory
// latencies, not two per 32 entries.
template <int kThreads, int kPerThread>
__device__ __forceinline__ void count_entries(const SharedLabelTable& table, const RowSpan& span, edge_t begin,
                                              edge_t end, int thread, const vertex_t* labels) {
  vertex_t label[kPerThread];
  const edge_t mine = begin + thread;
#pragma unroll
  for (int k = 0; k < kPerThread; ++k) {
    const edge_t i = mine + static_cast<edge_t>(k) * kThreads;
    label[k] = i < end ? span.neighbour(i) : 0;
  }
#pragma unroll
  for (int k = 0; k < kPerThread; ++k)
    if (mine + static_cast<edge_t>(k) * kThreads < end) label[k] = __ldg(&labels[label[k]]);
  const edge_t warp_first = mine - lane_id();
#pragma unroll
  for (int k = 0; k < kPerThread; ++k) {
    const edge_t offset = static_cast<edge_t>(k) * kThreads;
    if (warp_first + offset < end) add_warp_labels(table, mine + offset < end, label[k]);  // warp-uniform test
  }
}

// Walks the items list[first], list[first + step], ... of a list of
// `count` (warp- or block-uniformly: every thread of the group walks the
// same items) with loads a step ahead: while one item is counted, the next
// item's row offsets and the item after it are on their way, so an item's
// critical path is its index and label loads alone, not list -> offsets ->
// indices -> labels. Call prefetch() once per item, before its work. The
// list and rows are passed to each call, not held: kernel parameters stay
// in the constant bank instead of taking registers.
template <class Item>
class ListedWalk {
 public:
  __device__ __forceinline__ ListedWalk(const NeighbourRows& rows, const Item* list, std::int64_t count,
                                        std::int64_t first, std::int64_t step)
      : listed_(first) {
    if (first < count) {
      item_ = list[first];
      bounds_ = rows.bounds(vertex_of(item_));
    }
    if (first + step < count) next_item_ = list[first + step];
  }

  __device__ __forceinline__ bool done(std::int64_t count) const { return listed_ >= count; }
  __device__ __forceinline__ const Item& item() const { return item_; }
  __device__ __forceinline__ RowSpan span(const NeighbourRows& rows) const { return rows.span(bounds_); }

  __device__ __forceinline__ void prefetch(const NeighbourRows& rows, const Item* list, std::int64_t count,
                                           std::int64_t step) {
    if (listed_ + step < count) next_bounds_ = rows.bounds(vertex_of(next_item_));
    if (listed_ + 2 * step < count) item_after_next_ = list[listed_ + 2 * step];
  }

  __device__ __forceinline__ void advance(std::int64_t step) {
    listed_ += step;
    item_ = next_item_;
    bounds_ = next_bounds_;
    next_item_ = item_after_next_;
  }

 private:
  static __device__ __forceinline__ vertex_t vertex_of(vertex_t v) { return v; }
  static __device__ __forceinline__ vertex_t vertex_of(const HugeChunk& chunk) { return chunk.vertex; }

  std::int64_t listed_;
  Item item_{};
  Item next_item_{};
  Item item_after_next_{};
  RowBounds bounds_{};
  RowBounds next_bounds_{};
};

// What a drained (label, count) pair offers as a candidate.
struct CountIsFinal {  // the table held the whole row
  __device__ std::uint64_t operator()(vertex_t label, std::uint32_t count) const { return candidate_key(count, label); }
};
struct MergeIntoRow {  // the table held one chunk: the row's count so far
  GlobalLabelTable row_table;
  __device__ std::uint64_t operator()(vertex_t label, std::uint32_t count) const {
    return candidate_key(row_table.add(label, count), label);
  }
};

// ---- the row pass ------------------------------------------------------------------

// Device counters of the row pass, read back once by the host.
struct ClassCounters {
  unsigned long long rows[listed_class_count];  // length of each class's list
  unsigned long long huge_chunks;               // HugeChunk items listed
  unsigned long long huge_table_slots;          // global table slots the huge rows need
};

// Where the row pass lists rows (each list sized by row_class_capacity).
struct ClassLists {
  vertex_t* rows[listed_class_count];
  unsigned long long* huge_best;         // per huge row: best candidate key so far (zeroed here)
  unsigned long long* huge_table_begin;  // per huge row: first slot of its global table
  HugeChunk* huge_chunks;
  ClassCounters* counters;
};

// A huge row listed at `slot`: its table's place (the tables are allocated
// once the total is known) and one HugeChunk per chunk. Huge rows are rare
// (at most entries / 2049), so plain atomics are fine.
__device__ __forceinline__ void register_huge_row(const ClassLists& lists, vertex_t v, unsigned long long slot,
                                                  edge_t count) {
  lists.huge_best[slot] = 0;
  lists.huge_table_begin[slot] =
      atomicAdd(&lists.counters->huge_table_slots, static_cast<unsigned long long>(global_table_slots(count)));
  const std::uint64_t chunks = chunk_count(count);
  const unsigned long long first = atomicAdd(&lists.counters->huge_chunks, static_cast<unsigned long long>(chunks));
  for (std::uint64_t c = 0; c < chunks; ++c)
    lists.huge_chunks[first + c] = HugeChunk{v, static_cast<std::uint32_t>(slot), static_cast<std::uint32_t>(c)};
}

// One thread per row, rows in natural order (coalesced offsets). Rows of
// <= thread_row_limit neighbours get their answer here (empty rows keep
// their own label); longer rows are appended to their class's list, with
// one shared atomic per class per warp and one global atomic per class per
// block (not per warp: a few counters shared by every warp of the grid
// serialise).
__global__ void __launch_bounds__(threads_per_block)
    row_pass_kernel(NeighbourRows rows, vertex_t n, const vertex_t* labels, vertex_t* out, ClassLists lists) {
  __shared__ unsigned int block_rows[listed_class_count];
  __shared__ unsigned long long block_first[listed_class_count];
  if (threadIdx.x < listed_class_count) block_rows[threadIdx.x] = 0;
  __syncthreads();

  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const bool is_row = v < n;
  const RowSpan span = is_row ? rows.row(static_cast<vertex_t>(v)) : RowSpan{};
  const bool by_thread = is_row && span.count <= thread_row_limit;
  // The narrowest network that fits every row of the warp (no thread has
  // left yet, as the warp intrinsics need): road-like graphs mostly take 4.
  const unsigned widest = __reduce_max_sync(full_warp_mask, by_thread ? static_cast<unsigned>(span.count) : 0u);
  if (by_thread) {
    vertex_t result;
    if (span.count == 0)
      result = labels[v];
    else if (widest <= thread_row_limit / 2)
      result = thread_row_mode<thread_row_limit / 2>(span, labels);
    else
      result = thread_row_mode<thread_row_limit>(span, labels);
    out[v] = result;
  }

  const bool listed = is_row && !by_thread;
  const RowClass c = listed ? row_class(span.count) : short_rows;
  unsigned int position = 0;
#pragma unroll
  for (int k = 0; k < listed_class_count; ++k) {
    const bool in_class = listed && c == k;
    const unsigned int slot = warp_append_slot(in_class, &block_rows[k]);
    if (in_class) position = slot;
  }
  __syncthreads();
  if (threadIdx.x < listed_class_count && block_rows[threadIdx.x] > 0)
    block_first[threadIdx.x] =
        atomicAdd(&lists.counters->rows[threadIdx.x], static_cast<unsigned long long>(block_rows[threadIdx.x]));
  __syncthreads();
  if (!listed) return;
  const unsigned long long slot = block_first[c] + position;
  vertex_t* list = lists.rows[0];
#pragma unroll
  for (int k = 1; k < listed_class_count; ++k)  // not lists.rows[c]: that copies `lists` to local memory
    if (c == k) list = lists.rows[k];
  list[slot] = static_cast<vertex_t>(v);
  if (c == huge) register_huge_row(lists, static_cast<vertex_t>(v), slot, span.count);
}

// ---- medium rows: a warp per row, a warp-private shared table -----------------------

__global__ void __launch_bounds__(threads_per_block, medium_blocks_per_multiprocessor)
    medium_rows_kernel(NeighbourRows rows, const vertex_t* row_list, const unsigned long long* listed_rows,
                       const vertex_t* labels, vertex_t* out) {
  const auto row_count = static_cast<std::int64_t>(*listed_rows);
  __shared__ std::uint32_t keys[warps_per_block][medium_table_slots];
  __shared__ std::uint32_t counts[warps_per_block][medium_table_slots];
  __shared__ std::uint32_t free_slot_label_counts[warps_per_block];
  const int lane = lane_id();
  const int warp_in_block = static_cast<int>(threadIdx.x) / 32;
  SharedLabelTable table{keys[warp_in_block], counts[warp_in_block], &free_slot_label_counts[warp_in_block],
                         medium_table_slots};
  for (std::uint32_t slot = lane; slot < medium_table_slots; slot += 32) table.clear_slot(slot);
  if (lane == 0) free_slot_label_counts[warp_in_block] = 0;
  __syncwarp();

  const std::int64_t warp = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const std::int64_t warps = static_cast<std::int64_t>(gridDim.x) * blockDim.x / 32;
  for (ListedWalk<vertex_t> walk(rows, row_list, row_count, warp, warps); !walk.done(row_count);
       walk.advance(warps)) {
    const vertex_t v = walk.item();
    const RowSpan span = walk.span(rows);
    walk.prefetch(rows, row_list, row_count, warps);
    // Short rows drain fewer slots from a smaller table.
    table.slots = table_slots_for(span.count);
    count_entries<32, medium_row_limit / 32>(table, span, 0, span.count, lane, labels);
    __syncwarp();
    std::uint64_t best = table.drain(static_cast<std::uint32_t>(lane), 32, CountIsFinal{});
    if (lane == 0) {
      const std::uint64_t special = table.drain_free_slot_label(CountIsFinal{});
      best = special > best ? special : best;
    }
    best = warp_max(best);
    if (lane == 0) out[v] = label_of_key(best);
    __syncwarp();
  }
}

// ---- block rows and huge rows' chunks: a block-wide shared table --------------------

struct BlockTable {
  std::uint32_t keys[block_table_slots];
  std::uint32_t counts[block_table_slots];
  std::uint32_t free_slot_label_count;
  std::uint64_t warp_best[warps_per_block];

  // Every thread of the block calls it once, before first use.
  __device__ __forceinline__ SharedLabelTable cleared_view() {
    const SharedLabelTable table{keys, counts, &free_slot_label_count, block_table_slots};
    for (std::uint32_t slot = threadIdx.x; slot < block_table_slots; slot += blockDim.x) table.clear_slot(slot);
    if (threadIdx.x == 0) free_slot_label_count = 0;
    return table;
  }
};

// Counts entries [begin, end) of `span` in the block's table and drains it
// through `offer`: the block's best candidate, valid in thread 0. On entry
// the table is clear and every thread has passed a __syncthreads since its
// last use; on return it is clear again.
template <class Offer>
__device__ __forceinline__ std::uint64_t count_in_block(BlockTable& storage, SharedLabelTable& table,
                                                        const RowSpan& span, edge_t begin, edge_t end,
                                                        const vertex_t* labels, Offer offer) {
  table.slots = table_slots_for(end - begin);
  // Loads per thread sized to the entries (a block-uniform branch): a row of
  // 257..512 entries issues 2 per thread, not the 8 a full chunk needs, so
  // the rows most of this class holds (just past the medium class) do not
  // pay 2048 entries' worth of predicated loads and tests.
  constexpr int full = block_chunk_entries / threads_per_block;
  const auto thread = static_cast<int>(threadIdx.x);
  if (end - begin <= threads_per_block * (full / 4))
    count_entries<threads_per_block, full / 4>(table, span, begin, end, thread, labels);
  else if (end - begin <= threads_per_block * (full / 2))
    count_entries<threads_per_block, full / 2>(table, span, begin, end, thread, labels);
  else
    count_entries<threads_per_block, full>(table, span, begin, end, thread, labels);
  __syncthreads();
  std::uint64_t best = table.drain(threadIdx.x, blockDim.x, offer);
  if (threadIdx.x == 0) {
    const std::uint64_t special = table.drain_free_slot_label(offer);
    best = special > best ? special : best;
  }
  return block_max(best, storage.warp_best);
}

__global__ void __launch_bounds__(threads_per_block, table_blocks_per_multiprocessor)
    block_rows_kernel(NeighbourRows rows, const vertex_t* row_list, const unsigned long long* listed_rows,
                      const vertex_t* labels, vertex_t* out) {
  __shared__ BlockTable storage;
  // The list's length lives in shared memory, not in a register: at the 48
  // registers five blocks an SM allow, one more 64-bit value made the walk
  // spill 104 bytes (kron-s20: +35 us a round in this kernel).
  __shared__ std::int64_t row_count;
  if (threadIdx.x == 0) row_count = static_cast<std::int64_t>(*listed_rows);
  SharedLabelTable table = storage.cleared_view();
  __syncthreads();  // row_count is written
  for (ListedWalk<vertex_t> walk(rows, row_list, row_count, blockIdx.x, gridDim.x); !walk.done(row_count);
       walk.advance(gridDim.x)) {
    __syncthreads();  // the clear (above, or the previous row's drain) and warp_best reads are done
    const vertex_t v = walk.item();
    const RowSpan span = walk.span(rows);
    walk.prefetch(rows, row_list, row_count, gridDim.x);
    const std::uint64_t best = count_in_block(storage, table, span, 0, span.count, labels, CountIsFinal{});
    if (threadIdx.x == 0) out[v] = label_of_key(best);
  }
}

// The huge rows as the chunk kernel sees them.
struct HugeRows {
  const HugeChunk* chunks;
  const unsigned long long* table_begin;  // by row slot
  unsigned long long* tables;             // zeroed, huge_table_slots words
  unsigned long long* best;               // by row slot, zeroed by the row pass
};

// Slots of a chunk's shared table each thread merges at once: their first
// global atomics are in flight together (a thread drains up to
// block_table_slots / threads_per_block = 16 slots, one global round trip
// each when merged one by one). Measured on kron-s20 it changed little: in
// the first round (every label distinct) the merge is bound by the global
// tables' DRAM traffic (they outgrow L2), not by round trips.
inline constexpr int merge_batch = 4;

// Drains the block's table into the row's global table; returns this
// thread's best candidate (the merged counts, as MergeIntoRow offers them).
__device__ __forceinline__ std::uint64_t merge_into_row(const SharedLabelTable& table,
                                                        const GlobalLabelTable& row_table) {
  std::uint64_t best = 0;
  for (std::uint32_t base = threadIdx.x; base < table.slots; base += merge_batch * blockDim.x) {
    vertex_t label[merge_batch];
    std::uint32_t count[merge_batch];  // 0: no label in that slot
#pragma unroll
    for (int k = 0; k < merge_batch; ++k) {
      const std::uint32_t slot = base + k * blockDim.x;
      if (slot >= table.slots || !table.take(slot, label[k], count[k])) {
        label[k] = 0;
        count[k] = 0;
      }
    }
    std::uint32_t total[merge_batch];
    row_table.add_batch(label, count, total);
#pragma unroll
    for (int k = 0; k < merge_batch; ++k) {
      const std::uint64_t candidate = count[k] == 0 ? 0 : candidate_key(total[k], label[k]);
      best = candidate > best ? candidate : best;
    }
  }
  return best;
}

// A block per chunk: exact counts of the chunk in shared memory, merged
// into the row's global table; the counts the merge returns are offered to
// the row's best key (atomicMax: any order gives the same result).
__global__ void __launch_bounds__(threads_per_block, table_blocks_per_multiprocessor)
    huge_chunks_kernel(NeighbourRows rows, HugeRows huge, std::int64_t chunk_total, const vertex_t* labels) {
  __shared__ BlockTable storage;
  SharedLabelTable table = storage.cleared_view();
  for (ListedWalk<HugeChunk> walk(rows, huge.chunks, chunk_total, blockIdx.x, gridDim.x); !walk.done(chunk_total);
       walk.advance(gridDim.x)) {
    __syncthreads();  // as in block_rows_kernel
    const HugeChunk work = walk.item();
    const RowSpan span = walk.span(rows);
    walk.prefetch(rows, huge.chunks, chunk_total, gridDim.x);
    const GlobalLabelTable row_table{huge.tables + huge.table_begin[work.row_slot], global_table_slots(span.count)};
    const edge_t begin = static_cast<edge_t>(work.chunk) * block_chunk_entries;
    const edge_t end = begin + block_chunk_entries < span.count ? begin + block_chunk_entries : span.count;
    table.slots = table_slots_for(end - begin);
    count_entries<threads_per_block, block_chunk_entries / threads_per_block>(
        table, span, begin, end, static_cast<int>(threadIdx.x), labels);
    __syncthreads();
    std::uint64_t best = merge_into_row(table, row_table);
    if (threadIdx.x == 0) {
      const std::uint64_t special = table.drain_free_slot_label(MergeIntoRow{row_table});
      best = special > best ? special : best;
    }
    best = block_max(best, storage.warp_best);
    if (threadIdx.x == 0) atomicMax(&huge.best[work.row_slot], static_cast<unsigned long long>(best));
  }
}

}  // namespace graphrun::cuda::label_mode_detail
