#pragma once
// Host-side launch of segmented_reduce_kernel (one warp per tile), shared by
// the COO pass of coo-segmented / hyb and by every carry level.
// Device code: include from .cu files only.
#include <cstdint>

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/common/segmented_reduce_kernel.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"

namespace graphrun::cuda::spmv {

template <class Semiring, class Items>
void launch_segmented_reduce(const DeviceContext& context, const Items& items, std::int64_t count, RowMask mask,
                             RowOutput<Semiring> out, CarrySlots<typename Semiring::value_type> carries) {
  if (count <= 0) return;
  using Policy = SegmentedPolicy;
  const std::int64_t blocks = (segmented_tiles(count) + Policy::warps_per_block - 1) / Policy::warps_per_block;
  segmented_reduce_kernel<Semiring, Items>
      <<<tile_blocks(blocks, "coo-segmented"), Policy::threads_per_block, 0, context.stream>>>(items, count, mask, out,
                                                                                               carries);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

}  // namespace graphrun::cuda::spmv
