#pragma once
// coo-column-split (ColumnSplitPolicy): the adjacency's entries as COO,
// stably partitioned into `parts` contiguous column ranges, each part a
// SegmentedCoo. A run initialises y once and lets every part accumulate its
// share of each row, so a part's x gathers touch only its slice of x, which
// the part count keeps inside L2. Deterministic: parts are added in order.
#include <cstddef>
#include <vector>

#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/common/segmented_coo.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"

namespace graphrun::cuda::spmv {

class ColumnSplitFormat {
 public:
  // parts >= 1; more parts than columns are reduced to one per column.
  ColumnSplitFormat(const CsrView& csr, int parts, const DeviceContext& context);

  template <class Semiring>
  void run(const DeviceContext& context, const SpmvOperands<Semiring>& operands);

  int parts() const { return static_cast<int>(parts_.size()); }
  std::size_t bytes() const;

 private:
  DeviceVector<vertex_t> rows_;
  DeviceVector<vertex_t> columns_;
  DeviceVector<float> weights_;  // empty when the adjacency has none
  std::vector<SegmentedCoo> parts_;
};

}  // namespace graphrun::cuda::spmv
