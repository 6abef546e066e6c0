#include "cuda/spmv/formats/stencil/stencil_format.cuh"

#include <algorithm>
#include <string>

#include "graphrun/error.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/device_flag.cuh"
#include "cuda/runtime/launch.cuh"

namespace graphrun::cuda::spmv {

void take_diagonals(const char* format, const std::vector<std::int32_t>& diagonals, int& count,
                    std::int32_t (&offsets)[StencilView::max_diagonals]) {
  if (diagonals.size() > static_cast<std::size_t>(DiagonalPolicy::max_diagonals))
    throw UsageError(std::string(format) + " SpMV format: " + std::to_string(diagonals.size()) +
                     " diagonals (at most " + std::to_string(DiagonalPolicy::max_diagonals) + ")");
  count = static_cast<int>(diagonals.size());
  std::copy(diagonals.begin(), diagonals.end(), offsets);
}

namespace {

// The diagonals at or below the main one, when every diagonal's mirror
// (column - row negated) is a diagonal too; 0 (no mirrored copy) otherwise.
std::uint32_t mirror_slotted(const StencilView& view) {
  const std::int32_t* first = view.offsets;
  const std::int32_t* last = view.offsets + view.diagonals;
  std::uint32_t slotted = 0;
  for (int k = 0; k < view.diagonals; ++k) {
    if (!std::binary_search(first, last, -view.offsets[k])) return 0;
    if (view.offsets[k] <= 0) slotted |= 1u << k;
  }
  return slotted;
}

std::uint32_t every_diagonal(int diagonals) {
  return diagonals == StencilView::max_diagonals ? ~0u : (1u << diagonals) - 1u;
}

}  // namespace

StencilFormat::StencilFormat(const CsrView& csr, const std::vector<std::int32_t>& diagonals,
                             const DeviceContext& context)
    : masks_(context.memory, static_cast<std::size_t>(csr.num_rows)) {
  take_diagonals("stencil", diagonals, view_.diagonals, view_.offsets);
  view_.masks = masks_.data();
  view_.rows = csr.num_rows;
  // Half the weights' bytes, which are most of what the kernel reads, for
  // one check and read-back.
  const std::uint32_t mirror = csr.values ? mirror_slotted(view_) : 0u;
  if (mirror != 0 && csr.num_rows > 0) {
    fill(csr, mirror, context);
    DeviceFlag mismatch(context);
    for_each_index(context, csr.num_rows, StencilMirrorCheck{csr, view_, mirror, mismatch.data()});
    if (!mismatch.raised()) return;
  }
  fill(csr, every_diagonal(view_.diagonals), context);
}

void StencilFormat::fill(const CsrView& csr, std::uint32_t slotted, const DeviceContext& context) {
  // Slot number s of a diagonal with slots: its rank among them.
  int slot_of[StencilView::max_diagonals] = {};
  int slots = 0;
  for (int k = 0; k < view_.diagonals; ++k)
    if ((slotted >> k & 1u) != 0) slot_of[k] = slots++;
  for (int k = 0; k < view_.diagonals; ++k) {
    if ((slotted >> k & 1u) != 0) {
      view_.weight_starts[k] = static_cast<std::int64_t>(slot_of[k]) * view_.rows;
      continue;
    }
    // No slots of its own: the mirror's, shifted by the offset (mirror_slotted found it).
    const std::int32_t* mirror = std::lower_bound(view_.offsets, view_.offsets + view_.diagonals, -view_.offsets[k]);
    view_.weight_starts[k] =
        static_cast<std::int64_t>(slot_of[mirror - view_.offsets]) * view_.rows + view_.offsets[k];
  }
  weights_ = DeviceVector<float>();
  const auto slot_count = static_cast<std::size_t>(slots) * static_cast<std::size_t>(csr.num_rows);
  if (csr.values && slot_count > 0) {
    weights_ = DeviceVector<float>(context.memory, slot_count);
    GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(weights_.data(), 0, slot_count * sizeof(float), context.stream));
  }
  view_.weights = weights_.data();
  if (csr.num_rows > 0)
    for_each_index(context, csr.num_rows, StencilFill{csr, view_, slotted, masks_.data(), weights_.data()});
}

}  // namespace graphrun::cuda::spmv
