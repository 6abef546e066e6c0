#pragma once
// The stencil-packed copy of an adjacency (packed_stencil_kernels.cuh),
// built on the device from the CSR and the diagonals the row statistics
// found: rows * mask_bytes + rows / 4 bytes beside the CSR.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"

namespace graphrun::cuda::spmv {

class PackedStencilFormat {
 public:
  // `diagonals`: every column - row of the CSR, ascending, at most
  // DiagonalPolicy::max_diagonals (the caller checked).
  PackedStencilFormat(const CsrView& csr, const std::vector<std::int32_t>& diagonals, const DeviceContext& context);

  const PackedStencilView& view() const { return view_; }
  std::size_t bytes() const { return masks_.size() + tile_starts_.size() * sizeof(edge_t); }

 private:
  DeviceVector<std::uint8_t> masks_;  // rows * view_.mask_bytes
  DeviceVector<edge_t> tile_starts_;
  PackedStencilView view_;
};

}  // namespace graphrun::cuda::spmv
