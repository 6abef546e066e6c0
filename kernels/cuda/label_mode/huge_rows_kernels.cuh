#pragma once
// The huge rows of label_mode (more than block_chunk_entries neighbours),
// in three kernels, so that no more global table is zeroed than a call's
// labels need:
//  1. count: a block per chunk counts it in its shared table and stages the
//     chunk's (label, count) pairs in global memory; a row's pair total P
//     bounds its distinct labels;
//  2. rows: a row of P <= block_chunk_entries is merged in a block's shared
//     table; a larger one gets a global table of global_table_slots(P)
//     slots, zeroed there;
//  3. merge: the rows of many pairs, chunk by chunk in their global tables.
// A row of all-distinct labels would stage P = its length, as in label
// propagation's first round; that round declares its labels distinct, so
// its chunks skip the staging altogether (huge_count_kernel's Counting).
// Later rounds stage few pairs as the labels converge, so sizing tables by
// P, not by the row's length, keeps the zeroing proportional to the
// distinct labels. Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/types.hpp"
#include "cuda/label_mode/claimed_walk.cuh"
#include "cuda/label_mode/global_label_table.cuh"
#include "cuda/label_mode/label_keys.hpp"
#include "cuda/label_mode/label_mode_kernels.cuh"
#include "cuda/label_mode/row_classes.hpp"
#include "cuda/label_mode/shared_label_table.cuh"
#include "cuda/runtime/warp_append.cuh"

