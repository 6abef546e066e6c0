#pragma once
// csr-merge: merge-path SpMV. The rows' end offsets and the entries 0..nnz-1
// are merged into one sequence of rows + nnz steps (a row ends after its last
// entry), and every block takes the same number of steps, so a row with
// millions of entries is spread over many blocks and a run of empty rows costs
// one step each. Deterministic: partial rows are combined left to right by a
// block-wide segmented scan and, across tiles, by the tile that finishes a
// spanning row last, inside the same kernel (spanning_rows.cuh). Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/spmv/row_access.cuh"
#include "kernels/cuda/spmv/segmented_scan.cuh"
#include "kernels/cuda/spmv/spmv_policies.cuh"
#include "kernels/cuda/spmv/spanning_rows.cuh"

namespace graphrun::cuda::spmv {

// Where the merge path crosses `diagonal` (steps taken so far): `row` rows
// have ended and diagonal - row entries were consumed. The end of row k is
// step k + row_end(k) (k earlier row ends, then every entry of rows <= k;
// row_end(k) = offsets[k + 1]), strictly increasing in k, so the answer is
// the number of k in [low, high) with k + row_end(k) < diagonal: a binary
// search over [low, high]. Used over the CSR offsets for the tile starts and
// over a staged tile's row ends for each thread's start.
template <class Index, class RowEnd>
__device__ __forceinline__ Index merge_path_rows(const RowEnd& row_end, Index diagonal, Index low, Index high) {
  while (low < high) {
    const Index middle = low + (high - low) / 2;
    if (middle + row_end(middle) < diagonal)
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
    const auto row_end = [this](std::int64_t row) { return load_read_only(offsets + row + 1); };
    const std::int64_t rows = merge_path_rows(row_end, diagonal, std::int64_t{0}, num_rows);
    tile_rows[tile] = static_cast<vertex_t>(rows);
    tile_entries[tile] = diagonal - rows;
  }
};

struct MergeTiles {
  const vertex_t* rows;     // rows ended before each tile (num_tiles + 1)
  const edge_t* entries;    // entries consumed before each tile (num_tiles + 1)
  std::int64_t count = 0;   // num_tiles
};

// A tile staged in shared memory by the whole block with coalesced loads
// (thread t takes items t, t + threads, ...): the products of its entries and
// the ends of its rows, both relative to the tile's first entry. The merge
// walk then reads them thread-sequentially from shared memory. Walking global
// memory instead (each thread its own run of entries and row ends, the
// earlier form of this kernel) made every warp load touch up to 32 scattered
// sectors: on kron-s20 (x in L2) that moved 71 M L2 sectors per SpMV against
// cuSPARSE's 36 M, and the row-end loads alone added 2.7 M L2 requests.
template <class Semiring>
struct MergeTileStage {
  static constexpr int threads = CsrMergePolicy::threads_per_block;
  static constexpr int items = CsrMergePolicy::items_per_thread;
  static constexpr int tile_items = static_cast<int>(CsrMergePolicy::tile_items);
  // Row ends past the tile are clamped here: larger than every local step.
  static constexpr int past_tile = tile_items + 1;

  typename Semiring::value_type products[tile_items];
  // Local row i = tile_first_row + i; at most tile_items rows end in a tile,
  // plus the one still open at its end.
  int row_ends[tile_items + 1];

  template <bool kWeighted>
  __device__ __forceinline__ void load(const EntryProduct<Semiring, kWeighted, LoadPath::bypass_l1>& product,
                                       const CsrView& csr, std::int64_t first_row, int row_count, edge_t first_entry,
                                       int entry_count) {
    typename Semiring::value_type loaded_products[items];
    int loaded_ends[items + 1];
    // Every load before the first store, so all of a thread's gathers are in flight together.
#pragma unroll
    for (int k = 0; k < items; ++k) {
      const int index = k * threads + static_cast<int>(threadIdx.x);
      loaded_products[k] = index < entry_count ? product(first_entry + index) : Semiring::identity();
    }
#pragma unroll
    for (int k = 0; k < items + 1; ++k) {
      const int index = k * threads + static_cast<int>(threadIdx.x);
      const std::int64_t row = first_row + index;
      edge_t end = csr.num_entries;  // past the last row
      if (index < row_count && row < csr.num_rows) end = load_bypassing_l1(csr.offsets + row + 1);
      const edge_t local_end = end - first_entry;
      loaded_ends[k] = static_cast<int>(local_end < past_tile ? local_end : past_tile);
    }
#pragma unroll
    for (int k = 0; k < items; ++k) {
      const int index = k * threads + static_cast<int>(threadIdx.x);
      if (index < entry_count) products[index] = loaded_products[k];
    }
#pragma unroll
    for (int k = 0; k < items + 1; ++k) {
      const int index = k * threads + static_cast<int>(threadIdx.x);
      if (index < row_count) row_ends[index] = loaded_ends[k];
    }
    __syncthreads();
  }

