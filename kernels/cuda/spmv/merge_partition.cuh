#pragma once
// csr-merge's cached state: where the merge path enters every tile (computed
// on the device once per plan, csr_merge_kernels.cuh) and the per-tile slots
// and counters through which tiles finish the rows that span them
// (spanning_rows.cuh).
#include <cstddef>
#include <cstdint>

#include "graphrun/memory.hpp"
#include "kernels/cuda/runtime/context.cuh"
#include "kernels/cuda/spmv/spmv_launch.cuh"

namespace graphrun::cuda::spmv {

class MergePartition {
 public:
  MergePartition(const CsrView& csr, const DeviceContext& context);

  template <class Semiring>
  void run(const DeviceContext& context, const SpmvOperands<Semiring>& operands);

  std::size_t bytes() const {
    return tile_rows_.size() * sizeof(vertex_t) + tile_entries_.size() * sizeof(edge_t) +
           span_arrivals_.size() * sizeof(unsigned) + span_slots_.size() * sizeof(std::uint64_t);
  }

 private:
  std::int64_t tiles_ = 0;
  DeviceVector<vertex_t> tile_rows_;
  DeviceVector<edge_t> tile_entries_;
  DeviceVector<unsigned> span_arrivals_;   // zero between calls
  DeviceVector<std::uint64_t> span_slots_;  // two per tile: opening, then closing (spanning_rows.cuh)
};

}  // namespace graphrun::cuda::spmv
