#include "cuda/spmv/common/span_slots.cuh"

#include "cuda/runtime/check.cuh"

namespace graphrun::cuda::spmv {

SpanSlots::SpanSlots(const DeviceContext& context, std::int64_t tiles)
    : tiles_(tiles),
      arrivals_(context.memory, static_cast<std::size_t>(tiles)),
      slots_(context.memory, 2 * static_cast<std::size_t>(tiles)) {
  if (tiles == 0) return;
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(arrivals_.data(), 0, arrivals_.size() * sizeof(unsigned), context.stream));
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(slots_.data(), 0, slots_.size() * sizeof(std::uint64_t), context.stream));
}

}  // namespace graphrun::cuda::spmv
