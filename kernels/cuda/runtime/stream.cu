#include "cuda/runtime/check.cuh"
#include "cuda/runtime/stream.cuh"

namespace graphrun::cuda {

Stream::Stream(StreamPriority priority) {
  int least = 0;
  int greatest = 0;
  GRAPHRUN_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  GRAPHRUN_CUDA_CHECK(cudaStreamCreateWithPriority(&stream_, cudaStreamNonBlocking,
                                                   priority == StreamPriority::greatest ? greatest : least));
}

Stream::~Stream() {
  if (stream_) cudaStreamDestroy(stream_);
}

void Stream::synchronize() const { GRAPHRUN_CUDA_CHECK(cudaStreamSynchronize(stream_)); }

Event::Event(EventTiming timing) {
  GRAPHRUN_CUDA_CHECK(
      cudaEventCreateWithFlags(&event_, timing == EventTiming::timed ? cudaEventDefault : cudaEventDisableTiming));
}

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

ForkedStream::ForkedStream()
    : side_(StreamPriority::greatest), forked_(EventTiming::untimed), joined_(EventTiming::untimed) {}

cudaStream_t ForkedStream::fork(cudaStream_t main) {
  forked_.record(main);
  GRAPHRUN_CUDA_CHECK(cudaStreamWaitEvent(side_.get(), forked_.get(), 0));
  return side_.get();
}

void ForkedStream::join(cudaStream_t main) {
  joined_.record(side_.get());
  GRAPHRUN_CUDA_CHECK(cudaStreamWaitEvent(main, joined_.get(), 0));
}

void ForkedStream::join_unchecked(cudaStream_t main) noexcept {
  if (cudaEventRecord(joined_.get(), side_.get()) == cudaSuccess) cudaStreamWaitEvent(main, joined_.get(), 0);
  // A failure here is not reported: clear it, so that the next launch check
  // does not report it as its own.
  cudaGetLastError();
}

Fork::Fork(ForkedStream& beside, cudaStream_t main) : beside_(beside), main_(main), side_(beside.fork(main)) {}

Fork::~Fork() {
  if (!joined_) beside_.join_unchecked(main_);
}

void Fork::join() {
  beside_.join(main_);
  joined_ = true;  // after a failed join the destructor tries once more
}

}  // namespace graphrun::cuda
