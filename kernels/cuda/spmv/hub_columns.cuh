#pragma once
// The most-gathered columns of an adjacency (its hubs), ranked on the device
// for the formats that read their x from shared memory: csr-merge-hub
// (hub_format.cuh) and csr-hub-split (hub_split_format.cuh).
#include <cstdint>

#include "graphrun/memory.hpp"
#include "kernels/cuda/runtime/context.cuh"
#include "kernels/cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmv {

struct HubColumns {
  DeviceVector<vertex_t> columns;         // per slot: the hub's column, the most entries first
  DeviceVector<vertex_t> slot_of_column;  // per column: its slot, or -1 (not a hub)
};

// The min(hubs, csr.num_cols) columns with the most entries. Equal counts
// keep the smaller column first, so the slots are the same on every build.
HubColumns rank_hub_columns(const CsrView& csr, std::int64_t hubs, const DeviceContext& context);

}  // namespace graphrun::cuda::spmv
