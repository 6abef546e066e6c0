#include <cstdint>
#include <limits>
#include <string>

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/device_memory.cuh"

namespace graphrun::cuda {

namespace {

std::string format_bytes(std::size_t bytes) {
  const double mib = static_cast<double>(bytes) / (1024.0 * 1024.0);
  return std::to_string(bytes) + " bytes (" + std::to_string(static_cast<long long>(mib + 0.5)) + " MiB)";
}

}  // namespace

DeviceMemoryResource::DeviceMemoryResource(int device, cudaStream_t stream) : device_(device), stream_(stream) {
  cudaMemPoolProps props{};
  props.allocType = cudaMemAllocationTypePinned;
  props.handleTypes = cudaMemHandleTypeNone;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = device_;
  GRAPHRUN_CUDA_CHECK(cudaMemPoolCreate(&pool_, &props));
  // Keep every freed block cached: the pool is our allocation cache.
  std::uint64_t keep_everything = std::numeric_limits<std::uint64_t>::max();
  GRAPHRUN_CUDA_CHECK(cudaMemPoolSetAttribute(pool_, cudaMemPoolAttrReleaseThreshold, &keep_everything));
}

DeviceMemoryResource::~DeviceMemoryResource() {
  // Blocks still allocated (a graph outliving its backend) are released by
  // the driver once freed; destroying the pool here is safe either way.
  cudaStreamSynchronize(stream_);
  cudaMemPoolDestroy(pool_);
}

void* DeviceMemoryResource::try_allocate(std::size_t bytes) {
  void* pointer = nullptr;
  const cudaError_t status = cudaMallocFromPoolAsync(&pointer, bytes, pool_, stream_);
  if (status == cudaSuccess) return pointer;
  if (status != cudaErrorMemoryAllocation) throw_cuda_error(status, "cudaMallocFromPoolAsync", __FILE__, __LINE__);
  // Out of memory is not sticky, but it stays as the "last error": clear it
  // so the next kernel launch check does not report it as its own failure.
  cudaGetLastError();
  return nullptr;
}

void* DeviceMemoryResource::allocate(std::size_t bytes) {
  if (bytes == 0) return nullptr;
  void* pointer = try_allocate(bytes);
  if (!pointer) {
    // The pool may hold cached free blocks of the wrong sizes: give them back
    // to the driver and try once more before reporting.
    GRAPHRUN_CUDA_CHECK(cudaStreamSynchronize(stream_));
    GRAPHRUN_CUDA_CHECK(cudaMemPoolTrimTo(pool_, 0));
    pointer = try_allocate(bytes);
  }
  if (!pointer) {
    std::size_t free_bytes = 0, total_bytes = 0;
    GRAPHRUN_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    throw OutOfMemoryError("out of GPU memory on device " + std::to_string(device_) + ": asked for " +
                           format_bytes(bytes) + ", " + format_bytes(free_bytes) + " free of " +
                           format_bytes(total_bytes) + " (graphrun holds " + format_bytes(bytes_in_use()) +
                           "); use a smaller graph, a GPU with more memory, or --backend cpu");
  }
  count_allocation(bytes);
  return pointer;
}

std::size_t DeviceMemoryResource::free_bytes() {
  GRAPHRUN_CUDA_CHECK(cudaStreamSynchronize(stream_));
  GRAPHRUN_CUDA_CHECK(cudaMemPoolTrimTo(pool_, 0));
  std::size_t free = 0, total = 0;
  GRAPHRUN_CUDA_CHECK(cudaMemGetInfo(&free, &total));
  return free;
}

void DeviceMemoryResource::deallocate(void* pointer, std::size_t bytes) noexcept {
  if (!pointer) return;
  // Stream-ordered: the block returns to the pool once queued work using it
  // is done, so freeing right after queuing a kernel is safe.
  cudaFreeAsync(pointer, stream_);
  count_deallocation(bytes);
}

void DeviceMemoryResource::copy(void* destination, const void* source, std::size_t bytes, CopyKind kind) {
  if (bytes == 0) return;
  switch (kind) {
    case CopyKind::host_to_backend:
      // Returns once the source is staged, so the caller may free or reuse
      // its host buffer right away.
      staging_.copy_to_device(destination, source, bytes, stream_);
      return;
    case CopyKind::backend_to_backend:
      GRAPHRUN_CUDA_CHECK(cudaMemcpyAsync(destination, source, bytes, cudaMemcpyDeviceToDevice, stream_));
      return;
    case CopyKind::backend_to_host:
      staging_.copy_to_host(destination, source, bytes, stream_);
      return;
  }
}

}  // namespace graphrun::cuda
