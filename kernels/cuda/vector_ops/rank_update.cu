// One pass instead of four (multiply, masked sum, axpby, l1 distance): per
// vertex it reads y, teleport, share and the old rank and writes the new rank
// and the next contribution, 24 bytes instead of 52. The two sums are
// reduced per block and then by one block in block order, so the result is
// the same on every run (PageRank's iteration count is reproducible).
#include <cub/block/block_reduce.cuh>

#include <cuda/std/cmath>

#include "graphrun/memory.hpp"
#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/runtime/cub_call.cuh"
#include "kernels/cuda/runtime/launch.cuh"
#include "kernels/cuda/vector_ops/rank_update.cuh"

namespace graphrun::cuda {

namespace {

struct RankSums {
  double residual;
  double dangling_mass;
};

struct AddRankSums {
  __device__ RankSums operator()(const RankSums& a, const RankSums& b) const {
    return {a.residual + b.residual, a.dangling_mass + b.dangling_mass};
  }
};

constexpr int threads_per_block = GridStridePolicy::threads_per_block;
using BlockSums = cub::BlockReduce<RankSums, threads_per_block>;

struct RankUpdateArgs {
  const float* y;
  const float* teleport;
  const float* share;
  float* rank;
  float* contribution;
  float damping;
  float teleport_weight;
  std::int64_t size;
};

__global__ void __launch_bounds__(threads_per_block) rank_update_kernel(RankUpdateArgs args, RankSums* block_sums) {
  RankSums sums{0.0, 0.0};
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; v < args.size; v += stride) {
    // axpby(teleport_weight, teleport, damping, y) with explicit roundings:
    // nvcc would contract it into an fmaf and disagree with the CPU backend
    // in the last bit.
    const float updated =
        __fadd_rn(__fmul_rn(args.teleport_weight, args.teleport[v]), __fmul_rn(args.damping, args.y[v]));
    const float share = args.share[v];
    sums.residual += ::cuda::std::fabs(static_cast<double>(updated) - static_cast<double>(args.rank[v]));
    if (share == 0.0f) sums.dangling_mass += static_cast<double>(updated);
    args.rank[v] = updated;
    args.contribution[v] = __fmul_rn(updated, share);
  }
  __shared__ typename BlockSums::TempStorage temp;
  const RankSums block_total = BlockSums(temp).Reduce(sums, AddRankSums{});
  if (threadIdx.x == 0) block_sums[blockIdx.x] = block_total;
}

// One block adds the per-block sums in a fixed order.
__global__ void __launch_bounds__(threads_per_block) sum_blocks_kernel(const RankSums* block_sums, int blocks,
                                                                      RankSums* total) {
  RankSums sums{0.0, 0.0};
  for (int b = threadIdx.x; b < blocks; b += blockDim.x) sums = AddRankSums{}(sums, block_sums[b]);
  __shared__ typename BlockSums::TempStorage temp;
  const RankSums block_total = BlockSums(temp).Reduce(sums, AddRankSums{});
  if (threadIdx.x == 0) *total = block_total;
}

}  // namespace

Backend::RankUpdate pagerank_update(const DeviceContext& context, std::span<const float> y,
                                    std::span<const float> teleport, float damping, float teleport_weight,
                                    std::span<const float> share, std::span<float> rank,
                                    std::span<float> contribution) {
  const auto size = static_cast<std::int64_t>(rank.size());
  if (size == 0) return {};
  const int blocks = grid_stride_blocks(context, size);
  DeviceVector<RankSums> sums(context.memory, static_cast<std::size_t>(blocks) + 1);
  RankSums* block_sums = sums.data();
  RankSums* total = sums.data() + blocks;
  const RankUpdateArgs args{y.data(),       teleport.data(), share.data(),    rank.data(),
                            contribution.data(), damping,    teleport_weight, size};
  rank_update_kernel<<<blocks, threads_per_block, 0, context.stream>>>(args, block_sums);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  sum_blocks_kernel<<<1, threads_per_block, 0, context.stream>>>(block_sums, blocks, total);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  const RankSums result = read_scalar(context, static_cast<const RankSums*>(total));
  return {.residual = result.residual, .dangling_mass = result.dangling_mass};
}

}  // namespace graphrun::cuda
