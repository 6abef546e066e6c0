// Runner of the CUDA backend tests. A machine without a visible GPU (no
// driver, no device: every CI machine) skips the whole binary with exit code
// 77, which CTest reports as "skipped" rather than passed or failed.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <iostream>
#include <string_view>

#include "support/random_seed.hpp"
#include "graphrun/engine.hpp"
#include "kernels/cuda/device_info.cuh"

namespace {

// --list-tests and friends need no device.
bool only_listing(int argc, char* argv[]) {
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]).starts_with("--list")) return true;
  return false;
}

}  // namespace

int main(int argc, char* argv[]) {
  if (only_listing(argc, argv)) return Catch::Session().run(argc, argv);
  if (!graphrun::cuda_available()) {
    std::cout << "SKIPPED: no CUDA device visible (" << graphrun::cuda::cuda_unavailable_reason() << ")\n";
    return 77;
  }
  std::cout << "graphrun CUDA tests on " << graphrun::cuda::describe_device(0) << ", seed "
            << graphrun::test::test_seed() << " (replay: GRAPHRUN_TEST_SEED=" << graphrun::test::test_seed() << ")\n";
  return Catch::Session().run(argc, argv);
}
