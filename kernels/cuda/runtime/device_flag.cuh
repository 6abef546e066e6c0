#pragma once
// A device-side int a kernel raises when it meets bad input (an index out of
// range, a broken forest), read back once after the kernel: the pattern of
// the argument checks that need the data itself.
#include "graphrun/memory.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/context.cuh"
#include "cuda/runtime/cub_call.cuh"

namespace graphrun::cuda {

class DeviceFlag {
 public:
  // Allocated and lowered on context.stream.
  explicit DeviceFlag(const DeviceContext& context) : context_(context), flag_(context.memory, 1) {
    GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(flag_.data(), 0, sizeof(int), context.stream));
  }
  // For the kernel: store any non-zero value to raise it.
  int* data() { return flag_.data(); }
  // Waits for the queued work and reads the flag.
  bool raised() const { return read_scalar(context_, static_cast<const int*>(flag_.data())) != 0; }

 private:
  const DeviceContext& context_;
  DeviceVector<int> flag_;
};

}  // namespace graphrun::cuda
