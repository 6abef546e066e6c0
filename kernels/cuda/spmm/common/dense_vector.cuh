#pragma once
// Fixed-size groups of V consecutive floats of a row-major dense matrix,
// loaded and stored as one V-wide access (float4 / float2 / float). The SpMM
// dispatch picks V so that every group is aligned to V * 4 bytes: V = 4 only
// when the row width is a multiple of 4 and both base pointers are 16-byte
// aligned, so a width like 5 or 31 never issues a misaligned float4.
#include <cuda_runtime.h>

namespace graphrun::cuda::spmm_detail {

template <int V>
struct DenseVector {
  static_assert(V == 1 || V == 2 || V == 4, "SpMM vector width must be 1, 2 or 4 floats");
  float lane[V];

  __device__ __forceinline__ static DenseVector zero() {
    DenseVector v;
#pragma unroll
    for (int i = 0; i < V; ++i) v.lane[i] = 0.0f;
    return v;
  }

  // Read-only path (__ldg): X is never written during the call.
  __device__ __forceinline__ static DenseVector load(const float* address) {
    return load_by(address, [](const auto* a) { return __ldg(a); });
  }

  // Through L2 only (__ldcg): for data another SM wrote during this kernel,
  // which this SM's L1 may hold a stale copy of.
  __device__ __forceinline__ static DenseVector load_l2(const float* address) {
    return load_by(address, [](const auto* a) { return __ldcg(a); });
  }

  // An ordinary (coherent, L1-cached) load: for data another warp of the same
  // block wrote during this kernel, ordered by a block-scope fence.
  __device__ __forceinline__ static DenseVector load_plain(const float* address) {
    return load_by(address, [](const auto* a) { return *a; });
  }

  __device__ __forceinline__ void store(float* address) const {
    if constexpr (V == 4) {
      *reinterpret_cast<float4*>(address) = make_float4(lane[0], lane[1], lane[2], lane[3]);
    } else if constexpr (V == 2) {
      *reinterpret_cast<float2*>(address) = make_float2(lane[0], lane[1]);
    } else {
      *address = lane[0];
    }
  }

  // this += scale * other
  __device__ __forceinline__ void add_scaled(float scale, const DenseVector& other) {
#pragma unroll
    for (int i = 0; i < V; ++i) lane[i] = fmaf(scale, other.lane[i], lane[i]);
  }

  // this += other
  __device__ __forceinline__ void add(const DenseVector& other) {
#pragma unroll
    for (int i = 0; i < V; ++i) lane[i] += other.lane[i];
  }

  // this += the same vector of the lane `offset` higher in the warp, if
  // `take` (all 32 lanes must call it together, taking or not).
  __device__ __forceinline__ void add_from_lane_above(int offset, bool take = true) {
#pragma unroll
    for (int i = 0; i < V; ++i) {
      const float other = __shfl_down_sync(0xffffffffu, lane[i], offset);
      if (take) lane[i] += other;
    }
  }

 private:
  // One V-wide load of `address` with the given load intrinsic.
  template <class Load>
  __device__ __forceinline__ static DenseVector load_by(const float* address, Load load) {
    DenseVector v;
    if constexpr (V == 4) {
      const float4 t = load(reinterpret_cast<const float4*>(address));
      v.lane[0] = t.x;
      v.lane[1] = t.y;
      v.lane[2] = t.z;
      v.lane[3] = t.w;
    } else if constexpr (V == 2) {
      const float2 t = load(reinterpret_cast<const float2*>(address));
      v.lane[0] = t.x;
      v.lane[1] = t.y;
    } else {
      v.lane[0] = load(address);
    }
    return v;
  }
};

}  // namespace graphrun::cuda::spmm_detail
