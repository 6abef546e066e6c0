#pragma once
// The label_mode kernels: the row pass (finishes short rows and lists the
// others by class, row_classes.hpp) and one kernel per listed class below
// the huge rows (huge_rows_kernels.cuh). Each finds the most frequent
// neighbour label with exact counts on chip. Every read of an entry
// happens once: the indices, then the gathered label.
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/types.hpp"
#include "cuda/label_mode/claimed_walk.cuh"
#include "cuda/label_mode/label_keys.hpp"
#include "cuda/label_mode/neighbour_rows.cuh"
#include "cuda/label_mode/row_classes.hpp"
#include "cuda/label_mode/shared_label_table.cuh"
#include "cuda/label_mode/staged_rows_kernel.cuh"
#include "cuda/label_mode/thread_row_mode.cuh"
#include "cuda/runtime/warp_append.cuh"
#include "cuda/spmv/common/warp_ops.cuh"

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
// chunk of equal labels costs one shared atomic, not 32. The leader gets
// the label's candidate key at its count so far (the other lanes 0).
__device__ __forceinline__ std::uint64_t add_warp_labels(const SharedLabelTable& table, bool take, vertex_t label) {
  const unsigned takers = __ballot_sync(full_warp_mask, take);
  if (!take) return 0;
  const unsigned peers = __match_any_sync(takers, label);
  if (lane_id() != __ffs(static_cast<int>(peers)) - 1) return 0;
  return candidate_key(table.add(label, static_cast<std::uint32_t>(__popc(peers))), label);
}

// How the table kernels count: kCountedOnce when every label a row sees
// occurs once in it (LabelSet::distinct on a single adjacency). Each label's
// count is then 1 and its candidate key needs no table: the tables are
// neither added to nor cleared.
template <bool kCountedOnce>
struct Counting {
  static constexpr bool counted_once = kCountedOnce;
};

// Adds the labels of entries [begin, end) of `span` (at most kThreads x
// kPerThread of them) to `table`. Called by all kThreads threads (a warp or
// the block; `thread` numbers them): every index load, then every label
// load, is issued before any is used, so one row costs two memory
// latencies, not two per 32 entries. Returns this thread's best candidate
// at the counts its adds saw: once every thread has added, the best over
// the group is the table's answer (SharedLabelTable::add), with no pass
// over the table's slots. Counted once, the table is not touched and the
// best is the maximum key at count 1.
template <int kThreads, int kPerThread, class Count>
__device__ __forceinline__ std::uint64_t count_entries(const SharedLabelTable& table, const RowSpan& span,
                                                       edge_t begin, edge_t end, int thread, const vertex_t* labels) {
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
  std::uint64_t best = 0;
#pragma unroll
  for (int k = 0; k < kPerThread; ++k) {
    const edge_t offset = static_cast<edge_t>(k) * kThreads;
    if constexpr (Count::counted_once) {
      const std::uint64_t candidate = mine + offset < end ? candidate_key(1u, label[k]) : 0;
      best = candidate > best ? candidate : best;
    } else if (warp_first + offset < end) {  // warp-uniform test
      const std::uint64_t candidate = add_warp_labels(table, mine + offset < end, label[k]);
      best = candidate > best ? candidate : best;
    }
  }
  return best;
}

// ---- the row pass ------------------------------------------------------------------

// Device counters of the row pass, read back once by the host.
struct ClassCounters {
  unsigned long long rows[listed_class_count];  // length of each class's list
  unsigned long long huge_chunks;               // HugeChunk items listed
  unsigned long long huge_tables_used;          // slots the huge rows' global tables take (huge_rows_kernels.cuh)
  unsigned long long cursors[listed_class_count];  // items claimed by the class's kernel (ClaimedWalk)
};

// Where the row pass lists rows (each list sized by row_class_capacity).
struct ClassLists {
  vertex_t* rows[listed_class_count];
  unsigned long long* huge_best;   // per huge row: best candidate key so far (zeroed here)
  unsigned long long* huge_pairs;  // per huge row: (label, count) pairs its chunks staged (zeroed here)
  ChunkRun* huge_runs;             // per huge row: its chunks in the chunk list
  HugeChunk* huge_chunks;
  ClassCounters* counters;
};

