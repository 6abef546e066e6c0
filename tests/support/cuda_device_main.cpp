// Runner of the SpMV kernel tests: CTest counts exit code 77 as "skipped",
// which is what a machine without a CUDA device (CI) reports.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <cuda_runtime.h>

#include <cstdio>

int main(int argc, char** argv) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::puts("SKIPPED: no CUDA device visible");
    return 77;
  }
  return Catch::Session().run(argc, argv);
}
