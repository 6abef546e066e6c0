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
#include <limits>

#include "cuda/spmv/formats/csr_merge/merge_partition.cuh"
#include "cuda/spmv/common/row_access.cuh"
#include "cuda/spmv/common/segmented_scan.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"
#include "cuda/spmv/common/spanning_rows.cuh"

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
  std::int64_t tile_items;   // merge steps per tile
  vertex_t* tile_rows;       // num_tiles + 1
  edge_t* tile_entries;      // num_tiles + 1

  __device__ void operator()(std::int64_t tile) const {
    const std::int64_t step = tile * tile_items;
    const std::int64_t diagonal = step < total_steps ? step : total_steps;
    const auto row_end = [this](std::int64_t row) { return load_read_only(offsets + row + 1); };
    const std::int64_t rows = merge_path_rows(row_end, diagonal, std::int64_t{0}, num_rows);
    tile_rows[tile] = static_cast<vertex_t>(rows);
    tile_entries[tile] = diagonal - rows;
  }
};

// Where one tile lies in the merge path, from the partition.
struct MergeTileBounds {
  std::int64_t tile = 0;
  std::int64_t first_row = 0;  // rows ended before the tile
  std::int64_t last_row = 0;   // rows ended before the next tile
  edge_t first_entry = 0;      // entries consumed before the tile
  int entry_count = 0;
  int steps = 0;               // tile_items, less at the end of the path

  __device__ __forceinline__ int rows_ended() const { return static_cast<int>(last_row - first_row); }
};

// Policy: the tile's shape (threads_per_block, items_per_thread, tile_items),
// CsrMergePolicy for csr-merge.
template <class Policy>
__device__ __forceinline__ MergeTileBounds merge_tile_bounds(std::int64_t tile, const CsrView& csr,
                                                             const MergeTiles& tiles) {
  const std::int64_t total_steps = static_cast<std::int64_t>(csr.num_rows) + csr.num_entries;
  const std::int64_t tile_step = tile * Policy::tile_items;
  MergeTileBounds bounds;
  bounds.tile = tile;
  bounds.steps = static_cast<int>(tile_step + Policy::tile_items < total_steps ? Policy::tile_items
                                                                              : total_steps - tile_step);
  bounds.first_row = tiles.rows[tile];
  bounds.last_row = tiles.rows[tile + 1];
  bounds.first_entry = tiles.entries[tile];
  bounds.entry_count = static_cast<int>(tiles.entries[tile + 1] - bounds.first_entry);
  return bounds;
}

// A tile staged in shared memory by the whole block with coalesced loads
// (thread t takes items t, t + threads, ...): the products of its entries and
// the ends of its rows, both relative to the tile's first entry. The merge
// walk then reads them thread-sequentially from shared memory. Walking global
// memory instead (each thread its own run of entries and row ends) would
// make every warp load touch up to 32 scattered
// sectors, and with x in L2 the kernel is bound by L2 sectors
// (docs/decisions/007-csr-merge.md).
template <class Semiring, class Policy>
struct MergeTileStage {
  static constexpr int threads = Policy::threads_per_block;
  static constexpr int items = Policy::items_per_thread;
  static constexpr int tile_items = static_cast<int>(Policy::tile_items);
  // Row ends past the tile are clamped here: larger than every local step.
  static constexpr int past_tile = tile_items + 1;
  using value_type = typename Semiring::value_type;

  value_type products[tile_items];
  // Local row i = tile_first_row + i; at most tile_items rows end in a tile,
  // plus the one still open at its end. Ends are at most past_tile: 16 bits
  // hold them for tiles of up to 65534 steps (Policy::row_end_type).
  using row_end_type = typename Policy::row_end_type;
  static_assert(past_tile <= std::numeric_limits<row_end_type>::max(), "row ends must fit row_end_type");
  row_end_type row_ends[tile_items + 1];

  // Whole products, product(entry) (csr-merge's EntryProduct, whose matrix
  // loads skip L1), then the row ends; every load before the first store, so
  // all of a thread's gathers are in flight together.
  template <class Product>
  __device__ __forceinline__ void load(const Product& product, const CsrView& csr, const MergeTileBounds& bounds) {
    value_type loaded_products[items];
#pragma unroll
    for (int k = 0; k < items; ++k) {
      const int index = k * threads + static_cast<int>(threadIdx.x);
      loaded_products[k] = index < bounds.entry_count ? product(bounds.first_entry + index) : Semiring::identity();
    }
    load_row_ends_and_store(loaded_products, csr, bounds);
  }

