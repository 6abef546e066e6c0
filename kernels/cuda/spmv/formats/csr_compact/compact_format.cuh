#pragma once
// csr-compact's copy of an adjacency's structure (compact_kernels.cuh),
// converted on the device: 8-bit row lengths, 64-bit tile starts and 16-bit
// column offsets, rows * 1.25 + entries * 2 bytes beside the CSR.
#include <cstddef>
#include <cstdint>

#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"

namespace graphrun::cuda::spmv {

class CompactFormat {
 public:
  // The caller checked the bounds (column_offsets_refusal).
  CompactFormat(const CsrView& csr, const DeviceContext& context);

  const CompactView& view() const { return view_; }
  std::size_t bytes() const {
    return tile_starts_.size() * sizeof(edge_t) + lengths_.size() + column_offsets_.size() * sizeof(std::int16_t);
  }

 private:
  DeviceVector<edge_t> tile_starts_;
  DeviceVector<std::uint8_t> lengths_;
  DeviceVector<std::int16_t> column_offsets_;
  CompactView view_;
};

}  // namespace graphrun::cuda::spmv
