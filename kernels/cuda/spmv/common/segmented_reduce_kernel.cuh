#pragma once
// coo-segmented (seed 003: warp-shuffle segmented scan with a strided "jump"
// mapping), reused for the carry levels of coo-segmented and hyb.
//
// Items are (row, value) pairs sorted by row. Each warp owns one tile of
// SegmentedPolicy::tile_items consecutive items and walks it in rounds: in
// round k lane l takes item tile_start + 32 k + l (coalesced), the warp runs a
// segmented inclusive scan, and lane 31's partial is carried into the next
// round. A lane that ends a segment writes the row, except for the tile's
// first row when it began in an earlier tile and the tile's last row when it
// goes on in a later one: those two partials go to the tile's two carry
// slots (a slot with nothing to hand on gets a filler, has_entries = false,
// which keeps the slots sorted by row). The slots of all tiles form the next
// level's items; a level of one tile has no open rows and writes everything.
// csr-hub-split's hub pass hands them to SpanningRows instead (TileSpans),
// whose last arriving tile finishes the row, with no further level.
// Every row is written exactly once, by one lane, after all its partials were
// combined in a fixed order: no atomic adds to y, and deterministic float
// sums.
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/spmv/common/carry_slots.cuh"
#include "cuda/spmv/formats/coo/coo_kernels.cuh"
#include "cuda/spmv/common/row_access.cuh"
#include "cuda/spmv/common/segmented_scan.cuh"
#include "cuda/spmv/common/spanning_rows.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"
#include "cuda/spmv/common/warp_ops.cuh"

namespace graphrun::cuda::spmv {

// Tiles (a warp's work) over `items` items.
__host__ __device__ constexpr std::int64_t segmented_tiles(std::int64_t items) {
  return (items + SegmentedPolicy::tile_items - 1) / SegmentedPolicy::tile_items;
}

// Items of the first level: the products of COO entries.
template <class Semiring, bool kWeighted>
struct CooProductItems {
  static constexpr bool tracks_entries = false;  // every item is an entry
  CooView coo;
  EntryProduct<Semiring, kWeighted, LoadPath::streamed> product;

  __device__ __forceinline__ vertex_t row(std::int64_t item) const { return load_streamed(coo.rows + item); }
  __device__ __forceinline__ typename Semiring::value_type value(std::int64_t item) const { return product(item); }
  __device__ __forceinline__ bool has_entries(std::int64_t) const { return true; }
};

// Items of a carry level: the slots an earlier level wrote. A level has few
// tiles, so few warps: each loads its whole tile before the first scan
// (LoadsWholeTile) instead of waiting out a load latency in every round.
template <class Semiring>
struct CarryItems {
  static constexpr bool tracks_entries = true;
  static constexpr bool loads_whole_tile = true;
  const vertex_t* rows;
  const typename Semiring::value_type* values;
  const std::uint8_t* has_entries_flags;

