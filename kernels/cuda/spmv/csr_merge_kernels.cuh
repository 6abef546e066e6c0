#pragma once
// csr-merge: merge-path SpMV. The rows' end offsets and the entries 0..nnz-1
// are merged into one sequence of rows + nnz steps (a row ends after its last
// entry), and every block takes the same number of steps, so a row with
// millions of entries is spread over many blocks and a run of empty rows costs
// one step each. Deterministic: partial rows are combined left to right by a
// block-wide segmented scan and, across tiles, by the carry levels of
// segmented_reduce_kernel.cuh. Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/spmv/row_access.cuh"
#include "kernels/cuda/spmv/segmented_reduce_kernel.cuh"
#include "kernels/cuda/spmv/segmented_scan.cuh"
#include "kernels/cuda/spmv/spmv_policies.cuh"

namespace graphrun::cuda::spmv {

// Where the merge path crosses `diagonal` (steps taken so far): `row` rows
// have ended and diagonal - row entries were consumed. The end of row k is
// step k + offsets[k + 1] (k earlier row ends, then every entry of rows <= k),
// strictly increasing in k, so the answer is the number of k in [low, high)
// with k + offsets[k + 1] < diagonal: a binary search over [low, high].
__device__ __forceinline__ std::int64_t merge_path_rows(const edge_t* offsets, std::int64_t diagonal, std::int64_t low,
                                                        std::int64_t high) {
  while (low < high) {
    const std::int64_t middle = low + (high - low) / 2;
    if (middle + load_read_only(offsets + middle + 1) < diagonal)
      low = middle + 1;
    else
      high = middle;
  }
  return low;
}

// Tile boundaries, computed once per plan: tile t starts at step t * tile_items.
struct MergeTileStarts {
  const edge_t* offsets;
  std::int64_t num_rows;
  std::int64_t total_steps;  // num_rows + num_entries
  vertex_t* tile_rows;       // num_tiles + 1
  edge_t* tile_entries;      // num_tiles + 1

