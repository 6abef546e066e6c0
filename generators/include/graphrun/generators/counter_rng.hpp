#pragma once
// Counter-based random numbers: the value for (seed, stream, index) is a pure
// hash, so parallel loops draw the same numbers whatever thread handles which
// index, and a GPU thread draws what a CPU thread draws for the same key.
// splitmix64 is Vigna's finaliser: cheap and well mixed in every bit.
#include <cstdint>

#include "graphrun/semiring.hpp"  // GRAPHRUN_HOST_DEVICE

namespace graphrun::generators {

GRAPHRUN_HOST_DEVICE constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Distinct purposes draw from distinct streams so that, e.g., the weights of
// a graph are independent of its endpoints.
enum class Stream : std::uint64_t {
  endpoints = 1,
  weights = 2,
  permutation = 3,
  road_edges = 4,
};

// Numbers of one (seed, stream, index) key, drawn in sequence.
class CounterRng {
 public:
  GRAPHRUN_HOST_DEVICE CounterRng(std::uint64_t seed, Stream stream, std::uint64_t index)
      : key_(splitmix64(splitmix64(seed ^ (static_cast<std::uint64_t>(stream) << 56)) + index)) {}

  GRAPHRUN_HOST_DEVICE std::uint64_t next() { return splitmix64(key_ + 0x9e3779b97f4a7c15ULL * ++counter_); }

  // Uniform in [0, 1) with 53 random bits.
  GRAPHRUN_HOST_DEVICE double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // Uniform integer in [0, bound), bound <= 2^32 (Lemire's multiply-shift;
  // the bias is below 2^-32 per draw, irrelevant for graph generation).
  GRAPHRUN_HOST_DEVICE std::uint64_t below(std::uint64_t bound) { return ((next() >> 32) * bound) >> 32; }

 private:
  std::uint64_t key_;
  std::uint64_t counter_ = 0;
};

}  // namespace graphrun::generators
