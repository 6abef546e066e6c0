#pragma once
// Turns every CUDA runtime status into a graphrun::RuntimeError that names the
// failing call and where it was made. Used for every call, no exceptions.
#include <cuda_runtime.h>

#include <string>

#include "graphrun/error.hpp"

namespace graphrun::cuda {

// Out of memory is an OutOfMemoryError (a RuntimeError a caller with a
// cheaper way may take); every other status a RuntimeError.
[[noreturn]] inline void throw_cuda_error(cudaError_t status, const char* call, const char* file, int line) {
  const std::string message = std::string("CUDA error ") + cudaGetErrorName(status) + " (" +
                              cudaGetErrorString(status) + ") in " + call + " at " + file + ":" + std::to_string(line);
  if (status == cudaErrorMemoryAllocation) throw OutOfMemoryError(message);
  throw RuntimeError(message);
}

}  // namespace graphrun::cuda

#define GRAPHRUN_CUDA_CHECK(call)                                                          \
  do {                                                                                     \
    const cudaError_t graphrun_status_ = (call);                                           \
    if (graphrun_status_ != cudaSuccess)                                                   \
      ::graphrun::cuda::throw_cuda_error(graphrun_status_, #call, __FILE__, __LINE__);     \
  } while (0)

// After a kernel launch: catches launch-configuration errors at once.
#define GRAPHRUN_CUDA_CHECK_LAUNCH() GRAPHRUN_CUDA_CHECK(cudaGetLastError())
