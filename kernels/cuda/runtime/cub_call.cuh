#pragma once
// CUB's two-phase calling convention (ask for temporary bytes, then run) in
// one place, with the temporary storage taken from the backend's caching
// pool and every status checked.
#include <cuda_runtime.h>

#include <cstddef>
#include <source_location>

#include "graphrun/memory.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/context.cuh"

namespace graphrun::cuda {

// `call(void* temp, std::size_t& temp_bytes)` invokes one cub::Device*
// algorithm on context.stream and returns its status; `name` names it in errors.
template <class CubCall>
void run_cub(const DeviceContext& context, const char* name, CubCall call,
             std::source_location where = std::source_location::current()) {
  std::size_t temp_bytes = 0;
  cudaError_t status = call(nullptr, temp_bytes);
  if (status != cudaSuccess) throw_cuda_error(status, name, where.file_name(), static_cast<int>(where.line()));
  // At least one byte: CUB treats a null pointer as the size query.
  DeviceVector<std::byte> temp(context.memory, temp_bytes > 0 ? temp_bytes : 1);
  status = call(temp.data(), temp_bytes);
  if (status != cudaSuccess) throw_cuda_error(status, name, where.file_name(), static_cast<int>(where.line()));
}

// Synchronous read of one value the device computed (a reduction result).
template <class T>
T read_scalar(const DeviceContext& context, const T* device_value) {
  T value{};
  context.memory.copy(&value, device_value, sizeof(T), CopyKind::backend_to_host);
  return value;
}

}  // namespace graphrun::cuda