  __device__ __forceinline__ vertex_t row(std::int64_t item) const { return rows[item]; }
  __device__ __forceinline__ typename Semiring::value_type value(std::int64_t item) const { return values[item]; }
  __device__ __forceinline__ bool has_entries(std::int64_t item) const { return has_entries_flags[item] != 0; }
};

// Items whose value splits into load(item), the item's loads into a Raw held
// in registers, and value_of(raw), arithmetic on them: a tile issues each
// round's loads a round ahead, so that a warp's loads overlap its scans
// (csr-hub-split's HubGroupItems, whose value gathers nothing from L2).
template <class Items>
concept LoadsAhead = requires(const Items& items, const typename Items::Raw& raw) {
  items.load(std::int64_t{});
  items.value_of(raw);
};

// Items whose tile is loaded into registers, every round's rows, values and
// flags, before the tile's first scan: one load latency per tile.
template <class Items>
concept LoadsWholeTile = requires { requires Items::loads_whole_tile; };

template <class Items>
struct ItemLoads {
  using type = bool;  // unused: the items load inside value(item)
};
template <LoadsAhead Items>
struct ItemLoads<Items> {
  using type = typename Items::Raw;
};

// A tile's two open rows: its first row, if it began in an earlier tile,
// and its last, if it goes on in a later one, with the tile's partials of
// them (fillers where there is none).
template <class T>
struct OpenRows {
  RowPartial<T> first;
  bool first_open;
  RowPartial<T> last;
  bool last_open;
};

// Where a tile leaves them (every lane calls this, with the same values).
// CarrySlots: lane 0 writes the tile's two slots, for the next carry level (a
// single-tile level has none and leaves nothing).
template <class T>
__device__ __forceinline__ bool keeps_open_rows(const CarrySlots<T>& slots) {
  return slots.rows != nullptr;
}
template <class Semiring, class T>
__device__ __forceinline__ void leave_open_rows(const CarrySlots<T>& slots, std::int64_t tile, const OpenRows<T>& open,
                                                const RowMask&, const RowOutput<Semiring>&) {
  if (lane_id() != 0) return;
  slots.store(2 * tile, open.first);
  slots.store(2 * tile + 1, open.last);
}

// TileSpans: through SpanningRows, whose last arriving tile's warp sums the
// row's partials and stores it, so no carry level follows. A tile inside one
// row hands in its partial as the opening one; unselected rows arrive
// nowhere, in every tile alike.
template <class T>
__device__ __forceinline__ bool keeps_open_rows(const TileSpans<T>&) {
  return true;
}
template <class Semiring, class T>
__device__ __forceinline__ void leave_open_rows(const TileSpans<T>& spans, std::int64_t tile, const OpenRows<T>& open,
                                                const RowMask& mask, const RowOutput<Semiring>& out) {
  T total;
  const auto arrive = [&](const RowPartial<T>& partial, SpanPart part, std::int64_t first, std::int64_t last) {
    if (mask.selected(partial.row) &&
        spans.spanning.template arrive_by_warp<Semiring>(tile, part, partial.value, first, last, total) &&
        lane_id() == 0)
      out.store(partial.row, total);
  };
  if (open.first_open && open.last_open && open.first.row == open.last.row) {
    arrive(open.last, SpanPart::opening, spans.first_row_first_tile[tile], spans.last_row_last_tile[tile]);
    return;
  }
  if (open.first_open) arrive(open.first, SpanPart::closing, spans.first_row_first_tile[tile], tile);
  if (open.last_open) arrive(open.last, SpanPart::opening, tile, spans.last_row_last_tile[tile]);
}

// One tile, by the calling warp (all 32 lanes).
template <class Semiring, class Items, class OpenRowSink>
__device__ __forceinline__ void segmented_reduce_tile(const Items& items, std::int64_t count, std::int64_t tile,
                                                      const RowMask& mask, const RowOutput<Semiring>& out,
                                                      const OpenRowSink& open_rows) {
  using value_type = typename Semiring::value_type;
  using Partial = RowPartial<value_type>;
  constexpr bool track = Items::tracks_entries;
  constexpr std::int64_t tile_items = SegmentedPolicy::tile_items;

  const int lane = lane_id();
  const std::int64_t tile_start = tile * tile_items;
  if (tile_start >= count) return;  // uniform across the warp
  const std::int64_t tile_end = tile_start + tile_items < count ? tile_start + tile_items : count;

  const vertex_t first_row = items.row(tile_start);
  const vertex_t last_row = items.row(tile_end - 1);
  const bool first_open = tile_start > 0 && items.row(tile_start - 1) == first_row;
  const bool last_open = tile_end < count && items.row(tile_end) == last_row;

  Partial carry{no_row, Semiring::identity(), false};  // lane 31's partial of the previous round
  Partial first_slot{first_row, Semiring::identity(), false};
  Partial last_slot{last_row, Semiring::identity(), false};
  bool holds_first = false, holds_last = false;

  const auto row_at = [&](std::int64_t item) { return item < tile_end ? items.row(item) : no_row; };
  constexpr int rounds = SegmentedPolicy::rounds_per_tile;

  // LoadsAhead: a round's loads are issued one round before it, and its
  // rows two rounds before, because lane 31 needs the next round's first
  // row in each round.
  vertex_t ahead_row = no_row;   // the next round's row
  vertex_t second_row = no_row;  // the row of the round after it
  typename ItemLoads<Items>::type ahead{};
  if constexpr (LoadsAhead<Items>) {
    ahead_row = row_at(tile_start + lane);
    second_row = row_at(tile_start + 32 + lane);
    if (tile_start + lane < tile_end) ahead = items.load(tile_start + lane);
  }

  // LoadsWholeTile: every round's items, held in registers (the round loop
  // is unrolled for them, so the array stays out of local memory).
  constexpr int held_rounds = LoadsWholeTile<Items> ? rounds : 1;
  [[maybe_unused]] Partial held[held_rounds];
  if constexpr (LoadsWholeTile<Items>) {
#pragma unroll
    for (int round = 0; round < rounds; ++round) {
      const std::int64_t item = tile_start + static_cast<std::int64_t>(round) * 32 + lane;
      const bool valid = item < tile_end;
      held[round] = Partial{row_at(item), valid ? items.value(item) : Semiring::identity(),
                            valid && items.has_entries(item)};
    }
  }

#pragma unroll held_rounds
  for (int round = 0; round < rounds; ++round) {
    const std::int64_t base = tile_start + static_cast<std::int64_t>(round) * 32;
    if (base >= tile_end) break;  // uniform across the warp
    const std::int64_t item = base + lane;
    const bool valid = item < tile_end;
    Partial partial{no_row, Semiring::identity(), false};
    vertex_t following = no_row;  // the next round's first row, as lane 0 holds it
    typename ItemLoads<Items>::type loaded{};
    if constexpr (LoadsWholeTile<Items>) {
      partial = held[round];
      following = held[round + 1 < rounds ? round + 1 : round].row;
    } else if constexpr (LoadsAhead<Items>) {
      partial.has_entries = valid && items.has_entries(item);
      partial.row = ahead_row;
      loaded = ahead;
      following = second_row;
      ahead_row = second_row;
      if (base + 32 < tile_end) {  // uniform across the warp
        if (base + 32 + lane < tile_end) ahead = items.load(base + 32 + lane);
        second_row = row_at(base + 64 + lane);
      }
    } else {
      partial.has_entries = valid && items.has_entries(item);
      partial.row = row_at(item);
    }
    const bool selected = valid && mask.selected(partial.row);
    if constexpr (LoadsWholeTile<Items>) {
      if (!selected) partial.value = Semiring::identity();
    } else if (selected) {  // unselected rows cost no x gather
      if constexpr (LoadsAhead<Items>)
        partial.value = items.value_of(loaded);
      else
        partial.value = items.value(item);
    }

    warp_segmented_inclusive_scan<Semiring, track>(partial);
    if (valid && partial.row == carry.row) {
      partial.value = Semiring::add(carry.value, partial.value);
      if constexpr (track) partial.has_entries = partial.has_entries || carry.has_entries;
    }

    // Does this lane end its segment? Lane 31 looks at the next round's first item.
    vertex_t next_row = shuffle_down(partial.row, 1);
    if constexpr (LoadsWholeTile<Items> || LoadsAhead<Items>) {
      following = shuffle_from(following, 0);
      if (lane == 31) next_row = item + 1 < tile_end ? following : no_row;
    } else if (lane == 31) {
      next_row = row_at(item + 1);
    }
    if (valid && next_row != partial.row) {
      if (item + 1 == tile_end && last_open) {
        holds_last = true;
        last_slot = partial;
      } else if (partial.row == first_row && first_open) {
        holds_first = true;
        first_slot = partial;
      } else if (selected && partial.has_entries) {
        out.store(partial.row, partial.value);
      }
    }
    carry.row = shuffle_from(partial.row, 31);
    carry.value = shuffle_from(partial.value, 31);
    if constexpr (track) carry.has_entries = shuffle_from(partial.has_entries, 31);
  }

  if (!keeps_open_rows(open_rows)) return;
  // Hand the two open partials to every lane. At most one lane holds each;
  // when none does, lane 0's untouched default (a filler) is taken.
  const auto gather = [](bool holds, const Partial& slot) {
    const unsigned holders = __ballot_sync(full_warp_mask, holds);
    const int source = holders ? __ffs(static_cast<int>(holders)) - 1 : 0;
    return Partial{shuffle_from(slot.row, source), shuffle_from(slot.value, source),
                   shuffle_from(slot.has_entries, source)};
  };
  const Partial first = gather(holds_first, first_slot);
  const Partial last = gather(holds_last, last_slot);
  leave_open_rows<Semiring>(open_rows, tile, OpenRows<value_type>{first, first_open, last, last_open}, mask, out);
}

// A warp per tile.
template <class Semiring, class Items>
__global__ void __launch_bounds__(SegmentedPolicy::threads_per_block)
    segmented_reduce_kernel(Items items, std::int64_t count, RowMask mask, RowOutput<Semiring> out,
                            CarrySlots<typename Semiring::value_type> carries) {
  const std::int64_t tile = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  segmented_reduce_tile<Semiring>(items, count, tile, mask, out, carries);
}

}  // namespace graphrun::cuda::spmv
