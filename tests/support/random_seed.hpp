#pragma once
// One seed per test-binary run: fresh inputs every run, yet reproducible.
// Failures print it (SEED_INFO); GRAPHRUN_TEST_SEED=<seed> replays a run.
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>

namespace graphrun::test {

inline std::uint64_t test_seed() {
  static const std::uint64_t seed = [] {
    if (const char* fixed = std::getenv("GRAPHRUN_TEST_SEED")) return static_cast<std::uint64_t>(std::stoull(fixed));
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 32) ^ device();
  }();
  return seed;
}

}  // namespace graphrun::test

// Use at the top of every TEST_CASE that draws random numbers.
#define SEED_INFO() INFO("seed " << ::graphrun::test::test_seed() << " (replay: GRAPHRUN_TEST_SEED=" \
                                 << ::graphrun::test::test_seed() << ")")
