#pragma once
// csr-merge-hub: csr-merge's merge-path tiles (csr_merge_kernels.cuh), with
// the x values of the most-gathered columns (the hubs) read from shared
// memory.
//
// Where x fits in L2, csr-merge and cuSPARSE both run at the L2's sustained
// throughput, and most of their L2 sectors are x gathers that miss L1 (one
// sector per entry). On a power-law graph a few thousand columns take a large
// share of the entries; the format (hub_format.cuh) renames each of those
// columns to its hub slot, and every block loads the hub values once into
// shared memory and then runs tile after tile, so those gathers never reach
// L2. Blocks are resident (a grid of what fits the GPU at once), because the
// cache is worth loading only if many tiles use it.
//
// Deterministic as csr-merge is (every sum in a fixed order); its tiles are
// larger (CsrMergeHubPolicy), so a row spanning threads or tiles is summed in
// other pieces than csr-merge's and may round differently. Device code:
// include from .cu files only.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "kernels/cuda/spmv/csr_merge_kernels.cuh"
#include "kernels/cuda/spmv/hub_cache.cuh"
#include "kernels/cuda/spmv/row_access.cuh"

namespace graphrun::cuda::spmv {

// An entry's column in the hub format: the column itself, or -1 - slot for
// the column in hub slot `slot` (hub_format.cuh).
__device__ __forceinline__ bool is_hub_column(vertex_t coded) { return coded < 0; }
__device__ __forceinline__ int hub_slot_of(vertex_t coded) { return -1 - coded; }

// multiply(weight, x[column]) with x[column] taken from the block's cache
// for cached hub slots, from the global hub copy for later slots, and from x
// otherwise. Matrix loads skip L1 (each is read once, coalesced, by the
// staging), which leaves L1 to the gathers of the columns that are not hubs.
// kEveryHubCached: the cache holds every hub slot (values of up to 4 bytes),
// so no entry reads the global hub copy.
template <class Semiring, bool kWeighted, bool kEveryHubCached>
struct HubEntryProduct {
  using value_type = typename Semiring::value_type;
  const vertex_t* coded_columns = nullptr;  // per entry: column, or -1 - hub slot
  const float* weights = nullptr;
  const value_type* x = nullptr;
  const value_type* hub_values = nullptr;   // x of each hub slot, gathered before the kernel
  const value_type* cache = nullptr;        // shared memory: hub slots [0, cached)
  int cached = 0;

