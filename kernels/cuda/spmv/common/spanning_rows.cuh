#pragma once
// How csr-merge finishes the rows that span tiles inside its one kernel,
// without a second launch and without any tile waiting for another. Every
// tile a spanning row touches leaves its partial of the row in a slot and
// counts itself in on the row's arrival counter; the tile that arrives last
// adds the partials in tile order and stores the row (the "last block"
// pattern of the CUDA threadFenceReduction sample, per row).
//
// The tiles of row r follow from the partition alone: its first entry is
// merge step r + offsets[r] and its end is step r + offsets[r + 1], so it
// spans tiles first = (r + offsets[r]) / tile_items .. last = (r + offsets[r
// + 1]) / tile_items, and every tile can tell how many arrivals complete it.
// Only one row is open at a tile's end, so a row is named by its first tile.
// The last arriver clears the counter: between calls every counter is 0
// again, with no reset pass.
//
// Deterministic: whichever tile finishes last, the row is summed in tile order
// from the same slots.
//
// Not a look-back (a tile waits for its predecessors to publish, Merrill &
// Garrity): on a power-law graph almost every tile starts inside a row, so
// nearly every tile would wait, and its device-scope acquire loads
// invalidate the SM's L1 (see `packed` below); a last arriver waits for
// nothing (docs/decisions/007-csr-merge.md).
//
// Device code: include from .cu files only.
#include <cuda/atomic>
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/spmv/common/warp_ops.cuh"

namespace graphrun::cuda::spmv {

// A row's partial from one tile, and which of that tile's slots keeps it.
enum class SpanPart {
  opening,  // the tile's last row, still open at its end (the row began in this tile or earlier)
  closing,  // the tile's first row, which began in an earlier tile and ends here
};

template <class T>
struct SpanningRows {
  unsigned* arrivals = nullptr;       // per tile: arrivals on the row whose first tile it is; 0 between calls
  std::uint64_t* opening = nullptr;   // per tile: its SpanPart::opening slot; 0 between calls
  std::uint64_t* closing = nullptr;   // per tile: its SpanPart::closing slot; 0 between calls

  // Values of up to 4 bytes travel with a presence bit in one 64-bit word, so
  // a partial and the sign that it is there are stored and read as one, and
  // no fence is needed: a fence here compiles to MEMBAR + CCTL.IVALL, which
  // empties the SM's L1 of the x lines the other blocks gather
  // (docs/decisions/007-csr-merge.md). The
  // 8-byte values (PlusTimes<double>) keep the fenced protocol.
  static constexpr bool packed = sizeof(T) <= sizeof(std::uint32_t);

  // One thread of `tile` hands in its partial of a row spanning tiles [first,
  // last] (first < last). Returns true for the last arriver, which then holds
  // the row's total in `total`.
  template <class Semiring>
  __device__ bool arrive(std::int64_t tile, SpanPart part, T partial, std::int64_t first, std::int64_t last,
                         T& total) const {
    if (!hand_in(tile, part, partial, first, last)) return false;
    // The first tile's opening partial, the middle tiles' (each wholly inside
    // the row, so its last row is this row, kept as opening), the last tile's
    // closing partial.
    total = take(opening + first);
    for (std::int64_t middle = first + 1; middle < last; ++middle) total = Semiring::add(total, take(opening + middle));
    total = Semiring::add(total, take(closing + last));
    return true;
  }

