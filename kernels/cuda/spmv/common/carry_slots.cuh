#pragma once
// Row partials and the carry slots through which kernels that split rows
// (coo-segmented, hyb's COO tail) hand unfinished rows to the next
// carry level (segmented_reduce_kernel.cuh, carry_chain.cuh).
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/types.hpp"

namespace graphrun::cuda::spmv {

// A partial result of one row. `has_entries` is false for the filler slots a
// tile writes when it has no partial to hand on: a row whose partials are all
// fillers is never written.
template <class T>
struct RowPartial {
  vertex_t row;
  T value;
  bool has_entries;
};

// Row id no real row has: marks lanes without an item.
inline constexpr vertex_t no_row = no_vertex;

// Two slots per tile: [2 t] = the tile's first-row partial, [2 t + 1] = its
// last-row partial, so the slots of all tiles stay sorted by row.
template <class T>
struct CarrySlots {
  vertex_t* rows = nullptr;  // nullptr: the producing level is one tile and emits nothing
  T* values = nullptr;
  std::uint8_t* has_entries = nullptr;

  __device__ __forceinline__ void store(std::int64_t slot, const RowPartial<T>& partial) const {
    rows[slot] = partial.row;
    values[slot] = partial.value;
    has_entries[slot] = partial.has_entries ? 1 : 0;
  }
};

}  // namespace graphrun::cuda::spmv
