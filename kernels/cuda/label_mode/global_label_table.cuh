#pragma once
// Exact label counts of one huge row in global memory, for a row whose
// chunks staged more (label, count) pairs than one block's shared table
// merges (huge_rows_kernels.cuh): the chunks' blocks merge their pairs
// here. Open addressing with linear probing over global_table_slots(P)
// slots for P pairs (load <= 0.5 even when every label differs, so it
// never fills).
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/types.hpp"

namespace graphrun::cuda::label_mode_detail {

// A slot is one 64-bit word, (label bits << 32) | count, so a label is
// claimed together with its first count by one atomicCAS and every label
// value is legal: a held slot has count >= 1, so 0 (what cudaMemset writes)
// marks a free one. Counts stay below 2^32 (a row has fewer entries), so
// adding to the word never carries into the label.
struct GlobalLabelTable {
  unsigned long long* slots;
  std::uint64_t size;  // any size >= 1, not only powers of two

  // Adds count[k] occurrences of label[k] for each k < kBatch (count 0:
  // skip that one), their first atomics issued together (one round trip for
  // the batch, not one per label), and sets total[k] to the label's count
  // so far including them. The last add of a label returns its final
  // count, so the maximum candidate over all returned counts is the row's
  // answer, in whatever order the adds happen.
  template <int kBatch>
  __device__ __forceinline__ void add_batch(const vertex_t (&label)[kBatch], const std::uint32_t (&count)[kBatch],
                                            std::uint32_t (&total)[kBatch]) const {
    std::uint64_t slot[kBatch];
    unsigned long long held[kBatch];
#pragma unroll
    for (int k = 0; k < kBatch; ++k) {
      slot[k] = home_slot(label[k]);
      held[k] = count[k] == 0 ? 0 : atomicCAS(&slots[slot[k]], 0ull, tagged(label[k]) | count[k]);
    }
#pragma unroll
    for (int k = 0; k < kBatch; ++k) {
      total[k] = count[k];  // also the answer when the CAS claimed the slot
      if (count[k] == 0 || held[k] == 0) continue;
      if ((held[k] & label_bits) == tagged(label[k]))
        total[k] = static_cast<std::uint32_t>(atomicAdd(&slots[slot[k]], static_cast<unsigned long long>(count[k])) +
                                              count[k]);
      else  // another label holds the home slot: probe on from the next
        total[k] = add_from(slot[k] + 1 == size ? 0 : slot[k] + 1, label[k], count[k]);
    }
  }

 private:
  static constexpr unsigned long long label_bits = 0xffffffff00000000ull;

  static __device__ __forceinline__ unsigned long long tagged(vertex_t label) {
    return static_cast<unsigned long long>(static_cast<std::uint32_t>(label)) << 32;
  }

  // Fibonacci hashing scaled to [0, size): the high word of
  // (hash / 2^32) * size, exact for sizes beyond 2^32 too.
  __device__ __forceinline__ std::uint64_t home_slot(vertex_t label) const {
    return __umul64hi(static_cast<std::uint64_t>(static_cast<std::uint32_t>(label) * 0x9E3779B1u) << 32, size);
  }

  __device__ __forceinline__ std::uint32_t add_from(std::uint64_t slot, vertex_t label, std::uint32_t count) const {
    const unsigned long long key = tagged(label);
    // Bounded only as a guard: a free slot always exists (see above).
    for (std::uint64_t probe = 0; probe < size; ++probe) {
      unsigned long long held = *static_cast<volatile unsigned long long*>(&slots[slot]);
      if (held == 0) {
        held = atomicCAS(&slots[slot], 0ull, key | count);
        if (held == 0) return count;  // this thread claimed the slot
      }
      if ((held & label_bits) == key)
        return static_cast<std::uint32_t>(atomicAdd(&slots[slot], static_cast<unsigned long long>(count)) + count);
      slot = slot + 1 == size ? 0 : slot + 1;
    }
    return count;
  }
};

}  // namespace graphrun::cuda::label_mode_detail
