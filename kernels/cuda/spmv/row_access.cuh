#pragma once
// The SpMV semantics every kernel shares, as small value types passed to the
// kernels by value: which rows the mask selects, how a row result is stored
// (overwrite or accumulate), and what one stored entry contributes
// (multiply(weight, x[col]), weight 1 when weights are not used).
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/semiring.hpp"
#include "graphrun/types.hpp"
#include "kernels/cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmv {

// Loads through the read-only (non-coherent) data cache: every array an SpMV
// reads (CSR, derived formats, x) is constant for the kernel's lifetime.
template <class T>
__device__ __forceinline__ T load_read_only(const T* address) {
  return __ldg(address);
}

// How EntryProduct reads the matrix and x: through the read-only cache (every
// kernel but one), or with ordinary loads (the csr-scalar baseline, so that
// csr-scalar-unroll4 shows what __ldg and unrolling buy).
enum class LoadPath { read_only, plain };

template <LoadPath kPath, class T>
__device__ __forceinline__ T load_via(const T* address) {
  if constexpr (kPath == LoadPath::read_only)
    return __ldg(address);
  else
    return *address;
}

// GraphBLAS mask without replace: unselected rows are neither computed nor
// written.
struct RowMask {
  const std::uint8_t* flags = nullptr;  // nullptr: every row selected
  bool complement = false;

  __device__ __forceinline__ bool selected(std::int64_t row) const {
    return flags == nullptr || ((load_read_only(flags + row) != 0) != complement);
  }
};

inline RowMask row_mask_of(const SpmvArgs& args) { return RowMask{args.mask_flags, args.mask_complement}; }

// y[row] = result, or y[row] = add(y[row], result) when accumulating.
template <class Semiring>
struct RowOutput {
  using value_type = typename Semiring::value_type;
  value_type* y = nullptr;
  bool accumulate = false;

  __device__ __forceinline__ void store(std::int64_t row, value_type result) const {
    y[row] = accumulate ? Semiring::add(y[row], result) : result;
  }
};

// Whether a run reads the stored weights: only if asked, if the semiring uses
// them at all, and if the adjacency has weights (an unweighted graph may
// upload none).
template <class Semiring>
bool reads_weights(const SpmvArgs& args, const CsrView& csr) {
  return Semiring::reads_weights && args.use_weights && csr.values != nullptr;
}

// The contribution of stored entry `entry`: multiply(weight, x[column]).
// kWeighted = false treats every entry as weight 1 and never touches values.
template <class Semiring, bool kWeighted, LoadPath kPath = LoadPath::read_only>
struct EntryProduct {
  using value_type = typename Semiring::value_type;
  const vertex_t* columns = nullptr;
  const float* weights = nullptr;
  const value_type* x = nullptr;

  __device__ __forceinline__ float weight(std::int64_t entry) const {
    if constexpr (kWeighted)
      return load_via<kPath>(weights + entry);
    else
      return 1.0f;
  }
  __device__ __forceinline__ value_type operator()(std::int64_t entry) const {
    return Semiring::multiply(weight(entry), load_via<kPath>(x + load_via<kPath>(columns + entry)));
  }
  // For kernels that already hold the column (ELL, the shared-x tile).
  __device__ __forceinline__ value_type with_x(std::int64_t entry, value_type x_value) const {
    return Semiring::multiply(weight(entry), x_value);
  }
};

}  // namespace graphrun::cuda::spmv
