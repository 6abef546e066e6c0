#pragma once
// Warp shuffles for every SpMV value type (uint8 travels as a 32-bit word,
// which the shuffle intrinsics require) and the semiring reduction over a
// group of lanes. Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

namespace graphrun::cuda::spmv {

inline constexpr unsigned full_warp_mask = 0xffffffffu;

template <class T>
__device__ __forceinline__ T shuffle_down(T value, unsigned delta, int width = 32) {
  if constexpr (sizeof(T) < sizeof(unsigned))
    return static_cast<T>(__shfl_down_sync(full_warp_mask, static_cast<unsigned>(value), delta, width));
  else
    return __shfl_down_sync(full_warp_mask, value, delta, width);
}

template <class T>
__device__ __forceinline__ T shuffle_up(T value, unsigned delta, int width = 32) {
  if constexpr (sizeof(T) < sizeof(unsigned))
    return static_cast<T>(__shfl_up_sync(full_warp_mask, static_cast<unsigned>(value), delta, width));
  else
    return __shfl_up_sync(full_warp_mask, value, delta, width);
}

template <class T>
__device__ __forceinline__ T shuffle_xor(T value, int lane_mask, int width = 32) {
  if constexpr (sizeof(T) < sizeof(unsigned))
    return static_cast<T>(__shfl_xor_sync(full_warp_mask, static_cast<unsigned>(value), lane_mask, width));
  else
    return __shfl_xor_sync(full_warp_mask, value, lane_mask, width);
}

template <class T>
__device__ __forceinline__ T shuffle_from(T value, int source_lane, int width = 32) {
  if constexpr (sizeof(T) < sizeof(unsigned))
    return static_cast<T>(__shfl_sync(full_warp_mask, static_cast<unsigned>(value), source_lane, width));
  else
    return __shfl_sync(full_warp_mask, value, source_lane, width);
}

// Reduces `value` with Semiring::add over each aligned group of kLanes lanes
// (butterfly: every lane of the group ends with the group's result). All 32
// lanes must call it.
template <class Semiring, int kLanes>
__device__ __forceinline__ typename Semiring::value_type group_reduce(typename Semiring::value_type value) {
  static_assert(kLanes >= 1 && kLanes <= 32 && (kLanes & (kLanes - 1)) == 0, "lanes must be a power of two <= 32");
#pragma unroll
  for (int offset = kLanes / 2; offset > 0; offset /= 2) value = Semiring::add(value, shuffle_xor(value, offset, kLanes));
  return value;
}

// Bitwise OR of `bits` over the warp (all 32 lanes call it).
__device__ __forceinline__ unsigned warp_or(unsigned bits) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __reduce_or_sync(full_warp_mask, bits);
#else
  for (int offset = 16; offset > 0; offset /= 2) bits |= __shfl_xor_sync(full_warp_mask, bits, offset);
  return bits;
#endif
}

// The same over 64-bit words (one bit per search of a BFS batch), a half at a time.
__device__ __forceinline__ unsigned long long warp_or(unsigned long long bits) {
  const unsigned low = warp_or(static_cast<unsigned>(bits));
  const unsigned high = warp_or(static_cast<unsigned>(bits >> 32));
  return (static_cast<unsigned long long>(high) << 32) | low;
}

__device__ __forceinline__ int lane_id() { return static_cast<int>(threadIdx.x) & 31; }

// The mask of the lanes below this one (a ballot's lanes before it).
__device__ __forceinline__ unsigned lanes_below() { return (1u << lane_id()) - 1u; }

}  // namespace graphrun::cuda::spmv
