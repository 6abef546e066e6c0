#pragma once
// "slice-staged" SpMM kernel: Y = A X for a matrix that fits one block's
// shared memory together with a column slice of X. See SliceStagedPolicy for
// why; device code only, spmm.cu launches it.
#include <cuda_pipeline.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "cuda/spmm/common/dense_vector.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmm_detail {

// The calling thread's first item when the block's threads hand out items
// from thread `first_thread` (taken modulo the block) on; it then steps by
// the block's threads. Every item goes to exactly one thread.
__device__ __forceinline__ unsigned first_item_from(unsigned first_thread) {
  constexpr unsigned threads = SliceStagedPolicy::threads_per_block;
  static_assert((threads & (threads - 1)) == 0, "a power of two: unsigned wrap-around is then modulo the block");
  return (threadIdx.x - first_thread) & (threads - 1);
}

// Issues cp.async copies of global[0, count) into shared[0, count), the
// block's threads striding over them from thread `first_thread` on (then
// wrapping round), so that the arrays a block stages start on different
// warps and are issued side by side; the caller commits and waits. One
// element per copy: 16-byte pieces (arrays placed at their source's offset
// modulo 16) and bulk copies (cp.async.bulk on an mbarrier) were both slower
// (docs/decisions/023-slice-staged-spmm.md).
template <class T>
__device__ __forceinline__ void stage_async(T* shared, const T* global, unsigned count, unsigned first_thread) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "cp.async copies 4, 8 or 16 bytes");
  for (unsigned i = first_item_from(first_thread); i < count; i += SliceStagedPolicy::threads_per_block)
    __pipeline_memcpy_async(shared + i, global + i, sizeof(T));
}

// Where the next array's items start being handed out: `count` items after
// `first_thread`, rounded up to a whole warp (a running position, taken
// modulo the block by first_item_from).
__device__ __forceinline__ unsigned after_warps(unsigned first_thread, unsigned count) {
  return first_thread + (count + 31) / 32 * 32;
}

// i / divisor, by a shift when the divisor is a power of two (the standard
// 8-float slice's vectors are; a narrowed slice or the last block's may not
// be): an integer division is some twenty dependent instructions on the
// path of a product that is all latency.
struct SliceIndex {
  unsigned divisor;
  int shift;  // -1: not a power of two
  __device__ explicit SliceIndex(unsigned d) : divisor(d), shift(-1) {
#ifdef __CUDA_ARCH__
    if ((d & (d - 1)) == 0) shift = __ffs(static_cast<int>(d)) - 1;
#endif
  }
  __device__ __forceinline__ unsigned quotient(unsigned i) const { return shift >= 0 ? i >> shift : i / divisor; }
};

// V, UseWeights as in warp_row_spmm_kernel. Block b owns output vectors
// [b * shape.slice_vectors, ...) of every row. `shape` from
// SliceStagedPolicy::launch_shape, which also guarantees the fit; every
// count and offset into shared memory is 32-bit (only addresses into X and
// Y are 64-bit), since on the smallest graphs everything before the first
// copy is on the product's critical path.
//
// Launch: gridDim.x = shape.blocks, blockDim.x =
// SliceStagedPolicy::threads_per_block (the staging steps by it, not by
// blockDim.x), dynamic shared memory shape.shared_bytes.
template <int V, bool UseWeights>
__global__ void __launch_bounds__(SliceStagedPolicy::threads_per_block)
    slice_staged_spmm_kernel(CsrView a, const float* __restrict__ x, float* __restrict__ y, std::size_t width,
                             SliceStagedPolicy::LaunchShape shape) {
  using Vector = DenseVector<V>;
  extern __shared__ __align__(16) unsigned char staged[];
  auto* offsets = reinterpret_cast<edge_t*>(staged);
  auto* x_slice = reinterpret_cast<float*>(staged + shape.x_slice);
  auto* columns = reinterpret_cast<vertex_t*>(staged + shape.columns);
  auto* weights = reinterpret_cast<float*>(staged + shape.weights);
  const unsigned slice_vectors = shape.slice_vectors;
  const unsigned first_vector = blockIdx.x * slice_vectors;
  const unsigned own_vectors = min(slice_vectors, shape.vectors - first_vector);
  const SliceIndex per_vector(own_vectors);

  // One round of copies, none waiting on another, each array from its own
  // warps on: while the arrays fit the block's threads together (a tiny
  // graph's do), different warps issue them at once instead of the first
  // issuing one after another; larger arrays wrap round onto each other's.
  stage_async(offsets, a.offsets, shape.rows + 1, 0);
  if (shape.entries > 0) {
    const unsigned columns_first = after_warps(0, shape.rows + 1);
    stage_async(columns, a.indices, shape.entries, columns_first);
    unsigned x_first = after_warps(columns_first, shape.entries);
    if constexpr (UseWeights) {
      stage_async(weights, a.values, shape.entries, x_first);
      x_first = after_warps(x_first, shape.entries);
    }
    const unsigned pieces = shape.cols * own_vectors;
    for (unsigned i = first_item_from(x_first); i < pieces; i += SliceStagedPolicy::threads_per_block) {
      const unsigned col = per_vector.quotient(i);
      const unsigned vector = i - col * own_vectors;
      __pipeline_memcpy_async(x_slice + (col * slice_vectors + vector) * V,
                              x + col * width + static_cast<std::size_t>(first_vector + vector) * V,
                              sizeof(float) * V);  // one vector, one copy
    }
  }
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();

  // A thread per (row, vector) of the slice; consecutive threads share a row.
  const unsigned outputs = shape.rows * own_vectors;
  for (unsigned i = threadIdx.x; i < outputs; i += SliceStagedPolicy::threads_per_block) {
    const unsigned row = per_vector.quotient(i);
    const unsigned vector = i - row * own_vectors;
    const auto begin = static_cast<unsigned>(offsets[row]);
    const auto end = static_cast<unsigned>(offsets[row + 1]);
    Vector sum = Vector::zero();
#pragma unroll 4
    for (unsigned e = begin; e < end; ++e) {
      const float weight = UseWeights ? weights[e] : 1.0f;
      const float* staged_x = x_slice + (static_cast<unsigned>(columns[e]) * slice_vectors + vector) * V;
      sum.add_scaled(weight, Vector::load_plain(staged_x));
    }
    sum.store(y + row * width + static_cast<std::size_t>(first_vector + vector) * V);
  }
}

}  // namespace graphrun::cuda::spmm_detail
