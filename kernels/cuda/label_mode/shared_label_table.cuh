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
// pattern (2^31) is legal, so it is counted in a separate counter.
inline constexpr std::uint32_t free_slot = 0x80000000u;

// A view of caller-owned shared arrays of `slots` (a power of two, at
// least min_table_slots) keys and counts, each array 16-byte aligned.
// Callers size it to at least twice the entries they add (see
// table_slots_for), so it never fills. The caller clears the arrays
// (clear) before first use and after each use: add() returns the running
// counts a caller needs for its answer, so a table is read back only where
// its counts are merged elsewhere (take).
struct SharedLabelTable {
  std::uint32_t* keys;
  std::uint32_t* counts;
  std::uint32_t* free_slot_label_count;  // how often label 2^31 was seen
  std::uint32_t slots;

  // Fibonacci hashing: the top bits of label * 2^32/phi pick the slot.
  __device__ __forceinline__ std::uint32_t home_slot(std::uint32_t key) const {
    return static_cast<std::uint32_t>((static_cast<std::uint64_t>(key * 0x9E3779B1u) * slots) >> 32);
  }

  // Adds `count` occurrences of `label` and returns the label's count so
  // far including them. The last add of a label returns its final count,
  // so the best candidate over all returned counts is the table's answer,
  // in whatever order the adds happen.
  __device__ __forceinline__ std::uint32_t add(vertex_t label, std::uint32_t count) const {
    const auto key = static_cast<std::uint32_t>(label);
    if (key == free_slot) return atomicAdd(free_slot_label_count, count) + count;
    std::uint32_t slot = home_slot(key);
    // Every probe is one atomicCAS (no plain read first: no access races
    // with another thread's claim). Bounded only as a guard: a table of >=
    // 2 x the entries always has a free slot, so the loop ends at the
    // label's slot or a free one.
    for (std::uint32_t probe = 0; probe < slots; ++probe) {
      const std::uint32_t held = atomicCAS(&keys[slot], free_slot, key);
      if (held == free_slot || held == key)  // claimed now, or the label's slot already
        return atomicAdd(&counts[slot], count) + count;
      slot = (slot + 1) & (slots - 1);
    }
    return count;
  }

  // Frees slots [4 first, 4 first + 4), [4 (first + stride), ...) of the
  // table (each thread of a warp or block takes its share): four slots a
  // 16-byte store. The 2^31 label's counter is the caller's to reset.
  __device__ __forceinline__ void clear(std::uint32_t first, std::uint32_t stride) const {
    for (std::uint32_t quad = first; quad < slots / 4; quad += stride) {
      reinterpret_cast<uint4*>(keys)[quad] = uint4{free_slot, free_slot, free_slot, free_slot};
      reinterpret_cast<uint4*>(counts)[quad] = uint4{0u, 0u, 0u, 0u};
    }
  }

  // Reads slot `slot` and clears it: true (with its label and count) when a
  // label held it.
  __device__ __forceinline__ bool take(std::uint32_t slot, vertex_t& label, std::uint32_t& count) const {
    const std::uint32_t key = keys[slot];
    label = static_cast<vertex_t>(key);
    count = counts[slot];
    keys[slot] = free_slot;
    counts[slot] = 0;
    return key != free_slot;
  }

  // How often the 2^31 label was added since the last call; resets the
  // counter. By one thread.
  __device__ __forceinline__ std::uint32_t take_free_slot_label() const {
    const std::uint32_t count = *free_slot_label_count;
    *free_slot_label_count = 0;
    return count;
  }
};

}  // namespace graphrun::cuda::label_mode_detail
