#pragma once
// csr-hub-split's copy of an adjacency (hub_split_kernels.cuh), built on the
// device: the CSR split into two parts with the same rows.
// - The hub part keeps the entries whose column is one of the
//   HubSplitPolicy::hub_columns most-gathered columns, each as its 16-bit
//   hub slot, in CSR order, each row's padded with the pad slot to whole
//   groups of HubSplitPolicy::group_entries; a row id per group.
// - The rest part is a CSR of the other entries. With compact_rest_x (x
//   beyond the L2), its columns are indices into a compact copy of their x
//   (rank_rest_columns' order: the most-gathered first), which each call
//   gathers before the rest pass: the gathers that hit the L2 then crowd
//   into the copy's start instead of spreading over all of x.
// Each part has its own copy of its weights. A call runs csr-merge over the
// rest part, which stores every selected row, then the hub pass, which adds
// each row's hub entries (summed in CSR order) to it. Either way a row's
// sum takes the same products in the same order.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>

#include "graphrun/memory.hpp"
#include "kernels/cuda/runtime/context.cuh"
#include "kernels/cuda/spmv/carry_chain.cuh"
#include "kernels/cuda/spmv/merge_partition.cuh"
#include "kernels/cuda/spmv/spmv_launch.cuh"

namespace graphrun::cuda::spmv {

class HubSplitFormat {
 public:
  HubSplitFormat(const CsrView& csr, bool compact_rest_x, const DeviceContext& context);

  template <class Semiring>
  void run(const DeviceContext& context, const SpmvOperands<Semiring>& operands);

  std::int64_t hubs() const { return static_cast<std::int64_t>(hub_columns_.size()); }
  std::size_t bytes() const;

 private:
  CsrView rest_view() const;

  vertex_t rows_ = 0;
  vertex_t cols_ = 0;
  bool compact_rest_x_ = false;
  std::int64_t groups_ = 0;
  std::int64_t rest_entries_ = 0;
  DeviceVector<vertex_t> hub_columns_;      // per slot: the hub's column
  DeviceVector<std::uint64_t> hub_values_;  // per slot and the pad slot: x, for values of up to 8 bytes
  DeviceVector<vertex_t> group_rows_;       // per group
  DeviceVector<std::uint16_t> group_slots_;  // group_entries per group
  DeviceVector<float> group_weights_;       // group_entries per group; empty when the CSR has no weights
  CarryChain group_carries_;                // rows whose groups span the hub pass's tiles
  DeviceVector<edge_t> rest_offsets_;       // rows + 1
  DeviceVector<vertex_t> rest_columns_;     // per other entry: its column, or its index in rest_x_
  DeviceVector<vertex_t> rest_x_columns_;   // compact_rest_x: per index of the compact x, its column
  DeviceVector<std::uint64_t> rest_x_;      // compact_rest_x: per index, x, for values of up to 8 bytes
  DeviceVector<float> rest_weights_;        // per other entry; empty when the CSR has no weights
  std::optional<MergePartition> rest_partition_;  // csr-merge's tiles
  std::unordered_map<const void*, int> resident_per_multiprocessor_;  // fitted once per kernel
};

}  // namespace graphrun::cuda::spmv
