#include <cuda_runtime.h>

#include <string>

#include "graphrun/error.hpp"
#include "backends.hpp"
#include "cuda/device_info.cuh"
#include "cuda/runtime/check.cuh"

namespace graphrun {

int cuda_device_count() {
  int count = 0;
  // Without a driver (or with no device) this returns an error status, not
  // a zero count: both mean "no GPU here", the normal CPU-only case.
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();  // do not leave the failure behind as "last error"
    return 0;
  }
  return count;
}

}  // namespace graphrun

namespace graphrun::cuda {

std::string cuda_unavailable_reason() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess) {
    cudaGetLastError();
    return std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status);
  }
  return count > 0 ? std::string() : std::string("the CUDA driver reports 0 devices");
}

void select_device(int ordinal) {
  const int count = cuda_device_count();
  if (count == 0)
    throw RuntimeError("no CUDA device is visible (" + cuda_unavailable_reason() + "); use --backend cpu");
  if (ordinal < 0 || ordinal >= count)
    throw RuntimeError("CUDA device " + std::to_string(ordinal) + " does not exist: " + std::to_string(count) +
                       " device" + (count == 1 ? " is" : "s are") + " visible (valid: 0" +
                       (count > 1 ? ".." + std::to_string(count - 1) : std::string()) + ")");
  GRAPHRUN_CUDA_CHECK(cudaSetDevice(ordinal));
}

int multiprocessor_count(int ordinal) {
  int count = 0;
  GRAPHRUN_CUDA_CHECK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, ordinal));
  return count;
}

std::string describe_device(int ordinal) {
  cudaDeviceProp props{};
  GRAPHRUN_CUDA_CHECK(cudaGetDeviceProperties(&props, ordinal));
  return std::string(props.name) + " (device " + std::to_string(ordinal) + ", sm_" + std::to_string(props.major) +
         std::to_string(props.minor) + ", " + std::to_string(props.multiProcessorCount) + " SMs)";
}

}  // namespace graphrun::cuda
