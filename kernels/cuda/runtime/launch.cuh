#pragma once
// Grid-stride launch of a per-index device functor: the one kernel every
// element-wise map and per-vertex pass of the CUDA backend is written with,
// so each operation is a small lambda and launch code is not repeated.
// Device code: include from .cu files only.
#include <algorithm>
#include <cstdint>

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/context.cuh"

namespace graphrun::cuda {

// Tuning constants of the grid-stride kernels (one place, CUB-style policy).
struct GridStridePolicy {
  static constexpr int threads_per_block = 256;
  // Enough resident blocks to hide memory latency; more only adds tail waste
  // because each thread loops over the remaining indices.
  static constexpr int blocks_per_multiprocessor = 8;
};

template <class Function>
__global__ void __launch_bounds__(GridStridePolicy::threads_per_block)
    for_each_index_kernel(std::int64_t count, Function function) {
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride)
    function(i);
}

// Blocks for a grid-stride kernel over `work_items`: one item per thread up
// to the resident-blocks cap (more blocks only add tail waste, since each
// thread loops over the remaining items). At least one block.
inline int capped_grid_blocks(const DeviceContext& context, std::int64_t work_items, std::int64_t items_per_block,
                              int blocks_per_multiprocessor) {
  const std::int64_t wanted = (work_items + items_per_block - 1) / items_per_block;
  const std::int64_t cap = static_cast<std::int64_t>(context.multiprocessors) * blocks_per_multiprocessor;
  return static_cast<int>(std::clamp<std::int64_t>(wanted, 1, std::max<std::int64_t>(cap, 1)));
}

// Blocks for `count` indices of for_each_index's kernel.
inline int grid_stride_blocks(const DeviceContext& context, std::int64_t count) {
  return capped_grid_blocks(context, count, GridStridePolicy::threads_per_block,
                            GridStridePolicy::blocks_per_multiprocessor);
}

// Calls function(i) for every i in [0, count) on the context's stream.
template <class Function>
void for_each_index(const DeviceContext& context, std::int64_t count, Function function) {
  if (count <= 0) return;
  for_each_index_kernel<<<grid_stride_blocks(context, count), GridStridePolicy::threads_per_block, 0,
                          context.stream>>>(count, function);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

}  // namespace graphrun::cuda

namespace graphrun::cuda {

template <class Function>
__global__ void __launch_bounds__(GridStridePolicy::threads_per_block)
    for_each_index_device_count_kernel(const std::int64_t* count, Function function) {
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  const std::int64_t end = *count;
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < end; i += stride)
    function(i);
}

// Like for_each_index, but the count lives in device memory (computed by an
// earlier kernel): no host round trip to learn it. `largest_count` only
// sizes the grid.
template <class Function>
void for_each_index_device_count(const DeviceContext& context, const std::int64_t* count, std::int64_t largest_count,
                                 Function function) {
  if (largest_count <= 0) return;
  for_each_index_device_count_kernel<<<grid_stride_blocks(context, largest_count),
                                       GridStridePolicy::threads_per_block, 0, context.stream>>>(count, function);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

}  // namespace graphrun::cuda
