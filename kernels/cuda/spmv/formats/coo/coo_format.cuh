#pragma once
// The COO form of an adjacency for coo-atomic and coo-segmented: a row id per
// entry built on the device (row_expansion.cuh) beside the CSR's own columns
// and weights, which are not copied.
#include <cstddef>

#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/common/segmented_coo.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"

namespace graphrun::cuda::spmv {

class CooFormat {
 public:
  CooFormat(const CsrView& csr, const DeviceContext& context);

  // Atomic combine per entry; float sums are not deterministic.
  template <class Semiring>
  void run_atomic(const DeviceContext& context, const SpmvOperands<Semiring>& operands) const;
  // Warp segmented scan + carry levels; deterministic.
  template <class Semiring>
  void run_segmented(const DeviceContext& context, const SpmvOperands<Semiring>& operands);

  std::size_t bytes() const { return rows_.size() * sizeof(vertex_t) + segmented_.bytes(); }

 private:
  CooView view_;
  DeviceVector<vertex_t> rows_;
  SegmentedCoo segmented_;
};

}  // namespace graphrun::cuda::spmv