  // The same by a whole warp, whose lane 0's partial is handed in (every lane
  // calls it with the same arguments; `total` is lane 0's). The last
  // arriver's lanes take the row's slots 32 at a time, each lane its own in
  // tile order, and add them across the lanes in a fixed tree (group_reduce's
  // butterfly, so every lane ends with the total): a row spanning
  // 29 tiles (the most a row's groups of one csr-hub-split tier can span)
  // costs one load a lane instead of 29 in a row. 8-byte values, whose slots
  // need an acquire fence before they are read, are summed by lane 0 as in
  // arrive.
  template <class Semiring>
  __device__ bool arrive_by_warp(std::int64_t tile, SpanPart part, T partial, std::int64_t first, std::int64_t last,
                                 T& total) const {
    const int lane = lane_id();
    bool last_arrival = false;
    if constexpr (!packed) {
      if (lane == 0) last_arrival = arrive<Semiring>(tile, part, partial, first, last, total);
      return shuffle_from(last_arrival ? 1 : 0, 0) != 0;
    } else {
      if (lane == 0) last_arrival = hand_in(tile, part, partial, first, last);
      if (shuffle_from(last_arrival ? 1 : 0, 0) == 0) return false;
      T sum = Semiring::identity();
      for (std::int64_t slot = first + lane; slot <= last; slot += 32)
        sum = Semiring::add(sum, take(slot == last ? closing + last : opening + slot));
      total = group_reduce<Semiring, 32>(sum);
      return true;
    }
  }

 private:
  static constexpr std::uint64_t present = std::uint64_t{1} << 32;

  // Stores the partial in its slot and counts the tile in. Returns true for
  // the last arriver, which has reset the row's counter for the next call.
  __device__ bool hand_in(std::int64_t tile, SpanPart part, T partial, std::int64_t first, std::int64_t last) const {
    std::uint64_t* const slot = (part == SpanPart::opening ? opening : closing) + tile;
    if constexpr (packed) {
      ::cuda::atomic_ref<std::uint64_t, ::cuda::thread_scope_device>(*slot).store(pack(partial),
                                                                                ::cuda::memory_order_relaxed);
    } else {
      __stcg(reinterpret_cast<T*>(slot), partial);
      ::cuda::atomic_thread_fence(::cuda::memory_order_release, ::cuda::thread_scope_device);
    }
    ::cuda::atomic_ref<unsigned, ::cuda::thread_scope_device> counter(arrivals[first]);
    const unsigned tiles = static_cast<unsigned>(last - first + 1);
    if (counter.fetch_add(1u, ::cuda::memory_order_relaxed) != tiles - 1u) return false;
    counter.store(0u, ::cuda::memory_order_relaxed);  // for the next call
    if constexpr (!packed) ::cuda::atomic_thread_fence(::cuda::memory_order_acquire, ::cuda::thread_scope_device);
    return true;
  }

  __device__ static std::uint64_t pack(T value) {
    std::uint32_t bits = 0;
    memcpy(&bits, &value, sizeof(T));
    return present | bits;
  }

  // Every arrival counted has stored its slot, but without a fence the store
  // may become visible a moment after the count: wait for the presence bit.
  // Either way the slot is cleared for the next call (each slot is read
  // once), whichever semiring that call runs.
  __device__ static T take(std::uint64_t* slot) {
    if constexpr (packed) {
      ::cuda::atomic_ref<std::uint64_t, ::cuda::thread_scope_device> word(*slot);
      std::uint64_t bits;
      while (((bits = word.load(::cuda::memory_order_relaxed)) & present) == 0) {
      }
      word.store(0, ::cuda::memory_order_relaxed);
      const auto value_bits = static_cast<std::uint32_t>(bits);
      T value;
      memcpy(&value, &value_bits, sizeof(T));
      return value;
    } else {
      const T value = __ldcg(reinterpret_cast<const T*>(slot));
      __stcg(slot, std::uint64_t{0});  // a packed semiring's next call reads this slot's presence bit
      return value;
    }
  }
};

// SpanningRows over tiles of a fixed count of items (csr-hub-split's hub
// pass, whose items are groups): a tile cannot tell from the partition
// where its open rows begin and end, so the build records, per tile, the
// first tile of its first row and the last tile of its last row.
template <class T>
struct TileSpans {
  SpanningRows<T> spanning;
  const std::int64_t* first_row_first_tile = nullptr;
  const std::int64_t* last_row_last_tile = nullptr;
};

}  // namespace graphrun::cuda::spmv
