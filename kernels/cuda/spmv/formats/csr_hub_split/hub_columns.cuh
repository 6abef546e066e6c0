#pragma once
// The most-gathered columns of an adjacency (its hubs), ranked on the device
// for csr-hub-split (hub_split_format.cuh), which reads their x from
// shared memory.
#include <cstdint>

#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmv {

// slot_of_column's value for a column that is not a hub: every bit set, so
// a memset of 0xff writes it.
inline constexpr vertex_t no_slot = no_vertex;

// Whether `code` is one of `slots` hub slots (0..slots-1). A slot map shares
// its field with other codes (no_slot; csr-hub-split's rest codes, ~ an index
// or a column id, near the top of the unsigned range): one unsigned
// comparison tells them apart whether vertex_t is signed or not, as long as
// every id is below 2^32 - slots.
__host__ __device__ __forceinline__ bool is_slot(vertex_t code, std::uint32_t slots) {
  return static_cast<std::uint32_t>(code) < slots;
}

struct HubColumns {
  DeviceVector<vertex_t> columns;         // per slot: the hub's column, the most entries first
  DeviceVector<vertex_t> slot_of_column;  // per column: its slot, or no_slot (not a hub)
  DeviceVector<unsigned> column_entries;  // per column: its entries
};

// The min(hubs, csr.num_cols) columns with the most entries. Equal counts
// keep the smaller column first, so the slots are the same on every build.
// `transpose_offsets`: the row offsets of the CSR's transpose (num_cols + 1
// values) where the device holds them (a directed graph's other adjacency;
// an undirected graph's CSR is its own transpose): each column's entries
// are read from there. nullptr: they are counted, an atomic add per entry,
// which is slow on a power-law graph: the hub columns' counters contend
// (docs/decisions/015-hub-split-build.md).
HubColumns rank_hub_columns(const CsrView& csr, std::int64_t hubs, const DeviceContext& context,
                            const edge_t* transpose_offsets);

// The columns that have entries and are not hubs, in the order of a compact
// copy of their x (csr-hub-split's rest part, when x is beyond the L2): by
// the bit width of their entry count, the widest first, and ascending within
// a width. The most-gathered columns' x then lies together at the copy's
// start, where the L2 keeps it, while the gather that builds the copy reads
// x in one ascending sweep per width.
DeviceVector<vertex_t> rank_rest_columns(const HubColumns& hubs, const DeviceContext& context);

}  // namespace graphrun::cuda::spmv