  // merge_path_rows within the tile: the number of local rows i in [low, high)
  // with i + row_ends[i] < diagonal (a local step).
  __device__ __forceinline__ int rows_before(int diagonal, int low, int high) const {
    return merge_path_rows([this](int row) { return row_ends[row]; }, diagonal, low, high);
  }

 private:
  // Loads the tile's row ends, then stores them and the products, then a
  // barrier.
  __device__ __forceinline__ void load_row_ends_and_store(const value_type (&loaded_products)[items],
                                                          const CsrView& csr, const MergeTileBounds& bounds) {
    int loaded_ends[items + 1];
    const int row_count = bounds.rows_ended() + 1;
#pragma unroll
    for (int k = 0; k < items + 1; ++k) {
      const int index = k * threads + static_cast<int>(threadIdx.x);
      const std::int64_t row = bounds.first_row + index;
      edge_t end = csr.num_entries;  // past the last row
      if (index < row_count && row < csr.num_rows) end = load_bypassing_l1(csr.offsets + row + 1);
      const edge_t local_end = end - bounds.first_entry;
      loaded_ends[k] = static_cast<int>(local_end < past_tile ? local_end : past_tile);
    }
#pragma unroll
    for (int k = 0; k < items; ++k) {
      const int index = k * threads + static_cast<int>(threadIdx.x);
      if (index < bounds.entry_count) products[index] = loaded_products[k];
    }
#pragma unroll
    for (int k = 0; k < items + 1; ++k) {
      const int index = k * threads + static_cast<int>(threadIdx.x);
      if (index < row_count) row_ends[index] = static_cast<row_end_type>(loaded_ends[k]);
    }
    __syncthreads();
  }
};

template <class Semiring, class Policy>
using MergeTileScan = BlockSegmentedScan<Semiring, Policy::threads_per_block>;

// The rest of a staged tile, by the whole block: each thread walks
// items_per_thread consecutive merge steps of it, the block scans the
// partials of rows open at thread boundaries, and rows spanning tiles are
// finished by their last tile. The shared storage is the caller's; a caller
// that runs several tiles in one block separates them by a barrier.
template <class Semiring, class Policy>
__device__ __forceinline__ void csr_merge_walk(const MergeTileBounds& bounds, const CsrView& csr,
                                               const MergeTiles& tiles, const RowMask& mask,
                                               const RowOutput<Semiring>& out,
                                               const SpanningRows<typename Semiring::value_type>& spanning,
                                               typename MergeTileScan<Semiring, Policy>::TempStorage& scan_storage,
                                               const MergeTileStage<Semiring, Policy>& stage) {
  using value_type = typename Semiring::value_type;
  using Scan = MergeTileScan<Semiring, Policy>;

  const std::int64_t num_rows = csr.num_rows;
  const std::int64_t tile = bounds.tile;
  const int tile_steps = bounds.steps;
  const std::int64_t tile_first_row = bounds.first_row;
  const std::int64_t tile_last_row = bounds.last_row;
  const int rows_ended = bounds.rows_ended();

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

// One tile, by the whole block: stage it, then walk it.
template <class Semiring, class Policy, class Product>
__device__ __forceinline__ void csr_merge_tile(std::int64_t tile, const CsrView& csr, const MergeTiles& tiles,
                                               const Product& product, const RowMask& mask,
                                               const RowOutput<Semiring>& out,
                                               const SpanningRows<typename Semiring::value_type>& spanning,
                                               typename MergeTileScan<Semiring, Policy>::TempStorage& scan_storage,
                                               MergeTileStage<Semiring, Policy>& stage) {
  const MergeTileBounds bounds = merge_tile_bounds<Policy>(tile, csr, tiles);
  stage.load(product, csr, bounds);
  csr_merge_walk<Semiring, Policy>(bounds, csr, tiles, mask, out, spanning, scan_storage, stage);
}

// csr-merge: one tile per block.
template <class Semiring, bool kWeighted>
__global__ void __launch_bounds__(CsrMergePolicy::threads_per_block)
    csr_merge_kernel(CsrView csr, MergeTiles tiles, EntryProduct<Semiring, kWeighted, LoadPath::bypass_l1> product,
                     RowMask mask, RowOutput<Semiring> out, SpanningRows<typename Semiring::value_type> spanning) {
  using Policy = CsrMergePolicy;
  __shared__ typename MergeTileScan<Semiring, Policy>::TempStorage scan_storage;
  __shared__ MergeTileStage<Semiring, Policy> stage;
  csr_merge_tile<Semiring, Policy>(blockIdx.x, csr, tiles, product, mask, out, spanning, scan_storage, stage);
}

}  // namespace graphrun::cuda::spmv
