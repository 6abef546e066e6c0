#include "cuda/runtime/pinned_staging.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>

#include "cuda/runtime/check.cuh"

namespace graphrun::cuda {
namespace {

// Spreads one chunk's memcpy over the threads (a single thread reaches a
// fraction of the memory bandwidth the DMA engine can take).
void parallel_copy(void* destination, const void* source, std::size_t bytes) {
  constexpr std::size_t slice_min = std::size_t{1} << 20;
  const int threads = static_cast<int>(std::clamp<std::size_t>(bytes / slice_min, 1, static_cast<std::size_t>(omp_get_max_threads())));
  auto* to = static_cast<char*>(destination);
  const auto* from = static_cast<const char*>(source);
#pragma omp parallel for schedule(static, 1) num_threads(threads) if (threads > 1)
  for (int t = 0; t < threads; ++t) {
    const std::size_t begin = bytes * static_cast<std::size_t>(t) / static_cast<std::size_t>(threads);
    const std::size_t end = bytes * static_cast<std::size_t>(t + 1) / static_cast<std::size_t>(threads);
    std::memcpy(to + begin, from + begin, end - begin);
  }
}

}  // namespace

PinnedStaging::~PinnedStaging() {
  for (int b = 0; b < 2; ++b) {
    if (drained_[b] != nullptr) {
      cudaEventSynchronize(drained_[b]);
      cudaEventDestroy(drained_[b]);
    }
    if (buffer_[b] != nullptr) cudaFreeHost(buffer_[b]);
  }
}

void PinnedStaging::allocate() {
  for (int b = 0; b < 2; ++b) {
    GRAPHRUN_CUDA_CHECK(cudaHostAlloc(&buffer_[b], StagingPolicy::chunk_bytes, cudaHostAllocDefault));
    GRAPHRUN_CUDA_CHECK(cudaEventCreateWithFlags(&drained_[b], cudaEventDisableTiming));
  }
}

void PinnedStaging::copy_to_device(void* destination, const void* source, std::size_t bytes, cudaStream_t stream) {
  if (bytes < StagingPolicy::min_bytes) {
    GRAPHRUN_CUDA_CHECK(cudaMemcpyAsync(destination, source, bytes, cudaMemcpyHostToDevice, stream));
    return;
  }
  if (buffer_[0] == nullptr) allocate();
  auto* to = static_cast<char*>(destination);
  const auto* from = static_cast<const char*>(source);
  int b = 0;
  for (std::size_t done = 0; done < bytes; done += StagingPolicy::chunk_bytes, b ^= 1) {
    const std::size_t length = std::min(StagingPolicy::chunk_bytes, bytes - done);
    GRAPHRUN_CUDA_CHECK(cudaEventSynchronize(drained_[b]));  // a fresh event counts as done
    parallel_copy(buffer_[b], from + done, length);
    GRAPHRUN_CUDA_CHECK(cudaMemcpyAsync(to + done, buffer_[b], length, cudaMemcpyHostToDevice, stream));
    GRAPHRUN_CUDA_CHECK(cudaEventRecord(drained_[b], stream));
  }
}

void PinnedStaging::copy_to_host(void* destination, const void* source, std::size_t bytes, cudaStream_t stream) {
  if (bytes < StagingPolicy::min_bytes) {
    GRAPHRUN_CUDA_CHECK(cudaMemcpyAsync(destination, source, bytes, cudaMemcpyDeviceToHost, stream));
    GRAPHRUN_CUDA_CHECK(cudaStreamSynchronize(stream));
    return;
  }
  if (buffer_[0] == nullptr) allocate();
  auto* to = static_cast<char*>(destination);
  const auto* from = static_cast<const char*>(source);
  const std::size_t chunks = (bytes + StagingPolicy::chunk_bytes - 1) / StagingPolicy::chunk_bytes;
  auto chunk_length = [&](std::size_t c) { return std::min(StagingPolicy::chunk_bytes, bytes - c * StagingPolicy::chunk_bytes); };
  for (std::size_t c = 0; c <= chunks; ++c) {
    if (c < chunks) {  // buffer c % 2 is free: its last chunk (c - 2) was copied out below
      const int b = static_cast<int>(c % 2);
      GRAPHRUN_CUDA_CHECK(cudaMemcpyAsync(buffer_[b], from + c * StagingPolicy::chunk_bytes, chunk_length(c),
                                          cudaMemcpyDeviceToHost, stream));
      GRAPHRUN_CUDA_CHECK(cudaEventRecord(drained_[b], stream));
    }
    if (c > 0) {
      const int b = static_cast<int>((c - 1) % 2);
      GRAPHRUN_CUDA_CHECK(cudaEventSynchronize(drained_[b]));
      parallel_copy(to + (c - 1) * StagingPolicy::chunk_bytes, buffer_[b], chunk_length(c - 1));
    }
  }
}

}  // namespace graphrun::cuda
