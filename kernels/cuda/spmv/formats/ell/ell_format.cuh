#pragma once
// An ELL copy of an adjacency, converted on the device (ell_kernels.cuh), for
// "ell" (width = longest row; refused by auto_rule.cpp when padding would
// explode), for "ell-compact" (the same, with 16-bit column - row slots) and
// for the ELL part of "hyb" (bounded width).
#include <cstddef>
#include <cstdint>

#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/formats/ell/ell_kernels.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"

namespace graphrun::cuda::spmv {

// What an ELL slot stores of its entry's column.
enum class EllColumns { full, offsets };

class EllFormat {
 public:
  // EllColumns::offsets needs every |column - row| <= 32767 (the caller checked).
  EllFormat(const CsrView& csr, std::int64_t width, const DeviceContext& context,
            EllColumns columns = EllColumns::full);

  // Stores every selected row (its first `width` entries) through the
  // operands' output mode.
  template <class Semiring>
  void run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) const;

  std::int64_t width() const { return view_.width; }
  const EllView& view() const { return view_; }
  std::size_t bytes() const {
    return columns_.size() * sizeof(vertex_t) + column_offsets_.size() * sizeof(std::int16_t) +
           weights_.size() * sizeof(float);
  }

 private:
  DeviceVector<vertex_t> columns_;
  DeviceVector<std::int16_t> column_offsets_;
  DeviceVector<float> weights_;
  EllView view_;
};

}  // namespace graphrun::cuda::spmv