  // merge_path_rows within the tile: the number of local rows i in [low, high)
  // with i + row_ends[i] < diagonal (a local step).
  __device__ __forceinline__ int rows_before(int diagonal, int low, int high) const {
    return merge_path_rows([this](int row) { return row_ends[row]; }, diagonal, low, high);
  }
};

// One tile per block: the block stages the tile, then each thread walks
// items_per_thread consecutive merge steps of it.
template <class Semiring, bool kWeighted>
__global__ void __launch_bounds__(CsrMergePolicy::threads_per_block)
    csr_merge_kernel(CsrView csr, MergeTiles tiles, EntryProduct<Semiring, kWeighted, LoadPath::bypass_l1> product,
                     RowMask mask, RowOutput<Semiring> out, SpanningRows<typename Semiring::value_type> spanning) {
  using Policy = CsrMergePolicy;
  using value_type = typename Semiring::value_type;
  using Scan = BlockSegmentedScan<Semiring, Policy::threads_per_block>;
  __shared__ typename Scan::TempStorage scan_storage;
  __shared__ MergeTileStage<Semiring> stage;

  const std::int64_t tile = blockIdx.x;
  const std::int64_t num_rows = csr.num_rows;
  const std::int64_t total_steps = num_rows + csr.num_entries;
  const std::int64_t tile_step = tile * Policy::tile_items;
  const int tile_steps = static_cast<int>(
      tile_step + Policy::tile_items < total_steps ? Policy::tile_items : total_steps - tile_step);
  const std::int64_t tile_first_row = tiles.rows[tile];
  const std::int64_t tile_last_row = tiles.rows[tile + 1];
  const int rows_ended = static_cast<int>(tile_last_row - tile_first_row);
  const edge_t tile_first_entry = tiles.entries[tile];
  stage.load(product, csr, tile_first_row, rows_ended + 1, tile_first_entry,
             static_cast<int>(tiles.entries[tile + 1] - tile_first_entry));

  // This thread's run of steps and where the path enters it (local to the tile).
  int step = static_cast<int>(threadIdx.x) * Policy::items_per_thread;
  if (step > tile_steps) step = tile_steps;
  const int end_step = step + Policy::items_per_thread < tile_steps ? step + Policy::items_per_thread : tile_steps;
  int local_row = stage.rows_before(step, 0, rows_ended);
  int entry = step - local_row;
  std::int64_t row = tile_first_row + local_row;

  bool selected = row < num_rows && mask.selected(row);
  int row_end = stage.row_ends[local_row];
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
      if (selected) sum = Semiring::add(sum, stage.products[entry]);
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
      ++local_row;
      selected = row < num_rows && mask.selected(row);
      row_end = stage.row_ends[local_row];
    }
  }

  // Partials of the rows open at each thread's end, scanned across the block:
  // a thread's first ended row gets the partials of the threads before it.
  const auto scanned = Scan::scan(scan_storage, static_cast<vertex_t>(row), sum);
  // The tile holding a row's first entry (merge step row + offsets[row]) or
  // its end (step row + offsets[row + 1]). A row began in an earlier tile
  // exactly when its first entry's tile is smaller than this one.
  const auto tile_of_step = [&](std::int64_t some_row, std::int64_t offset_index) {
    return (some_row + load_read_only(csr.offsets + offset_index)) / Policy::tile_items;
  };
  value_type spanning_total;
  if (ended_a_row && mask.selected(first_ended_row)) {
    value_type total = first_ended_sum;
    if (scanned.previous.has_entries && scanned.previous.row == first_ended_row)
      total = Semiring::add(scanned.previous.value, total);
    const std::int64_t first_tile =
        first_ended_row == tile_first_row ? tile_of_step(first_ended_row, first_ended_row) : tile;
    if (first_tile == tile)
      out.store(first_ended_row, total);
    else if (spanning.template arrive<Semiring>(tile, SpanPart::closing, total, first_tile, tile, spanning_total))
      out.store(first_ended_row, spanning_total);
  }
  if (threadIdx.x == Policy::threads_per_block - 1 && tile + 1 < tiles.count && tile_last_row < num_rows &&
      mask.selected(tile_last_row)) {
    // The last row is open at the tile's end; it continues into the next
    // tile if it began by this one (else the tile ended exactly at its start).
    const std::int64_t first_tile = tile_of_step(tile_last_row, tile_last_row);
    if (first_tile <= tile &&
        spanning.template arrive<Semiring>(tile, SpanPart::opening, scanned.inclusive.value, first_tile,
                                           tile_of_step(tile_last_row, tile_last_row + 1), spanning_total))
      out.store(tile_last_row, spanning_total);
  }
}

}  // namespace graphrun::cuda::spmv
