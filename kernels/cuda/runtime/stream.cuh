#pragma once
// RAII owners of a CUDA stream and a CUDA event, and a second stream that
// forks from and joins a caller's. Destructors never throw: a failure while
// tearing down is ignored because the process state it could report is
// already gone (and throwing from a destructor would terminate).
#include <cuda_runtime.h>

namespace graphrun::cuda {

// greatest: when grids of several streams have blocks waiting, the block
// scheduler starts this stream's first (cudaStreamCreateWithPriority).
enum class StreamPriority { normal, greatest };

class Stream {
 public:
  // Non-blocking with respect to the legacy default stream.
  explicit Stream(StreamPriority priority = StreamPriority::normal);
  ~Stream();
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  cudaStream_t get() const noexcept { return stream_; }
  void synchronize() const;

 private:
  cudaStream_t stream_ = nullptr;
};

// untimed: an event that only orders work (cheaper to record and wait on).
enum class EventTiming { timed, untimed };

class Event {
 public:
  explicit Event(EventTiming timing = EventTiming::timed);
  ~Event();
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  cudaEvent_t get() const noexcept { return event_; }
  void record(cudaStream_t stream);
  void synchronize() const;
  // Milliseconds between two recorded (and completed) events.
  static float elapsed_ms(const Event& start, const Event& stop);

 private:
  cudaEvent_t event_ = nullptr;
};

// A stream for work that runs beside the caller's, forked and joined by a
// Fork (below): the fork makes it wait for everything queued on main so far;
// the join makes main wait for everything queued on it since. Greatest
// priority: a grid queued on it with fewer resident blocks than the GPU
// holds takes its SMs ahead of a grid on main that is ready at the same
// moment, and main's grid fills the others.
class ForkedStream {
 public:
  ForkedStream();

 private:
  friend class Fork;
  cudaStream_t fork(cudaStream_t main);
  void join(cudaStream_t main);
  // join for an exception's way out: statuses unchecked.
  void join_unchecked(cudaStream_t main) noexcept;

  Stream side_;
  Event forked_;
  Event joined_;
};

// One fork of a ForkedStream, joined by join() or, on an exception's way
// out, by the destructor (unchecked then): nothing queued on main after it,
// such as scratch memory handed back to a stream-ordered pool, overtakes
// the work queued beside.
class Fork {
 public:
  Fork(ForkedStream& beside, cudaStream_t main);
  ~Fork();
  Fork(const Fork&) = delete;
  Fork& operator=(const Fork&) = delete;

  cudaStream_t side() const noexcept { return side_; }
  void join();

 private:
  ForkedStream& beside_;
  cudaStream_t main_;
  cudaStream_t side_;
  bool joined_ = false;
};

}  // namespace graphrun::cuda