namespace graphrun::cuda::label_mode_detail {

// The huge rows as the three kernels see them. Chunk `position` (its place
// in the chunk list) stages its pairs at staged[position x
// block_chunk_entries ...]: a chunk holds at most that many labels.
struct HugeRows {
  const HugeChunk* chunks;
  const ChunkRun* runs;             // by row slot: its chunks in `chunks`
  unsigned long long* staged;       // (label, count) pairs, as staged_pair packs them
  std::uint32_t* chunk_pairs;       // by chunk position: pairs it staged
  unsigned long long* row_pairs;    // by row slot: pairs its chunks staged (zeroed by the row pass)
  unsigned long long* table_begin;  // by row slot: first slot of its global table, where it has one
  unsigned long long* tables;       // the tables' pool (not zeroed: kernel 2 zeroes what it hands out)
  unsigned long long* tables_used;  // slots of the pool handed out (zeroed)
  unsigned long long* best;         // by row slot: best candidate key (zeroed by the row pass)
};

__device__ __forceinline__ unsigned long long staged_pair(vertex_t label, std::uint32_t count) {
  return (static_cast<unsigned long long>(static_cast<std::uint32_t>(label)) << 32) | count;
}
__device__ __forceinline__ vertex_t staged_label(unsigned long long pair) {
  return static_cast<vertex_t>(static_cast<std::uint32_t>(pair >> 32));
}
__device__ __forceinline__ std::uint32_t staged_count(unsigned long long pair) {
  return static_cast<std::uint32_t>(pair);
}

// A row of at most this many staged pairs is merged in one block's shared
// table (2 x as many slots: load <= 0.5); a longer one in a global table.
inline constexpr unsigned long long shared_merge_pairs = block_chunk_entries;

// ---- 1. count and stage ------------------------------------------------------------

// Moves every label held in the block's table to `staged` (and clears the
// table), appending at *staged_so_far (shared, 0 on entry). Called by the
// whole block after the counting's __syncthreads.
__device__ __forceinline__ void stage_pairs(const SharedLabelTable& table, unsigned long long* staged,
                                            unsigned int* staged_so_far) {
  // table.slots is a power of two >= 64: each warp's lanes loop alike, as
  // warp_append_slot needs.
  for (std::uint32_t slot = threadIdx.x; slot < table.slots; slot += blockDim.x) {
    vertex_t label;
    std::uint32_t count;
    const bool held = table.take(slot, label, count);
    const unsigned int at = warp_append_slot(held, staged_so_far);
    if (held) staged[at] = staged_pair(label, count);
  }
  if (threadIdx.x == 0) {
    const std::uint32_t count = table.take_free_slot_label();
    if (count > 0) staged[atomicAdd(staged_so_far, 1u)] = staged_pair(static_cast<vertex_t>(free_slot), count);
  }
}

// Counted once (label_mode_kernels.cuh's Counting), a chunk's best key is
// its row's best at count 1: it is offered to the row's key with one
// atomicMax (any order gives the same result) and nothing is staged, so
// kernels 2 and 3 have no work.
template <class Count>
__global__ void __launch_bounds__(threads_per_block, table_blocks_per_multiprocessor)
    huge_count_kernel(NeighbourRows rows, HugeRows huge, index_t chunk_total, unsigned long long* cursor,
                      const vertex_t* labels) {
  __shared__ BlockTable storage;
  __shared__ unsigned int staged_so_far;
  if (threadIdx.x == 0) staged_so_far = 0;
  SharedLabelTable table = storage.cleared_view();
  for (ClaimedWalk<HugeChunk, BlockClaims> walk(rows, huge.chunks, chunk_total, BlockClaims{storage.claims});
       !walk.done(chunk_total); walk.advance()) {
    __syncthreads();  // the table is clear, staged_so_far is 0
    const HugeChunk work = walk.item();
    const RowSpan span = walk.span(rows);
    const index_t position = walk.index();
    walk.prefetch(rows, huge.chunks, chunk_total, cursor);
    const edge_t begin = static_cast<edge_t>(work.chunk) * block_chunk_entries;
    const edge_t end = begin + block_chunk_entries < span.count ? begin + block_chunk_entries : span.count;
    table.slots = table_slots_for(end - begin);
    // The running counts are the chunk's, not the row's: the merge gives those.
    const std::uint64_t best = count_entries<threads_per_block, block_chunk_entries / threads_per_block, Count>(
        table, span, begin, end, static_cast<int>(threadIdx.x), labels);
    if constexpr (Count::counted_once) {
      const std::uint64_t chunk_best = block_max(best, storage.warp_best);
      if (threadIdx.x == 0) atomicMax(&huge.best[work.row_slot], static_cast<unsigned long long>(chunk_best));
      continue;
    }
    __syncthreads();
    stage_pairs(table, huge.staged + position * block_chunk_entries, &staged_so_far);
    __syncthreads();
    if (threadIdx.x == 0) {
      huge.chunk_pairs[position] = staged_so_far;
      atomicAdd(&huge.row_pairs[work.row_slot], static_cast<unsigned long long>(staged_so_far));
      staged_so_far = 0;
    }
  }
}

// ---- 2. rows of few pairs merged, tables for rows of many ----------------------------

// A block per row (grid-stride). A row of at most shared_merge_pairs pairs
// is merged here in the block's shared table, a warp per chunk (so a row's
// chunks merge side by side, not one after another on a critical path),
// and its best key written. A longer one takes
// global_table_slots(P) slots of the pool and zeroes them for kernel 3.
__global__ void __launch_bounds__(threads_per_block, table_blocks_per_multiprocessor)
    huge_rows_kernel(HugeRows huge, index_t row_count) {
  __shared__ BlockTable storage;
  __shared__ unsigned long long begin;
  SharedLabelTable table = storage.cleared_view();
  for (index_t r = blockIdx.x; r < row_count; r += gridDim.x) {
    __syncthreads();  // the table is clear; warp_best and `begin` have been read
    const unsigned long long pairs = huge.row_pairs[r];
    if (pairs <= shared_merge_pairs) {  // block-uniform
      const ChunkRun run = huge.runs[r];
      table.slots = table_slots_for(static_cast<std::int64_t>(pairs));
      std::uint64_t best = 0;
      for (std::uint32_t chunk = threadIdx.x / 32; chunk < run.count; chunk += warps_per_block) {
        const unsigned long long position = run.first + chunk;
        const unsigned long long* staged = huge.staged + position * block_chunk_entries;
        const std::uint32_t count = huge.chunk_pairs[position];
        for (std::uint32_t i = lane_id(); i < count; i += 32) {
          const unsigned long long pair = staged[i];
          const vertex_t label = staged_label(pair);
          const std::uint64_t candidate = candidate_key(table.add(label, staged_count(pair)), label);
          best = candidate > best ? candidate : best;
        }
      }
      best = storage.best_and_clear(table, best);
      if (threadIdx.x == 0) huge.best[r] = best;
      continue;
    }
    const std::uint64_t slots = global_table_slots(static_cast<std::int64_t>(pairs));
    if (threadIdx.x == 0) {
      begin = atomicAdd(huge.tables_used, static_cast<unsigned long long>(slots));
      huge.table_begin[r] = begin;
    }
    __syncthreads();
    // Two slots a 16-byte store: the pool is 256-byte aligned and every
    // table's size, so its begin, is even.
    uint4* table_words = reinterpret_cast<uint4*>(huge.tables + begin);
    for (std::uint64_t q = threadIdx.x; q < slots / 2; q += blockDim.x) table_words[q] = uint4{0u, 0u, 0u, 0u};
  }
}

// ---- 3. rows of many pairs merged in their global tables ----------------------------

// Pairs each thread merges into a global table at once: their first
// atomics are in flight together.
inline constexpr int merge_batch = 4;

// Adds staged pairs [0, count) to `row_table`; returns this thread's best
// candidate at the counts the adds returned.
__device__ __forceinline__ std::uint64_t merge_into_row(const unsigned long long* staged, std::uint32_t count,
                                                        const GlobalLabelTable& row_table) {
  std::uint64_t best = 0;
  for (std::uint32_t base = threadIdx.x; base < count; base += merge_batch * blockDim.x) {
    vertex_t label[merge_batch];
    std::uint32_t adds[merge_batch];  // 0: nothing to add
#pragma unroll
    for (int k = 0; k < merge_batch; ++k) {
      const std::uint32_t i = base + k * blockDim.x;
      const unsigned long long pair = i < count ? staged[i] : 0ull;
      label[k] = staged_label(pair);
      adds[k] = staged_count(pair);
    }
    std::uint32_t total[merge_batch];
    row_table.add_batch(label, adds, total);
#pragma unroll
    for (int k = 0; k < merge_batch; ++k) {
      const std::uint64_t candidate = adds[k] == 0 ? 0 : candidate_key(total[k], label[k]);
      best = candidate > best ? candidate : best;
    }
  }
  return best;
}

// Blocks of the merge kernel an SM holds (no shared table: only registers
// bound it).
inline constexpr int merge_blocks_per_multiprocessor = 4;

// A block per chunk of a row of many pairs (grid-stride): the chunk's pairs
// go to the row's global table, and the counts the adds return are offered
// to the row's key (atomicMax: any order gives the same result). When no
// row needed a table (label propagation's later rounds, once labels converge),
// the kernel ends at its first load.
__global__ void __launch_bounds__(threads_per_block, merge_blocks_per_multiprocessor)
    huge_merge_kernel(HugeRows huge, index_t chunk_total) {
  __shared__ std::uint64_t warp_best[warps_per_block];
  if (*huge.tables_used == 0) return;
  for (index_t position = blockIdx.x; position < chunk_total; position += gridDim.x) {
    const HugeChunk work = huge.chunks[position];
    const unsigned long long pairs = huge.row_pairs[work.row_slot];
    if (pairs <= shared_merge_pairs) continue;  // merged by kernel 2; block-uniform
    const GlobalLabelTable row_table{huge.tables + huge.table_begin[work.row_slot],
                                     global_table_slots(static_cast<std::int64_t>(pairs))};
    std::uint64_t best =
        merge_into_row(huge.staged + position * block_chunk_entries, huge.chunk_pairs[position], row_table);
    best = block_max(best, warp_best);
    if (threadIdx.x == 0) atomicMax(&huge.best[work.row_slot], static_cast<unsigned long long>(best));
    __syncthreads();  // warp_best has been read before the next chunk's block_max writes it
  }
}

}  // namespace graphrun::cuda::label_mode_detail
