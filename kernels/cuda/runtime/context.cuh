#pragma once
// What every host-side dispatch function of the CUDA kernels needs: the
// stream work is queued on, the memory scratch buffers come from, and the
// device's SM count (grid sizing of grid-stride kernels). One object passed
// down instead of three arguments everywhere (RAFT's resources-handle idea).
#include <cuda_runtime.h>

#include "graphrun/memory.hpp"
#include "cuda/runtime/stream.cuh"

namespace graphrun::cuda {

struct DeviceContext {
  cudaStream_t stream;
  MemoryResource& memory;
  int multiprocessors;
  // Where the backend has one: a stream that forks from and joins `stream`,
  // for independent work to run beside it (label_mode). nullptr: everything
  // runs on `stream`. Work queued beside must not allocate from `memory`:
  // its blocks are handed back in `stream`'s order, which does not wait for
  // the stream beside until the join.
  ForkedStream* beside = nullptr;

  // The same memory and SMs on another stream (a fork's side), with no
  // stream beside it: forks do not nest.
  DeviceContext on_stream(cudaStream_t other) const { return DeviceContext{other, memory, multiprocessors}; }
};

}  // namespace graphrun::cuda