  struct Location {
    vertex_t coded_column = 0;
    float weight = 1.0f;
  };
  __device__ __forceinline__ Location locate(std::int64_t entry) const {
    Location location{load_bypassing_l1(coded_columns + entry)};
    if constexpr (kWeighted) location.weight = load_bypassing_l1(weights + entry);
    return location;
  }
  __device__ __forceinline__ value_type at(const Location& location) const {
    const vertex_t coded = location.coded_column;
    const bool hub = is_hub_column(coded);
    const int slot = hub_slot_of(coded);
    if constexpr (kEveryHubCached) {
      // Both loads, each at an address that is always valid, and a select:
      // no branch and no generic load, so the staging's gathers issue
      // back to back. An entry of the other kind reads cache[0] or x[0]
      // (an L1 hit, no L2 sector). kron-s20: 0.254 ms, against 0.292 with
      // the generic load below.
      const value_type from_cache = cache[hub ? slot : 0];
      const value_type from_x = load_read_only(x + (hub ? 0 : coded));
      return Semiring::multiply(location.weight, hub ? from_cache : from_x);
    } else {
      // One generic load from whichever memory holds the value.
      const value_type* const base = hub ? (slot < cached ? cache : hub_values) : x;
      return Semiring::multiply(location.weight, base[hub ? slot : coded]);
    }
  }
};

// Bytes of csr_merge_hub_kernel's dynamic shared memory: the staged tile,
// rounded up to 16 bytes, then `cached` hub values.
template <class Semiring>
__host__ __device__ constexpr std::size_t hub_stage_bytes() {
  return (sizeof(MergeTileStage<Semiring, CsrMergeHubPolicy>) + 15) / 16 * 16;
}
template <class Semiring>
std::size_t hub_shared_bytes(int cached) {
  return hub_stage_bytes<Semiring>() + static_cast<std::size_t>(cached) * sizeof(typename Semiring::value_type);
}

// Blocks per SM the kernel's registers must allow (__launch_bounds__): 4,
// i.e. 64 registers, for values of up to 4 bytes (shared memory then admits
// 3 blocks; the measured configuration); 2 for 8-byte values, whose weighted
// kernel spills at 64 registers and whose larger staged tile leaves room
// for 2 blocks anyway.
template <class Semiring>
__host__ __device__ constexpr int hub_min_blocks() {
  return sizeof(typename Semiring::value_type) <= 4 ? 4 : 2;
}

// Resident blocks: fill the cache, then take tiles blockIdx.x, blockIdx.x +
// gridDim.x, ... Dynamic shared memory holds product.cached values. Each
// tile's matrix loads are issued before the previous tile is walked: a
// block runs its tiles one after another, and without that overlap every
// tile waited for its tile bounds, then its columns, then its gathers.
template <class Semiring, bool kWeighted, bool kEveryHubCached>
__global__ void __launch_bounds__(CsrMergeHubPolicy::threads_per_block, hub_min_blocks<Semiring>())
    csr_merge_hub_kernel(CsrView csr, MergeTiles tiles, HubEntryProduct<Semiring, kWeighted, kEveryHubCached> product,
                         RowMask mask, RowOutput<Semiring> out, SpanningRows<typename Semiring::value_type> spanning) {
  using value_type = typename Semiring::value_type;
  using Policy = CsrMergeHubPolicy;
  using Product = HubEntryProduct<Semiring, kWeighted, kEveryHubCached>;
  __shared__ typename MergeTileScan<Semiring, Policy>::TempStorage scan_storage;
  // Dynamic shared memory: the staged tile (beyond the 48 KB of static
  // shared memory for 8-byte values), then the cache (hub_shared_bytes).
  // One untyped declaration for every instantiation (extern shared arrays
  // of different types would clash); 16-byte alignment suits any value type.
  extern __shared__ __align__(16) unsigned char dynamic_shared[];
  auto& stage = *reinterpret_cast<MergeTileStage<Semiring, Policy>*>(dynamic_shared);
  auto* const cache = reinterpret_cast<value_type*>(dynamic_shared + hub_stage_bytes<Semiring>());

  // The grid has at most one block per tile. The first tile's matrix loads
  // read nothing the gather of the hub values writes, so they go out before
  // the wait for it (the kernel is launched as its programmatic dependent).
  MergeTileBounds bounds = merge_tile_bounds<Policy>(blockIdx.x, csr, tiles);
  TileLocations<Product, Policy::items_per_thread> locations;
  stage.locate(product, bounds, locations);
  wait_for_preceding_grid();
  for (int slot = static_cast<int>(threadIdx.x); slot < product.cached; slot += Policy::threads_per_block)
    cache[slot] = load_read_only(product.hub_values + slot);
  __syncthreads();
  product.cache = cache;

  for (;;) {
    stage.load(product, locations, csr, bounds);
    const std::int64_t next_tile = bounds.tile + gridDim.x;
    const bool more = next_tile < tiles.count;
    MergeTileBounds next_bounds;
    if (more) {
      next_bounds = merge_tile_bounds<Policy>(next_tile, csr, tiles);
      stage.locate(product, next_bounds, locations);
    }
    csr_merge_walk<Semiring, Policy>(bounds, csr, tiles, mask, out, spanning, scan_storage, stage);
    if (!more) break;
    __syncthreads();  // the next tile's staging overwrites what this one read
    bounds = next_bounds;
  }
}

}  // namespace graphrun::cuda::spmv
