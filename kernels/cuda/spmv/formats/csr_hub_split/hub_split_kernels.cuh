#pragma once
// csr-hub-split's hub pass (hub_split_format.cuh): the hub part's groups of
// HubSplitPolicy::group_entries entries (one row per group, padded with the
// pad slot), reduced by row as coo-segmented reduces entries
// (segmented_reduce_kernel.cuh), a lane per group, by resident blocks whose
// shared memory holds the x of every hub. A group costs its lane three
// 16-byte loads, eight shared-memory reads and eight multiply-adds: no L2
// gather at all. Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/spmv/formats/csr_hub_split/hub_cache.cuh"
#include "cuda/spmv/common/row_access.cuh"
#include "cuda/spmv/common/segmented_reduce_kernel.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"

namespace graphrun::cuda::spmv {

// Items of segmented_reduce_tile: item g is group g, whose value is the sum
// of its entries' products in CSR order. Matrix loads skip L1 (each is read
// once). kEveryHubCached: the cache holds every slot (values of up to 4
// bytes); otherwise slots from `cached` on are read from the global copy.
template <class Semiring, bool kWeighted, bool kEveryHubCached>
struct HubGroupItems {
  static constexpr bool tracks_entries = false;
  static constexpr int group_entries = HubSplitPolicy::group_entries;
  static_assert(group_entries == 8, "a group's slots are one 16-byte load");
  using value_type = typename Semiring::value_type;
  const vertex_t* rows = nullptr;          // per group
  const uint4* slots = nullptr;            // per group: 8 slots of 16 bits
  const float4* weights = nullptr;         // per group: two of 4 weights
  const value_type* hub_values = nullptr;  // per slot, the pad slot included
  const value_type* cache = nullptr;       // shared memory: slots [0, cached)
  int cached = 0;

  // A group's loads (LoadsAhead, segmented_reduce_kernel.cuh): its slots
  // and, when weighted, its weights.
  struct Raw {
    uint4 slots{};
    float4 low{1.0f, 1.0f, 1.0f, 1.0f};
    float4 high{1.0f, 1.0f, 1.0f, 1.0f};
  };

  __device__ __forceinline__ vertex_t row(std::int64_t group) const { return load_bypassing_l1(rows + group); }
  __device__ __forceinline__ bool has_entries(std::int64_t) const { return true; }
  __device__ __forceinline__ Raw load(std::int64_t group) const {
    Raw raw;
    raw.slots = load_bypassing_l1(slots + group);
    if constexpr (kWeighted) {
      raw.low = load_bypassing_l1(weights + 2 * group);
      raw.high = load_bypassing_l1(weights + 2 * group + 1);
    }
    return raw;
  }
  __device__ __forceinline__ value_type value_of(const Raw& raw) const {
    const unsigned pairs[4] = {raw.slots.x, raw.slots.y, raw.slots.z, raw.slots.w};
    const float weight[group_entries] = {raw.low.x,  raw.low.y,  raw.low.z,  raw.low.w,
                                         raw.high.x, raw.high.y, raw.high.z, raw.high.w};
    value_type sum = Semiring::identity();
#pragma unroll
    for (int k = 0; k < group_entries; ++k) {
      const int slot = static_cast<int>((pairs[k / 2] >> (16 * (k % 2))) & 0xffffu);
      sum = Semiring::add(sum, Semiring::multiply(weight[k], x_of(slot)));
    }
    return sum;
  }

 private:
  __device__ __forceinline__ value_type x_of(int slot) const {
    if constexpr (kEveryHubCached) {
      return cache[slot];
    } else {
      const value_type* const base = slot < cached ? cache : hub_values;
      return base[slot];
    }
  }
};

// Resident blocks: fill the cache (while the grid before on the stream
// finishes: the kernel is launched as its programmatic dependent, and the
// hub values were gathered before that grid), then every warp takes
// segmented tiles of groups, warp w of the grid tiles w, w + warps, ...
template <class Semiring, class Items>
__global__ void __launch_bounds__(HubSplitPolicy::threads_per_block, 1)
    hub_groups_kernel(Items items, std::int64_t groups, RowMask mask, RowOutput<Semiring> out,
                      TileSpans<typename Semiring::value_type> spans) {
  using value_type = typename Semiring::value_type;
  extern __shared__ __align__(16) unsigned char dynamic_shared[];
  auto* const cache = reinterpret_cast<value_type*>(dynamic_shared);
  for (int slot = static_cast<int>(threadIdx.x); slot < items.cached; slot += HubSplitPolicy::threads_per_block)
    cache[slot] = load_read_only(items.hub_values + slot);
  __syncthreads();
  items.cache = cache;
  wait_for_preceding_grid();  // the grid before writes what the tiles add to (y, or the hub sums)

  const std::int64_t tiles = segmented_tiles(groups);
  const std::int64_t warps = static_cast<std::int64_t>(gridDim.x) * HubSplitPolicy::warps_per_block;
  for (std::int64_t tile = static_cast<std::int64_t>(blockIdx.x) * HubSplitPolicy::warps_per_block +
                           threadIdx.x / warp_lanes;
       tile < tiles; tile += warps)
    segmented_reduce_tile<Semiring>(items, groups, tile, mask, out, spans);
}

}  // namespace graphrun::cuda::spmv
