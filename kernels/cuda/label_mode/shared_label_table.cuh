#pragma once
// Exact label counts in shared memory: an open-addressing hash table
// (linear probing, keys claimed with atomicCAS, counts added with atomicAdd)
// used by the warp- and block-per-row label_mode kernels. Counting order
// does not change the counts, so results are deterministic.
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/types.hpp"
#include "kernels/cuda/label_mode/label_keys.hpp"

namespace graphrun::cuda::label_mode_detail {

// The one 32-bit pattern that marks a free slot. A label with this bit
// pattern (INT_MIN) is legal, so it is counted in a separate counter.
inline constexpr std::uint32_t free_slot = 0x80000000u;

// A view of caller-owned shared arrays of `slots` (a power of two >= 2)
// keys and counts. The caller clears them (clear_slot) before first use;
// best_and_clear leaves them clear again for the next row.
struct SharedLabelTable {
  std::uint32_t* keys;
  std::uint32_t* counts;
  std::uint32_t* free_slot_label_count;  // how often label INT_MIN was seen
  std::uint32_t slots;
  std::uint32_t* claimed = nullptr;  // keys claimed so far; nullptr: caller guarantees room
  std::uint32_t claim_limit = 0;     // past this many keys the table reports overflow
  int* overflow = nullptr;           // raised (set to 1) on overflow

  // Fibonacci hashing: the top bits of label * 2^32/phi pick the slot.
  __device__ __forceinline__ std::uint32_t home_slot(std::uint32_t key) const {
    return static_cast<std::uint32_t>((static_cast<std::uint64_t>(key * 0x9E3779B1u) * slots) >> 32);
  }

  // Adds `count` occurrences of `label`. Returns false (and raises
  // *overflow) when the table is too full to take a new key; the counts are
  // then incomplete and the caller must not use them.
  __device__ __forceinline__ bool add(vertex_t label, std::uint32_t count) const {
    const auto key = static_cast<std::uint32_t>(label);
    if (key == free_slot) {
      atomicAdd(free_slot_label_count, count);
      return true;
    }
    std::uint32_t slot = home_slot(key);
    for (std::uint32_t probe = 0; probe < slots; ++probe) {
      std::uint32_t held = *static_cast<volatile std::uint32_t*>(&keys[slot]);
      if (held == free_slot) {
        held = atomicCAS(&keys[slot], free_slot, key);
        if (held == free_slot) {  // this thread claimed the slot
          if (claimed != nullptr && atomicAdd(claimed, 1u) >= claim_limit) atomicExch(overflow, 1);
          atomicAdd(&counts[slot], count);
          return true;
        }
      }
      if (held == key) {
        atomicAdd(&counts[slot], count);
        return true;
      }
      slot = (slot + 1) & (slots - 1);
    }
    if (overflow != nullptr) atomicExch(overflow, 1);
    return false;
  }

  __device__ __forceinline__ void clear_slot(std::uint32_t slot) const {
    keys[slot] = free_slot;
    counts[slot] = 0;
  }

  // Best candidate key among slots first, first + stride, ... (each thread
  // of a warp or block takes its share), clearing them on the way.
  __device__ __forceinline__ std::uint64_t best_and_clear(std::uint32_t first, std::uint32_t stride) const {
    std::uint64_t best = 0;
    for (std::uint32_t slot = first; slot < slots; slot += stride) {
      const std::uint32_t key = keys[slot];
      if (key != free_slot) {
        const std::uint64_t candidate = candidate_key(counts[slot], static_cast<vertex_t>(key));
        best = candidate > best ? candidate : best;
      }
      clear_slot(slot);
    }
    return best;
  }

  // The INT_MIN label's candidate (0 when it was not seen); one thread
  // takes it and clears the counter.
  __device__ __forceinline__ std::uint64_t free_slot_label_candidate_and_clear() const {
    const std::uint32_t count = *free_slot_label_count;
    *free_slot_label_count = 0;
    return count == 0 ? 0 : candidate_key(count, static_cast<vertex_t>(free_slot));
  }
};

}  // namespace graphrun::cuda::label_mode_detail
