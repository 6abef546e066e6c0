#pragma once
// What csr-hub-split's hub pass (hub_split_kernels.cuh), which keeps the x
// of the hub columns in shared memory, needs around its kernel: the gather that puts the hubs' x in slot order
// before the kernel (and csr-hub-split's rest x in its compact order), the
// kernel's launch as a programmatic dependent and the wait through which it
// overlaps the grid before it, and the fitting of resident blocks to shared
// memory. Device code and its host launch:
// include from .cu files only.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>

#include "graphrun/error.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/spmv/common/row_access.cuh"

namespace graphrun::cuda::spmv {

// values[index] = x[columns[index]] for the first `count` indices: x in the
// order of a list of columns, so that a block fills its hub cache with
// coalesced loads, or csr-hub-split's rest pass gathers from a compact copy.
// An index past them (csr-hub-split's pad slot) gets the semiring's
// identity, which multiply(1, identity) keeps: a padded entry adds nothing.
template <class Semiring>
struct GatherColumnValues {
  using value_type = typename Semiring::value_type;
  const vertex_t* columns;
  const value_type* x;
  value_type* values;
  std::int64_t count;
  __device__ void operator()(std::int64_t index) const {
    values[index] = index < count ? load_read_only(x + columns[index]) : Semiring::identity();
  }
};

// Programmatic dependent launch (sm_90): waits until the grid launched
// before this one on the stream has completed and its writes are visible.
// Code before the wait overlaps that grid's tail; without the launch
// attribute, or on earlier GPUs (no such instruction), the grids are
// serialized anyway and there is nothing to wait for.
__device__ __forceinline__ void wait_for_preceding_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

// Resident blocks per SM of a kernel instantiation (blocks of
// threads_per_block threads with `shared_bytes` of dynamic shared memory),
// after setting the carveout that holds just them: the rest of the SM's
// 256 KB stays L1, which matters: L1 holds the lines of the loads in flight
// and the gathers of the columns that are not hubs.
template <class Kernel>
int fit_resident_blocks(Kernel kernel, int threads_per_block, std::size_t shared_bytes, const char* name) {
  GRAPHRUN_CUDA_CHECK(
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared_bytes)));
  GRAPHRUN_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
  int most = 0;
  GRAPHRUN_CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&most, kernel, threads_per_block, shared_bytes));
  if (most == 0)
    throw RuntimeError(std::string("SpMV kernel ") + name + ": a block with " + std::to_string(shared_bytes) +
                       " bytes of shared memory does not fit on this GPU's multiprocessors");
  cudaFuncAttributes attributes{};
  GRAPHRUN_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
  int device = 0;
  GRAPHRUN_CUDA_CHECK(cudaGetDevice(&device));
  int shared_per_multiprocessor = 0;
  int reserved_per_block = 0;
  GRAPHRUN_CUDA_CHECK(
      cudaDeviceGetAttribute(&shared_per_multiprocessor, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device));
  GRAPHRUN_CUDA_CHECK(cudaDeviceGetAttribute(&reserved_per_block, cudaDevAttrReservedSharedMemoryPerBlock, device));
  const std::int64_t needed =
      static_cast<std::int64_t>(most) *
      (static_cast<std::int64_t>(attributes.sharedSizeBytes + shared_bytes) + reserved_per_block);
  const int carveout = static_cast<int>(
      std::min<std::int64_t>(100, (needed * 100 + shared_per_multiprocessor - 1) / shared_per_multiprocessor));
  GRAPHRUN_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, carveout));
  // The driver picks the shared-memory configuration from a few sizes; if
  // the one the hint selects holds fewer blocks, take all of it.
  int fitted = 0;
  GRAPHRUN_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fitted, kernel,
                                                                    threads_per_block, shared_bytes));
  if (fitted < most)
    GRAPHRUN_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
  return most;
}

// Resident blocks per SM of `kernel`, fitted on its first launch and kept in
// `fitted` (a format's, keyed by the kernel): the attributes stay set, and
// later calls make no host calls between the gather and the launch.
template <class Kernel>
int resident_blocks(std::unordered_map<const void*, int>& fitted, Kernel kernel, int threads_per_block,
                    std::size_t shared_bytes, const char* name) {
  const void* const key = reinterpret_cast<const void*>(kernel);
  auto found = fitted.find(key);
  if (found == fitted.end())
    found = fitted.emplace(key, fit_resident_blocks(kernel, threads_per_block, shared_bytes, name)).first;
  return found->second;
}

// kernel<<<blocks, threads_per_block, shared_bytes, stream>>>(args...) as a
// programmatic dependent of the grid before it on the stream: its blocks
// may start while that grid ends, and wait_for_preceding_grid() before they
// read what it writes.
template <class... Parameters, class... Arguments>
void launch_programmatic_dependent(void (*kernel)(Parameters...), int blocks, int threads_per_block,
                                   std::size_t shared_bytes, cudaStream_t stream, Arguments&&... arguments) {
  cudaLaunchAttribute overlap{};
  overlap.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  overlap.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(static_cast<unsigned>(blocks));
  config.blockDim = dim3(static_cast<unsigned>(threads_per_block));
  config.dynamicSmemBytes = shared_bytes;
  config.stream = stream;
  config.attrs = &overlap;
  config.numAttrs = 1;
  GRAPHRUN_CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, std::forward<Arguments>(arguments)...));
}

}  // namespace graphrun::cuda::spmv
