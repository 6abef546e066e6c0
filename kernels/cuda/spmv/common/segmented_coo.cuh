#pragma once
// A COO view reduced by row without atomics (coo-segmented, hyb's COO tail):
// the warp-tile segmented reduction over the entries plus its carry levels.
#include <cstddef>

#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/common/carry_chain.cuh"
#include "cuda/spmv/formats/coo/coo_kernels.cuh"
#include "cuda/spmv/common/row_access.cuh"

namespace graphrun::cuda::spmv {

class SegmentedCoo {
 public:
  SegmentedCoo() = default;
  SegmentedCoo(CooView coo, MemoryResource& memory);

  // Stores each selected row that has entries through `out` (rows without
  // entries are not touched: callers initialise or accumulate).
  template <class Semiring>
  void run(const DeviceContext& context, const typename Semiring::value_type* x, bool weighted, RowMask mask,
           RowOutput<Semiring> out);

  std::size_t bytes() const { return carries_.bytes(); }

 private:
  CooView coo_;
  CarryChain carries_;
};

}  // namespace graphrun::cuda::spmv
