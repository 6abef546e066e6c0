#pragma once
// PageRank's teleport forms and its two sums (L1 residual, dangling mass),
// shared by the two kernels that update ranks with rank_update.hpp's
// update_carried_rank: the vector pass after an SpMV (rank_update.cu) and
// the SpMV row epilogue of the fused step (pagerank_row_output.cuh). Each
// thread accumulates its vertices in double, each block reduces its threads
// into its own slot, and the last block to finish adds the slots in block
// order, so the sums are the same on every run (PageRank's iteration count
// is reproducible) and stay on the device.
// Device code: include from .cu files only.
#include <cub/block/block_reduce.cuh>

#include <cstddef>
#include <cstdint>

#include "graphrun/memory.hpp"
#include "graphrun/rank_update.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/context.cuh"

namespace graphrun::cuda {

__device__ __forceinline__ float4 load_quad(const float* vector, std::int64_t q) {
  return reinterpret_cast<const float4*>(vector)[q];
}

// The teleport distribution: a vector (personalized) or one value for every
// vertex (uniform), which saves reading 4 bytes per vertex.
struct TeleportVector {
  const float* values;
  __device__ __forceinline__ float at(std::int64_t v) const { return values[v]; }
  __device__ __forceinline__ float4 quad(std::int64_t q) const { return load_quad(values, q); }
};
struct UniformTeleport {
  float value;
  __device__ __forceinline__ float at(std::int64_t) const { return value; }
  __device__ __forceinline__ float4 quad(std::int64_t) const { return make_float4(value, value, value, value); }
};

struct AddRankTerms {
  __device__ RankTerms operator()(const RankTerms& a, const RankTerms& b) const {
    return {a.residual + b.residual, a.dangling_mass + b.dangling_mass};
  }
};

// Whether the updates have stopped (RankSums): then a launch writes nothing,
// and every block of it sees the same answer, since only a launch that
// updates replaces the sums, after all its blocks have read them.
__device__ __forceinline__ bool updates_stopped(const RankSums* sums) { return sums->stopped != 0; }

// Where the blocks of one launch leave their sums: one slot per block, and a
// counter of finished blocks (zero at the launch) that elects the last one.
struct BlockSlots {
  RankTerms* sums;
  unsigned int* finished;
};

// Every thread of the block calls this once, after its last vertex. The
// block's sums go to its slot; the last block to finish adds all slots in
// block order (the same total on every run) and replaces *total by
// after_update(*total, that total). A caller that read *total (the previous
// dangling mass) must have done so before: a block counts as finished only
// after all its threads passed the barrier here.
template <int kBlockThreads>
__device__ __forceinline__ void add_block_sums(const RankTerms& thread_sums, const BlockSlots& slots,
                                               RankSums* total) {
  using BlockSums = cub::BlockReduce<RankTerms, kBlockThreads>;
  __shared__ typename BlockSums::TempStorage temp;
  __shared__ bool last_block;
  const RankTerms block_total = BlockSums(temp).Reduce(thread_sums, AddRankTerms{});
  if (threadIdx.x == 0) {
    slots.sums[blockIdx.x] = block_total;
    __threadfence();  // the slot is visible before the block counts as finished
    last_block = atomicAdd(slots.finished, 1u) == gridDim.x - 1;
  }
  __syncthreads();  // also orders the first use of temp before its second
  if (!last_block) return;
  __threadfence();
  RankTerms all{0.0, 0.0};
  for (unsigned b = threadIdx.x; b < gridDim.x; b += blockDim.x) {
    // Past L1: the other blocks' slots were written on other multiprocessors.
    const double2 slot = __ldcg(reinterpret_cast<const double2*>(slots.sums + b));
    all = AddRankTerms{}(all, RankTerms{slot.x, slot.y});
  }
  const RankTerms grand_total = BlockSums(temp).Reduce(all, AddRankTerms{});
  if (threadIdx.x == 0) *total = after_update(*total, grand_total);
}

// The slots of one launch of `blocks` blocks, from the context's pool, with
// the counter zeroed on the stream (RAII: released when the call returns,
// which the stream-ordered pool makes safe while the kernel still runs).
class BlockSlotStorage {
 public:
  BlockSlotStorage(const DeviceContext& context, int blocks)
      : storage_(context.memory, static_cast<std::size_t>(blocks) + 1), blocks_(blocks) {
    GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(finished(), 0, sizeof(unsigned int), context.stream));
  }
  BlockSlots slots() noexcept { return {storage_.data(), finished()}; }

 private:
  // The counter lives in one more slot after the blocks' slots.
  unsigned int* finished() noexcept { return reinterpret_cast<unsigned int*>(storage_.data() + blocks_); }

  DeviceVector<RankTerms> storage_;
  int blocks_;
};

}  // namespace graphrun::cuda
