#pragma once
// What the SpMV tests and the timing run share on the GPU side: one stream
// and memory resource per process, a CSR uploaded through it, host vectors
// moved in and out, and the run's random seed.
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "graphrun/memory.hpp"
#include "host_graphs.hpp"
#include "kernels/cuda/runtime/device_memory.cuh"
#include "kernels/cuda/runtime/stream.cuh"
#include "kernels/cuda/spmv/spmv.cuh"

namespace graphrun::test {

struct TestDevice {
  cuda::Stream stream;
  cuda::DeviceMemoryResource memory{0, stream.get()};
};

// The process's device (created on first use).
TestDevice& test_device();

// A HostCsr on the device; a host matrix without values (a pattern graph)
// gets view.values == nullptr, as CudaGraph gives it.
struct DeviceCsr {
  DeviceVector<edge_t> offsets;
  DeviceVector<vertex_t> indices;
  DeviceVector<float> values;
  cuda::CsrView view;

  DeviceCsr(MemoryResource& memory, const HostCsr& host);
};

template <class T>
DeviceVector<T> upload(const std::vector<T>& host) {
  return DeviceVector<T>(test_device().memory, std::span<const T>(host));
}

// Seed of this run: GRAPHRUN_TEST_SEED if set (to replay a failure), else
// fresh; printed once so a failure can be reproduced.
std::uint64_t test_seed();

}  // namespace graphrun::test
