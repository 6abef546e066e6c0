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
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmv {

// Loads through the read-only (non-coherent) data cache: every array an SpMV
// reads (CSR, derived formats, x) is constant for the kernel's lifetime.
template <class T>
__device__ __forceinline__ T load_read_only(const T* address) {
  return __ldg(address);
}

// Evict-first loads for the COO kernels' matrix arrays (rows, columns,
// weights): each entry is read once per SpMV, and without the hint a 4 GB
// matrix stream evicts x from the 50 MB L2 of an H100, so on a large
// power-law graph more x gathers go to DRAM. Only for arrays read exactly
// once: the CSR row kernels re-read a matrix line over several trips (a row
// group with few lanes), and evict-first lines are gone by then
// (docs/decisions/006-coo-kernels-column-split-evict-first.md).
__device__ __forceinline__ std::uint64_t l2_evict_first_policy() {
  std::uint64_t policy;
  asm("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
  return policy;
}

__device__ __forceinline__ vertex_t load_streamed(const vertex_t* address) {
  vertex_t value;
  asm("ld.global.nc.L2::cache_hint.b32 %0, [%1], %2;" : "=r"(value) : "l"(address), "l"(l2_evict_first_policy()));
  return value;
}

__device__ __forceinline__ float load_streamed(const float* address) {
  float value;
  asm("ld.global.nc.L2::cache_hint.f32 %0, [%1], %2;" : "=f"(value) : "l"(address), "l"(l2_evict_first_policy()));
  return value;
}

// Matrix loads that do not allocate in L1, for kernels that read every
// matrix sector with exactly one coalesced warp load (csr-merge's staging,
// csr-stream's windows): there L1 can only help the x gathers, and a matrix
// stream passing through it evicts the x lines that power-law rows share.
__device__ __forceinline__ vertex_t load_bypassing_l1(const vertex_t* address) {
  vertex_t value;
  asm("ld.global.nc.L1::no_allocate.b32 %0, [%1];" : "=r"(value) : "l"(address));
  return value;
}

__device__ __forceinline__ edge_t load_bypassing_l1(const edge_t* address) {
  edge_t value;
  asm("ld.global.nc.L1::no_allocate.b64 %0, [%1];" : "=l"(value) : "l"(address));
  return value;
}

__device__ __forceinline__ uint4 load_bypassing_l1(const uint4* address) {
  uint4 value;
  asm("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];"
      : "=r"(value.x), "=r"(value.y), "=r"(value.z), "=r"(value.w)
      : "l"(address));
  return value;
}

__device__ __forceinline__ float4 load_bypassing_l1(const float4* address) {
  float4 value;
  asm("ld.global.nc.L1::no_allocate.v4.f32 {%0, %1, %2, %3}, [%4];"
      : "=f"(value.x), "=f"(value.y), "=f"(value.z), "=f"(value.w)
      : "l"(address));
  return value;
}

__device__ __forceinline__ float load_bypassing_l1(const float* address) {
  float value;
  asm("ld.global.nc.L1::no_allocate.f32 %0, [%1];" : "=f"(value) : "l"(address));
  return value;
}

// How EntryProduct reads the matrix and x: through the read-only cache (the
// CSR kernels), the same with evict-first matrix loads (the COO kernels) or
// with matrix loads that skip L1 (csr-merge's staging, csr-stream), or with
// ordinary loads (the csr-scalar baseline, so that csr-scalar-unroll4 shows
// what __ldg and unrolling buy).
enum class LoadPath { read_only, streamed, bypass_l1, plain };

template <LoadPath kPath, class T>
__device__ __forceinline__ T load_via(const T* address) {
  if constexpr (kPath == LoadPath::plain)
    return *address;
  else
    return __ldg(address);
}

// A matrix-array load on that path (x is always loaded with load_via).
template <LoadPath kPath, class T>
__device__ __forceinline__ T load_matrix_via(const T* address) {
  if constexpr (kPath == LoadPath::streamed)
    return load_streamed(address);
  else if constexpr (kPath == LoadPath::bypass_l1)
    return load_bypassing_l1(address);
  else
    return load_via<kPath>(address);
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

// Initialises the selected rows to the identity before passes combine into
// them (a row without entries keeps the identity): the atomic and segmented
// COO passes, csr-hub-split's overlapped hub passes.
template <class Semiring>
struct FillSelectedWithIdentity {
  RowMask mask;
  typename Semiring::value_type* y;
  __device__ void operator()(std::int64_t row) const {
    if (mask.selected(row)) y[row] = Semiring::identity();
  }
};

// y[row] = result, or y[row] = add(y[row], result) when accumulating.
template <class Semiring>
struct RowOutput {
  using value_type = typename Semiring::value_type;
  value_type* y = nullptr;
  bool accumulate = false;

  __device__ __forceinline__ void store(std::int64_t row, value_type result) const {
    y[row] = accumulate ? Semiring::add(y[row], result) : result;
  }
  // The row kernels that take their output as a template parameter
  // (csr_scalar_kernels.cuh, csr_vector_kernels.cuh) call this with every
  // thread of the block after its last row, for outputs that reduce over the
  // block (PageRank's fused step). Plain SpMV has nothing to finish, so its
  // kernels compile to the same code as without the call.
  __device__ __forceinline__ void finish_block() const {}
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
      return load_matrix_via<kPath>(weights + entry);
    else
      return 1.0f;
  }
  __device__ __forceinline__ value_type operator()(std::int64_t entry) const {
    return Semiring::multiply(weight(entry), load_via<kPath>(x + load_matrix_via<kPath>(columns + entry)));
  }
  // For kernels that already hold the column (ELL, the shared-x tile).
  __device__ __forceinline__ value_type with_x(std::int64_t entry, value_type x_value) const {
    return Semiring::multiply(weight(entry), x_value);
  }
};

}  // namespace graphrun::cuda::spmv
