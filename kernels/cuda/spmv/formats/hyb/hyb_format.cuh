#pragma once
// HYB = an ELL part of bounded width (auto_rule.cpp's hyb_ell_width) plus
// a COO tail holding the rest of the longer rows, both converted on the
// device from the CSR. A run writes every selected row from the ELL part,
// then adds the tail's rows with the deterministic segmented reduction.
#include <cstddef>
#include <cstdint>

#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/formats/ell/ell_format.cuh"
#include "cuda/spmv/common/segmented_coo.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"

namespace graphrun::cuda::spmv {

class HybFormat {
 public:
  HybFormat(const CsrView& csr, std::int64_t ell_width, const DeviceContext& context);

  template <class Semiring>
  void run(const DeviceContext& context, const SpmvOperands<Semiring>& operands);

  std::int64_t tail_entries() const { return static_cast<std::int64_t>(tail_rows_.size()); }
  std::size_t bytes() const;

 private:
  EllFormat ell_;
  DeviceVector<vertex_t> tail_rows_;
  DeviceVector<vertex_t> tail_columns_;
  DeviceVector<float> tail_weights_;
  SegmentedCoo tail_;
};

}  // namespace graphrun::cuda::spmv
