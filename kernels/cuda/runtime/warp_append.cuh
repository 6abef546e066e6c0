#pragma once
// Warp-aggregated append to a device list: one atomicAdd per warp instead of
// one per element (the frontier and set-aside lists of bfs_pull,
// bfs_levels and link_neighbours). Device code: include from .cu files only.
#include <cuda_runtime.h>

namespace graphrun::cuda {

// Called by all 32 lanes of a warp. Reserves one slot of the list whose
// length is *size for every lane with `take` set and returns that lane's
// slot (meaningless for the other lanes).
__device__ __forceinline__ unsigned int warp_append_slot(bool take, unsigned int* size) {
  constexpr unsigned full_warp = 0xffffffffu;
  const unsigned takers = __ballot_sync(full_warp, take);
  if (takers == 0) return 0;
  const auto lane = static_cast<unsigned>(threadIdx.x % 32);
  const int leader = __ffs(static_cast<int>(takers)) - 1;
  unsigned int base = 0;
  if (static_cast<int>(lane) == leader) base = atomicAdd(size, static_cast<unsigned int>(__popc(takers)));
  base = __shfl_sync(full_warp, base, leader);
  return base + static_cast<unsigned int>(__popc(takers & ((1u << lane) - 1u)));
}

// Called by all 32 lanes of a warp. Reserves `count` slots (any number,
// 0 included) for every lane and returns this lane's first: the lanes'
// slots follow each other in lane order, as warp_append_slot's do.
__device__ __forceinline__ unsigned int warp_append_slots(unsigned int count, unsigned int* size) {
  constexpr unsigned full_warp = 0xffffffffu;
  constexpr int warp_size = 32;
  const auto lane = static_cast<int>(threadIdx.x % warp_size);
  unsigned int inclusive = count;  // the counts of this lane and those below
  for (int distance = 1; distance < warp_size; distance <<= 1) {
    const unsigned int below = __shfl_up_sync(full_warp, inclusive, distance);
    if (lane >= distance) inclusive += below;
  }
  const unsigned int total = __shfl_sync(full_warp, inclusive, warp_size - 1);
  unsigned int base = 0;
  if (total != 0 && lane == warp_size - 1) base = atomicAdd(size, total);
  base = __shfl_sync(full_warp, base, warp_size - 1);
  return base + inclusive - count;
}

}  // namespace graphrun::cuda
