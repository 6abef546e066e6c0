#pragma once
// Evicts the previous run's data from the last-level cache between timed
// repetitions, so every run reads the graph from memory as a one-shot SpMV
// would (otherwise a graph smaller than L2 would time at cache speed).
#include <cstddef>
#include <functional>

#include "graphrun/backend.hpp"
#include "graphrun/memory.hpp"

namespace graphrun::bench {

// Bytes to write between runs: 256 MiB on a GPU (the Backend interface does
// not expose the L2 size; 256 MiB exceeds every current L2), twice the L3 on
// a CPU, at most 128 MiB (64 MiB when the OS does not say). `quick` caps it at
// 8 MiB.
std::size_t default_flush_bytes(BackendKind kind, bool quick);

class CacheFlusher {
 public:
  // bytes == 0 disables flushing.
  CacheFlusher(Backend& backend, std::size_t bytes);
  // Writes the whole buffer with the backend's own fill (runs on its stream).
  void flush();
  std::size_t bytes() const { return buffer_.size() * sizeof(float); }
  // The `between` callback for Backend::time_runs (empty when disabled).
  std::function<void()> callback();

 private:
  Backend* backend_;
  DeviceVector<float> buffer_;
  float value_ = 0.0f;
};

}  // namespace graphrun::bench
