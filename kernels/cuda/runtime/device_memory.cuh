#pragma once
// DeviceMemoryResource: graphrun::MemoryResource for one CUDA device.
//
// Allocation is stream-ordered (cudaMallocAsync) from a private memory pool
// whose release threshold is "never": freed blocks stay cached in the pool, so
// the per-call scratch buffers of CUB and the BFS/label kernels cost no
// cudaMalloc after the first iteration (the caching-pool role RMM plays in
// RAFT). A private pool keeps our threshold from changing the behaviour of
// other code (cuSPARSE, user code) that uses the device's default pool.
#include <cuda_runtime.h>

#include <cstddef>

#include "cuda/runtime/pinned_staging.hpp"
#include "graphrun/memory.hpp"

namespace graphrun::cuda {

class DeviceMemoryResource final : public MemoryResource {
 public:
  DeviceMemoryResource(int device, cudaStream_t stream);
  ~DeviceMemoryResource() override;
  DeviceMemoryResource(const DeviceMemoryResource&) = delete;
  DeviceMemoryResource& operator=(const DeviceMemoryResource&) = delete;

  // Out of memory -> OutOfMemoryError naming the bytes asked for and free.
  void* allocate(std::size_t bytes) override;
  void deallocate(void* pointer, std::size_t bytes) noexcept override;
  // host->device (large copies through pinned staging) and device->device
  // are queued on the stream; device->host returns once the bytes are on
  // the host.
  void copy(void* destination, const void* source, std::size_t bytes, CopyKind kind) override;
  // The device's free memory once the pool's cached free blocks are given
  // back to the driver (after the stream's queued work).
  std::size_t free_bytes();

  cudaStream_t stream() const noexcept { return stream_; }

 private:
  void* try_allocate(std::size_t bytes);

  int device_;
  cudaStream_t stream_;
  cudaMemPool_t pool_ = nullptr;
  PinnedStaging staging_;
};

}  // namespace graphrun::cuda
