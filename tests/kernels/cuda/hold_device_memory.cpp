// graphrun-hold-device-memory LEAVE_MIB SECONDS: takes all but LEAVE_MIB of
// the free memory of device 0, prints "holding ...", and keeps it for
// SECONDS (or until killed). scripts/gpu-tests.sh runs graphrun beside it to
// check that a graph larger than the free device memory fails cleanly.
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: graphrun-hold-device-memory LEAVE_MIB SECONDS\n");
    return 1;
  }
  const std::size_t leave = std::strtoull(argv[1], nullptr, 10) << 20;
  const long seconds = std::strtol(argv[2], nullptr, 10);
  std::size_t free_bytes = 0, total_bytes = 0;
  if (const cudaError_t status = cudaMemGetInfo(&free_bytes, &total_bytes); status != cudaSuccess) {
    std::fprintf(stderr, "cudaMemGetInfo: %s\n", cudaGetErrorString(status));
    return 3;
  }
  if (free_bytes <= leave) {
    std::fprintf(stderr, "only %zu MiB free, nothing to hold\n", free_bytes >> 20);
    return 3;
  }
  void* held = nullptr;
  if (const cudaError_t status = cudaMalloc(&held, free_bytes - leave); status != cudaSuccess) {
    std::fprintf(stderr, "cudaMalloc of %zu MiB: %s\n", (free_bytes - leave) >> 20, cudaGetErrorString(status));
    return 3;
  }
  cudaMemGetInfo(&free_bytes, &total_bytes);
  std::printf("holding: %zu MiB free of %zu MiB\n", free_bytes >> 20, total_bytes >> 20);
  std::fflush(stdout);
  std::this_thread::sleep_for(std::chrono::seconds(seconds));
  cudaFree(held);
  return 0;
}
