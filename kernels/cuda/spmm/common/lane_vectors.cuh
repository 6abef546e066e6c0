#pragma once
// What one lane of a lane group does for the row-group and nnz-split SpMM
// kernels: the output vectors it owns in a pass, one trip's independent X
// loads and multiply-adds into them (add_trip, which both kernels' entry
// loops call), row-group's loop over a run of entries, and the store.
// Device code only.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "cuda/spmm/common/dense_vector.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmm_detail {

// The output vectors one lane owns in one pass: first_vector, first_vector +
// group_lanes, ... (P of them); those at or past `vectors` are inactive (the
// lane neither loads nor stores them).
template <int P>
struct LaneVectors {
  std::size_t offset[P];  // float offset of each vector within a dense row
  bool active[P];

  __device__ __forceinline__ LaneVectors(std::size_t first_vector, int group_lanes, std::size_t vectors, int v) {
#pragma unroll
    for (int p = 0; p < P; ++p) {
      const std::size_t vector = first_vector + static_cast<std::size_t>(p) * static_cast<std::size_t>(group_lanes);
      active[p] = vector < vectors;
      offset[p] = vector * static_cast<std::size_t>(v);
    }
  }
};

// sum[p] += weight[u] * X[x_row[u]] at this lane's vectors for the Unroll
// entries of one trip: all their X loads first, so they are in flight
// together, then the multiply-adds. An entry that is not present, or a vector
// that is not active, loads nothing.
template <int V, int P, int Unroll>
__device__ __forceinline__ void add_trip(const float* const (&x_row)[Unroll], const bool (&present)[Unroll],
                                         const float (&weight)[Unroll], const LaneVectors<P>& mine,
                                         DenseVector<V> (&sum)[P]) {
  DenseVector<V> loaded[Unroll][P];
#pragma unroll
  for (int u = 0; u < Unroll; ++u)
#pragma unroll
    for (int p = 0; p < P; ++p)
      loaded[u][p] =
          present[u] && mine.active[p] ? DenseVector<V>::load(x_row[u] + mine.offset[p]) : DenseVector<V>::zero();
#pragma unroll
  for (int u = 0; u < Unroll; ++u)
#pragma unroll
    for (int p = 0; p < P; ++p) sum[p].add_scaled(weight[u], loaded[u][p]);
}

// sum[p] += sum over entries e = first, first + stride, ... < end of
// A[e] * X[column(e)] at this lane's vectors. Unroll entries are handled per
// trip: their indices and weights first, then all their X vectors, then the
// multiply-adds, so the X loads of one trip are independent and in flight
// together. The last trip is predicated rather than finished in a one-entry
// loop: graphs with ~3 entries per row (road networks) would otherwise walk
// every row one dependent load at a time. Only entries < end and active
// vectors are loaded: no out-of-bounds access for tail entries or idle lanes.
template <int V, bool UseWeights, int P, int Unroll>
__device__ __forceinline__ void accumulate_entries(const CsrView& a, const float* __restrict__ x, std::size_t width,
                                                   edge_t first, edge_t end, edge_t stride, const LaneVectors<P>& mine,
                                                   DenseVector<V> (&sum)[P]) {
  for (edge_t e = first; e < end; e += Unroll * stride) {
    bool present[Unroll];
    const float* x_row[Unroll];
    float weight[Unroll];
#pragma unroll
    for (int u = 0; u < Unroll; ++u) {
      const edge_t entry = e + u * stride;
      present[u] = entry < end;
      x_row[u] = x + (present[u] ? static_cast<std::size_t>(__ldg(a.indices + entry)) * width : 0);
      weight[u] = UseWeights && present[u] ? __ldg(a.values + entry) : 1.0f;
    }
    add_trip<V, P, Unroll>(x_row, present, weight, mine, sum);
  }
}

template <int V, int P>
__device__ __forceinline__ void store_vectors(float* y_row, const LaneVectors<P>& mine,
                                              const DenseVector<V> (&sum)[P]) {
#pragma unroll
  for (int p = 0; p < P; ++p)
    if (mine.active[p]) sum[p].store(y_row + mine.offset[p]);
}

}  // namespace graphrun::cuda::spmm_detail
