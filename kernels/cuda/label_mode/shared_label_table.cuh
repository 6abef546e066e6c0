#pragma once
// Exact label counts in shared memory: an open-addressing hash table
// (linear probing, keys claimed with atomicCAS, counts added with atomicAdd)
// used by the warp- and block-per-row label_mode kernels. Counting order
// does not change the counts, so results are deterministic.
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/types.hpp"

namespace graphrun::cuda::label_mode_detail {

// The one 32-bit pattern that marks a free slot. A label with this bit
// pattern (INT_MIN) is legal, so it is counted in a separate counter.
inline constexpr std::uint32_t free_slot = 0x80000000u;

// A view of caller-owned shared arrays of `slots` (a power of two) keys and
// counts. Callers size it to at least twice the entries they add (see
// table_slots_for), so it never fills. The caller clears the arrays
// (clear_slot) before first use; drain() leaves them clear again.
struct SharedLabelTable {
  std::uint32_t* keys;
  std::uint32_t* counts;
  std::uint32_t* free_slot_label_count;  // how often label INT_MIN was seen
  std::uint32_t slots;

  // Fibonacci hashing: the top bits of label * 2^32/phi pick the slot.
  __device__ __forceinline__ std::uint32_t home_slot(std::uint32_t key) const {
    return static_cast<std::uint32_t>((static_cast<std::uint64_t>(key * 0x9E3779B1u) * slots) >> 32);
  }

  // Adds `count` occurrences of `label`.
  __device__ __forceinline__ void add(vertex_t label, std::uint32_t count) const {
    const auto key = static_cast<std::uint32_t>(label);
    if (key == free_slot) {
      atomicAdd(free_slot_label_count, count);
      return;
    }
    std::uint32_t slot = home_slot(key);
    // Every probe is one atomicCAS (no plain read first: no access races
    // with another thread's claim). Bounded only as a guard: a table of >=
    // 2 x the entries always has a free slot, so the loop ends at the
    // label's slot or a free one.
    for (std::uint32_t probe = 0; probe < slots; ++probe) {
      const std::uint32_t held = atomicCAS(&keys[slot], free_slot, key);
      if (held == free_slot || held == key) {  // claimed now, or the label's slot already
        atomicAdd(&counts[slot], count);
        return;
      }
      slot = (slot + 1) & (slots - 1);
    }
  }

  __device__ __forceinline__ void clear_slot(std::uint32_t slot) const {
    keys[slot] = free_slot;
    counts[slot] = 0;
  }

  // Reads slot `slot` and clears it: true (with its label and count) when a
  // label held it.
  __device__ __forceinline__ bool take(std::uint32_t slot, vertex_t& label, std::uint32_t& count) const {
    const std::uint32_t key = keys[slot];
    label = static_cast<vertex_t>(key);
    count = counts[slot];
    clear_slot(slot);
    return key != free_slot;
  }

  // Calls offer(label, count) -> candidate key for each label held in slots
  // first, first + stride, ... (each thread of a warp or block takes its
  // share), clears those slots and returns the best key offered (0: none).
  template <class Offer>
  __device__ __forceinline__ std::uint64_t drain(std::uint32_t first, std::uint32_t stride, Offer offer) const {
    std::uint64_t best = 0;
    for (std::uint32_t slot = first; slot < slots; slot += stride) {
      vertex_t label;
      std::uint32_t count;
      if (take(slot, label, count)) {
        const std::uint64_t candidate = offer(label, count);
        best = candidate > best ? candidate : best;
      }
    }
    return best;
  }

  // The same for the INT_MIN label, by one thread (0 when it was not seen).
  template <class Offer>
  __device__ __forceinline__ std::uint64_t drain_free_slot_label(Offer offer) const {
    const std::uint32_t count = *free_slot_label_count;
    *free_slot_label_count = 0;
    return count == 0 ? 0 : offer(static_cast<vertex_t>(free_slot), count);
  }
};

}  // namespace graphrun::cuda::label_mode_detail
