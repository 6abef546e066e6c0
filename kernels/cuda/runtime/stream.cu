#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/runtime/stream.cuh"

namespace graphrun::cuda {

Stream::Stream() { GRAPHRUN_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }

Stream::~Stream() {
  if (stream_) cudaStreamDestroy(stream_);
}

void Stream::synchronize() const { GRAPHRUN_CUDA_CHECK(cudaStreamSynchronize(stream_)); }

Event::Event() { GRAPHRUN_CUDA_CHECK(cudaEventCreate(&event_)); }

Event::~Event() {
  if (event_) cudaEventDestroy(event_);
}

void Event::record(cudaStream_t stream) { GRAPHRUN_CUDA_CHECK(cudaEventRecord(event_, stream)); }

void Event::synchronize() const { GRAPHRUN_CUDA_CHECK(cudaEventSynchronize(event_)); }

float Event::elapsed_ms(const Event& start, const Event& stop) {
  float milliseconds = 0.0f;
  GRAPHRUN_CUDA_CHECK(cudaEventElapsedTime(&milliseconds, start.event_, stop.event_));
  return milliseconds;
}

}  // namespace graphrun::cuda
