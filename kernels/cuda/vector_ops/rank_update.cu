// One pass instead of four (multiply, masked sum, axpby, l1 distance): per
// vertex it reads y, share, the old carried rank (and the teleport vector
// when it is personalized) and writes the next carried rank, 16 or 20 bytes
// instead of 52. The two sums are reduced per block and then by one
// block in block order, so the result is the same on every run (PageRank's
// iteration count is reproducible).
//
// The sums stay on the device: the update kernel reads the previous
// iteration's dangling mass from the sums slot, and the last of its blocks
// to finish adds the per-block sums (in block order) and overwrites that
// slot, so an iteration needs no host round trip and no second kernel.
// Once the sums say the updates stopped, every block returns at once.
//
// The new state goes to next_carried, never over the old one: a pass that
// rewrites the entries it has just read stalls on them and falls far below
// memory bandwidth. Four vertices a thread (16-byte loads and stores)
// whenever every vector is 16-byte aligned, to cut the instructions per
// byte.
#include <cstdint>

#include "graphrun/memory.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/vector_ops/rank_sums.cuh"
#include "cuda/vector_ops/rank_update.cuh"

namespace graphrun::cuda {

namespace {

constexpr int threads_per_block = GridStridePolicy::threads_per_block;

struct RankUpdateArgs {
  const float* y;
  const float* share;
  const float* carried;
  float* next_carried;
  RankSums* sums;  // read for the previous dangling mass and the stop flag at the start, replaced by the last block
  float damping;
  std::int64_t size;
};

// kQuads: every vector is 16-byte aligned; a thread takes four consecutive
// vertices per step, and the last size % 4 go one per thread after the loop.
template <class Teleport, bool kQuads>
__global__ void __launch_bounds__(threads_per_block)
    rank_update_kernel(RankUpdateArgs args, Teleport teleport, BlockSlots slots) {
  // Every block reads the previous sums before it counts itself finished,
  // so the last block may overwrite them.
  if (updates_stopped(args.sums)) return;
  const float weight = teleport_weight(args.damping, args.sums->dangling_mass);
  const float damping = args.damping;
  RankTerms sums{0.0, 0.0};
  const std::int64_t thread = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  std::int64_t scalar_begin = 0;
  if constexpr (kQuads) {
    const std::int64_t quads = args.size / 4;
    for (std::int64_t q = thread; q < quads; q += stride) {
      const float4 y = load_quad(args.y, q), share = load_quad(args.share, q), old = load_quad(args.carried, q);
      const float4 t = teleport.quad(q);
      float4 next;
      next.x = update_carried_rank(weight, damping, t.x, y.x, share.x, old.x, sums);
      next.y = update_carried_rank(weight, damping, t.y, y.y, share.y, old.y, sums);
      next.z = update_carried_rank(weight, damping, t.z, y.z, share.z, old.z, sums);
      next.w = update_carried_rank(weight, damping, t.w, y.w, share.w, old.w, sums);
      reinterpret_cast<float4*>(args.next_carried)[q] = next;
    }
    scalar_begin = quads * 4;
  }
  for (std::int64_t v = scalar_begin + thread; v < args.size; v += stride)
    args.next_carried[v] =
        update_carried_rank(weight, damping, teleport.at(v), args.y[v], args.share[v], args.carried[v], sums);
  add_block_sums<threads_per_block>(sums, slots, args.sums);
}

bool quad_aligned(const void* pointer) { return reinterpret_cast<std::uintptr_t>(pointer) % alignof(float4) == 0; }

template <class Teleport>
void launch_rank_update(const DeviceContext& context, const RankUpdateArgs& args, const Teleport& teleport,
                        bool quads, const BlockSlots& slots, int blocks) {
  if (quads)
    rank_update_kernel<Teleport, true><<<blocks, threads_per_block, 0, context.stream>>>(args, teleport, slots);
  else
    rank_update_kernel<Teleport, false><<<blocks, threads_per_block, 0, context.stream>>>(args, teleport, slots);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

}  // namespace

void pagerank_update(const DeviceContext& context, std::span<const float> y, std::span<const float> teleport,
                     float damping, std::span<const float> share, std::span<const float> carried,
                     std::span<float> next_carried, std::span<RankSums> sums) {
  const auto size = static_cast<std::int64_t>(carried.size());
  const bool quads = quad_aligned(y.data()) && quad_aligned(share.data()) && quad_aligned(carried.data()) &&
                     quad_aligned(next_carried.data()) && (teleport.empty() || quad_aligned(teleport.data()));
  // At least one block: with nothing to rank, it still applies the update
  // of two empty sums (and counts it), as the cpu backend does.
  const int blocks = grid_stride_blocks(context, quads ? (size + 3) / 4 : size);
  BlockSlotStorage slot_storage(context, blocks);
  const BlockSlots slots = slot_storage.slots();
  const RankUpdateArgs args{y.data(), share.data(), carried.data(), next_carried.data(), sums.data(), damping, size};
  if (teleport.empty())
    launch_rank_update(context, args, UniformTeleport{uniform_teleport(carried.size())}, quads, slots, blocks);
  else
    launch_rank_update(context, args, TeleportVector{teleport.data()}, quads, slots, blocks);
}

void pagerank_convert(const DeviceContext& context, std::span<const float> share, std::span<const float> from,
                      std::span<float> to, bool to_carried) {
  const float* shares = share.data();
  const float* in = from.data();
  float* out = to.data();
  const auto size = static_cast<std::int64_t>(to.size());
  if (to_carried)
    for_each_index(context, size, [=] __device__(std::int64_t v) { out[v] = carried_rank(in[v], shares[v]); });
  else
    for_each_index(context, size, [=] __device__(std::int64_t v) { out[v] = rank_of_carried(in[v], shares[v]); });
}

}  // namespace graphrun::cuda