  __device__ void operator()(std::int64_t tile) const {
    const std::int64_t step = tile * CsrMergePolicy::tile_items;
    const std::int64_t diagonal = step < total_steps ? step : total_steps;
    const std::int64_t rows = merge_path_rows(offsets, diagonal, 0, num_rows);
    tile_rows[tile] = static_cast<vertex_t>(rows);
    tile_entries[tile] = diagonal - rows;
  }
};

struct MergeTiles {
  const vertex_t* rows;     // rows ended before each tile (num_tiles + 1)
  const edge_t* entries;    // entries consumed before each tile (num_tiles + 1)
  std::int64_t count = 0;   // num_tiles
};

// One tile per block; each thread walks items_per_thread consecutive merge
// steps straight from global memory (entries through the read-only cache).
// Staging the tile's row ends and entry products in shared memory first
// (CUB's AgentSpmv layout) measured slower on the H100: 1.62 vs 1.78 TB/s on
// a 2^24-row tridiagonal matrix, 749 vs 781 GB/s on R-MAT scale 22.
template <class Semiring, bool kWeighted>
__global__ void __launch_bounds__(CsrMergePolicy::threads_per_block)
    csr_merge_kernel(CsrView csr, MergeTiles tiles, EntryProduct<Semiring, kWeighted> product, RowMask mask,
                     RowOutput<Semiring> out, CarrySlots<typename Semiring::value_type> carries) {
  using Policy = CsrMergePolicy;
  using value_type = typename Semiring::value_type;
  using Scan = BlockSegmentedScan<Semiring, Policy::threads_per_block>;
  __shared__ typename Scan::TempStorage scan_storage;

  const std::int64_t tile = blockIdx.x;
  const std::int64_t num_rows = csr.num_rows;
  const std::int64_t total_steps = num_rows + csr.num_entries;
  const std::int64_t tile_step = tile * Policy::tile_items;
  const std::int64_t tile_end_step =
      tile_step + Policy::tile_items < total_steps ? tile_step + Policy::tile_items : total_steps;
  const std::int64_t tile_first_row = tiles.rows[tile];
  const std::int64_t tile_last_row = tiles.rows[tile + 1];

  // This thread's run of steps and where the path enters it.
  std::int64_t step = tile_step + static_cast<std::int64_t>(threadIdx.x) * Policy::items_per_thread;
  if (step > tile_end_step) step = tile_end_step;
  const std::int64_t end_step =
      step + Policy::items_per_thread < tile_end_step ? step + Policy::items_per_thread : tile_end_step;
  std::int64_t row = merge_path_rows(csr.offsets, step, tile_first_row, tile_last_row);
  std::int64_t entry = step - row;

  bool selected = row < num_rows && mask.selected(row);
  edge_t row_end = row < num_rows ? load_read_only(csr.offsets + row + 1) : csr.num_entries;
  value_type sum = Semiring::identity();
  // The first row this thread ends may have begun in an earlier thread: it is
  // completed after the block scan, every later one is complete here.
  bool ended_a_row = false;
  std::int64_t first_ended_row = 0;
  value_type first_ended_sum = Semiring::identity();

#pragma unroll
  for (int k = 0; k < Policy::items_per_thread; ++k) {
    if (step + k >= end_step) break;
    if (entry < row_end) {
      if (selected) sum = Semiring::add(sum, product(entry));
      ++entry;
    } else {
      if (!ended_a_row) {
        ended_a_row = true;
        first_ended_row = row;
        first_ended_sum = sum;
      } else if (selected) {
        out.store(row, sum);
      }
      sum = Semiring::identity();
      ++row;
      selected = row < num_rows && mask.selected(row);
      row_end = row < num_rows ? load_read_only(csr.offsets + row + 1) : csr.num_entries;
    }
  }

  // Partials of the rows open at each thread's end, scanned across the block:
  // a thread's first ended row gets the partials of the threads before it.
  const auto scanned = Scan::scan(scan_storage, static_cast<vertex_t>(row), sum);
  const bool first_row_open_at_tile_start =
      tile_first_row < num_rows && tiles.entries[tile] > load_read_only(csr.offsets + tile_first_row);
  bool holds_first_slot = false;
  RowPartial<value_type> first_slot{static_cast<vertex_t>(tile_first_row), Semiring::identity(), false};
  if (ended_a_row) {
    value_type total = first_ended_sum;
    if (scanned.previous.has_entries && scanned.previous.row == first_ended_row)
      total = Semiring::add(scanned.previous.value, total);
    if (first_ended_row == tile_first_row && first_row_open_at_tile_start) {
      // Began in an earlier tile: its earlier partials are in the carry slots.
      holds_first_slot = true;
      first_slot = {static_cast<vertex_t>(first_ended_row), total, true};
    } else if (mask.selected(first_ended_row)) {
      out.store(first_ended_row, total);
    }
  }

  if (carries.rows == nullptr) return;  // a single tile leaves no row open
  if (holds_first_slot) carries.store(2 * tile, first_slot);
  if (!__syncthreads_or(holds_first_slot) && threadIdx.x == 0) carries.store(2 * tile, first_slot);
  if (threadIdx.x == Policy::threads_per_block - 1) {
    // The row open at the tile's end: a filler unless this tile consumed some
    // of its entries. The last tile ends past the last row; its filler names
    // the last row instead, which keeps the slots sorted and in range.
    const bool has_entries =
        tile_last_row < num_rows && tiles.entries[tile + 1] > load_read_only(csr.offsets + tile_last_row);
    const std::int64_t slot_row = tile_last_row < num_rows ? tile_last_row : num_rows - 1;
    carries.store(2 * tile + 1,
                  RowPartial<value_type>{static_cast<vertex_t>(slot_row), scanned.inclusive.value, has_entries});
  }
}

}  // namespace graphrun::cuda::spmv
