#pragma once
// The stencil copy of an adjacency (stencil_kernels.cuh), built on the
// device from the CSR and the diagonals the row statistics found.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"
#include "cuda/spmv/formats/stencil/stencil_kernels.cuh"

namespace graphrun::cuda::spmv {

// Both stencil copies' diagonals: throws UsageError naming `format` beyond
// DiagonalPolicy::max_diagonals (one bit of a row's mask each), else sets
// the view's count and offsets.
void take_diagonals(const char* format, const std::vector<std::int32_t>& diagonals, int& count,
                    std::int32_t (&offsets)[StencilView::max_diagonals]);

class StencilFormat {
 public:
  // `diagonals`: every column - row of the CSR, ascending, at most
  // DiagonalPolicy::max_diagonals (the caller checked). Weights are stored
  // mirrored (half the slots) when every diagonal's mirror is among them and
  // every entry above the main diagonal equals its mirror entry bit for bit,
  // as an undirected graph's do: that is checked on the device, and read
  // back once here.
  StencilFormat(const CsrView& csr, const std::vector<std::int32_t>& diagonals, const DeviceContext& context);

  const StencilView& view() const { return view_; }
  std::size_t bytes() const { return masks_.size() * sizeof(std::uint32_t) + weights_.size() * sizeof(float); }

 private:
  DeviceVector<std::uint32_t> masks_;
  // Allocates zeroed slots for the diagonals in `slotted`, sets the view's
  // weight starts, and fills the masks and those slots from csr.
  void fill(const CsrView& csr, std::uint32_t slotted, const DeviceContext& context);

  DeviceVector<float> weights_;
  StencilView view_;
};

}  // namespace graphrun::cuda::spmv
