#pragma once
// csr-merge-hub's copy of an adjacency's columns (csr_merge_hub_kernels.cuh),
// built on the device: the hub_columns most-gathered columns in slot order
// (the most entries first), and every entry's column with each hub column
// replaced by -1 - its slot. entries * 4 + hubs * 12 bytes beside the CSR;
// the weights are the CSR's own. The tiles are csr-merge's, larger.
#include <cstddef>
#include <cstdint>
#include <unordered_map>

#include "graphrun/memory.hpp"
#include "kernels/cuda/runtime/context.cuh"
#include "kernels/cuda/spmv/merge_partition.cuh"
#include "kernels/cuda/spmv/spmv_launch.cuh"

namespace graphrun::cuda::spmv {

class HubFormat {
 public:
  // transpose_offsets: see rank_hub_columns (hub_columns.cuh).
  HubFormat(const CsrView& csr, const edge_t* transpose_offsets, const DeviceContext& context);

  // Gathers the hubs' x, then runs the kernel.
  template <class Semiring>
  void run(const DeviceContext& context, const SpmvOperands<Semiring>& operands);

  std::int64_t hubs() const { return static_cast<std::int64_t>(hub_columns_.size()); }
  std::size_t bytes() const {
    return coded_columns_.size() * sizeof(vertex_t) + hub_columns_.size() * sizeof(vertex_t) +
           hub_values_.size() * sizeof(std::uint64_t) + partition_.bytes();
  }

 private:
  MergePartition partition_;  // CsrMergeHubPolicy's tiles
  // Resident blocks per SM of each kernel instantiation run so far (and its
  // shared-memory carveout set), keyed by the kernel.
  std::unordered_map<const void*, int> resident_per_multiprocessor_;
  DeviceVector<vertex_t> coded_columns_;     // per entry: column, or -1 - hub slot
  DeviceVector<vertex_t> hub_columns_;       // per slot: the hub's column
  DeviceVector<std::uint64_t> hub_values_;   // per slot: x of the hub, for values of up to 8 bytes
};

}  // namespace graphrun::cuda::spmv