// A huge row listed at `slot`: its counters zeroed, and one HugeChunk per
// chunk, in a run of the chunk list (the merge finds a row's chunks there).
// Huge rows are rare (at most entries / 2049), so plain atomics are fine.
__device__ __forceinline__ void register_huge_row(const ClassLists& lists, vertex_t v, unsigned long long slot,
                                                  edge_t count) {
  lists.huge_best[slot] = 0;
  lists.huge_pairs[slot] = 0;
  const std::uint64_t chunks = chunk_count(count);
  const unsigned long long first = atomicAdd(&lists.counters->huge_chunks, static_cast<unsigned long long>(chunks));
  lists.huge_runs[slot] = ChunkRun{first, static_cast<std::uint32_t>(chunks)};
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

template <class Count>
__global__ void __launch_bounds__(threads_per_block, medium_blocks_per_multiprocessor)
    medium_rows_kernel(NeighbourRows rows, const vertex_t* row_list, const unsigned long long* listed_rows,
                       unsigned long long* cursor, const vertex_t* labels, vertex_t* out) {
  const auto row_count = static_cast<index_t>(*listed_rows);
  __shared__ alignas(16) std::uint32_t keys[warps_per_block][medium_table_slots];
  __shared__ alignas(16) std::uint32_t counts[warps_per_block][medium_table_slots];
  __shared__ std::uint32_t free_slot_label_counts[warps_per_block];
  const int lane = lane_id();
  const int warp_in_block = static_cast<int>(threadIdx.x) / 32;
  SharedLabelTable table{keys[warp_in_block], counts[warp_in_block], &free_slot_label_counts[warp_in_block],
                         medium_table_slots};
  table.clear(static_cast<std::uint32_t>(lane), 32);
  if (lane == 0) free_slot_label_counts[warp_in_block] = 0;
  __syncwarp();

  for (ClaimedWalk<vertex_t, WarpClaims> walk(rows, row_list, row_count, WarpClaims{}); !walk.done(row_count);
       walk.advance()) {
    const vertex_t v = walk.item();
    const RowSpan span = walk.span(rows);
    walk.prefetch(rows, row_list, row_count, cursor);
    // Counted in the table, short rows clear fewer slots of a smaller one
    // (counted once, the table stays idle); the rows of up to half the
    // limit (most of the class) issue half the loads.
    table.slots = table_slots_for(span.count);
    constexpr int full = medium_row_limit / 32;
    const std::uint64_t best =
        warp_max(span.count <= 32 * (full / 2)
                     ? count_entries<32, full / 2, Count>(table, span, 0, span.count, lane, labels)
                     : count_entries<32, full, Count>(table, span, 0, span.count, lane, labels));
    if constexpr (!Count::counted_once) {
      __syncwarp();  // every lane's adds are done before the clear
      table.clear(static_cast<std::uint32_t>(lane), 32);
      if (lane == 0) *table.free_slot_label_count = 0;
      __syncwarp();  // the clear is done before the next row's adds
    }
    if (lane == 0) out[v] = label_of_key(best);
  }
}

// ---- block rows and huge rows' chunks: a block-wide shared table --------------------

struct BlockTable {
  alignas(16) std::uint32_t keys[block_table_slots];
  alignas(16) std::uint32_t counts[block_table_slots];
  std::uint32_t free_slot_label_count;
  std::uint64_t warp_best[warps_per_block];
  index_t claims[2];  // BlockClaims' slots

  // Every thread of the block calls it once, before first use.
  __device__ __forceinline__ SharedLabelTable cleared_view() {
    const SharedLabelTable table{keys, counts, &free_slot_label_count, block_table_slots};
    table.clear(threadIdx.x, blockDim.x);
    if (threadIdx.x == 0) free_slot_label_count = 0;
    return table;
  }

  // The block's best of each thread's `best` (valid in thread 0), once
  // every thread has added to `table`; then clears the table for its next
  // use. Called by every thread.
  __device__ __forceinline__ std::uint64_t best_and_clear(const SharedLabelTable& table, std::uint64_t best) {
    best = block_max(best, warp_best);  // its barrier: every add is done
    table.clear(threadIdx.x, blockDim.x);
    if (threadIdx.x == 0) free_slot_label_count = 0;
    return best;
  }
};

// Counts the row `span` in the block's table: the block's best candidate,
// valid in thread 0. On entry the table is clear and every thread has
// passed a __syncthreads since its last use; on return it is clear again.
template <class Count>
__device__ __forceinline__ std::uint64_t count_in_block(BlockTable& storage, SharedLabelTable& table,
                                                        const RowSpan& span, const vertex_t* labels) {
  table.slots = table_slots_for(span.count);
  // Loads per thread sized to the entries (a block-uniform branch): a row of
  // 257..512 entries issues 2 per thread, not the 8 a full chunk needs, so
  // the rows most of this class holds (just past the medium class) do not
  // pay 2048 entries' worth of predicated loads and tests.
  constexpr int full = block_chunk_entries / threads_per_block;
  const auto thread = static_cast<int>(threadIdx.x);
  std::uint64_t best;
  if (span.count <= threads_per_block * (full / 4))
    best = count_entries<threads_per_block, full / 4, Count>(table, span, 0, span.count, thread, labels);
  else if (span.count <= threads_per_block * (full / 2))
    best = count_entries<threads_per_block, full / 2, Count>(table, span, 0, span.count, thread, labels);
  else
    best = count_entries<threads_per_block, full, Count>(table, span, 0, span.count, thread, labels);
  if constexpr (Count::counted_once) return block_max(best, storage.warp_best);
  return storage.best_and_clear(table, best);
}

template <class Count>
__global__ void __launch_bounds__(threads_per_block, table_blocks_per_multiprocessor)
    block_rows_kernel(NeighbourRows rows, const vertex_t* row_list, const unsigned long long* listed_rows,
                      unsigned long long* cursor, const vertex_t* labels, vertex_t* out) {
  __shared__ BlockTable storage;
  // The list's length lives in shared memory, not in a register: at the 48
  // registers five blocks an SM allow, one more 64-bit value made the walk
  // spill 104 bytes to local memory inside its loop.
  __shared__ index_t row_count;
  if (threadIdx.x == 0) row_count = static_cast<index_t>(*listed_rows);
  SharedLabelTable table = storage.cleared_view();
  __syncthreads();  // row_count is written
  for (ClaimedWalk<vertex_t, BlockClaims> walk(rows, row_list, row_count, BlockClaims{storage.claims});
       !walk.done(row_count); walk.advance()) {
    __syncthreads();  // the clear (above, or the previous row's) and warp_best reads are done
    const vertex_t v = walk.item();
    const RowSpan span = walk.span(rows);
    walk.prefetch(rows, row_list, row_count, cursor);
    const std::uint64_t best = count_in_block<Count>(storage, table, span, labels);
    if (threadIdx.x == 0) out[v] = label_of_key(best);
  }
}

}  // namespace graphrun::cuda::label_mode_detail
