#pragma once
// PinnedStaging: host-to-device copies of large pageable buffers through two
// pinned buffers, so that the DMA engine runs at full speed while the host
// threads fill the other buffer.
//
// A copy from or to pageable memory is staged by the driver with one
// thread; this stages with all OpenMP threads, chunk by chunk,
// double-buffered (host to device shown):
//   wait until buffer b's previous DMA is done -> parallel memcpy of the
//   next chunk into b -> queue its DMA on the stream -> record b's event.
// copy() returns once every byte of the source is in a pinned buffer (the
// caller may free or reuse its buffer at once, as with cudaMemcpyAsync from
// pageable memory); the last DMAs run on after it. The buffers are allocated
// on the first copy and kept; the destructor waits for their DMAs.
#include <cuda_runtime.h>

#include <array>
#include <cstddef>

namespace graphrun::cuda {

struct StagingPolicy {
  static constexpr std::size_t chunk_bytes = std::size_t{16} << 20;  // per pinned buffer
  static constexpr std::size_t min_bytes = std::size_t{8} << 20;     // smaller copies go direct
};

class PinnedStaging {
 public:
  PinnedStaging() = default;
  ~PinnedStaging();
  PinnedStaging(const PinnedStaging&) = delete;
  PinnedStaging& operator=(const PinnedStaging&) = delete;

  // Queues destination[0, bytes) <- source[0, bytes) on `stream`.
  void copy_to_device(void* destination, const void* source, std::size_t bytes, cudaStream_t stream);
  // destination[0, bytes) <- device source[0, bytes), after the work queued
  // on `stream`; returns when the bytes are on the host. The mirror image:
  // the DMA of chunk c into one buffer overlaps the threads' copy of chunk
  // c - 1 out of the other.
  void copy_to_host(void* destination, const void* source, std::size_t bytes, cudaStream_t stream);

 private:
  void allocate();

  std::array<void*, 2> buffer_{nullptr, nullptr};
  std::array<cudaEvent_t, 2> drained_{nullptr, nullptr};  // recorded after each buffer's DMA
};

}  // namespace graphrun::cuda
