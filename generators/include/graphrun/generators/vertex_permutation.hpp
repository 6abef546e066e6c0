#pragma once
// A seeded bijection of [0, 2^bits): Graph500 relabels Kronecker vertices
// with a random permutation so that high-degree vertices are not clustered at
// small ids. Composing invertible steps modulo 2^bits (multiply by an odd
// number, add a constant, xor with a right shift) gives a permutation that
// needs no table: O(1) memory even for 2^30 vertices.
#include <cstdint>

#include "graphrun/generators/counter_rng.hpp"

namespace graphrun::generators {

class VertexPermutation {
 public:
  VertexPermutation(std::uint64_t seed, int bits) : mask_(bits >= 64 ? ~0ULL : (1ULL << bits) - 1), shift_(bits / 2 + 1) {
    CounterRng rng(seed, Stream::permutation, 0);
    for (Round& round : rounds_) {
      round.multiplier = (rng.next() | 1ULL) & mask_;  // odd: invertible modulo 2^bits
      if (round.multiplier == 0) round.multiplier = 1;
      round.offset = rng.next() & mask_;
    }
  }

  GRAPHRUN_HOST_DEVICE std::uint64_t operator()(std::uint64_t x) const {
    for (const Round& round : rounds_) {
      x = (x * round.multiplier + round.offset) & mask_;
      x ^= x >> shift_;  // invertible: the top `shift_` bits are unchanged and determine the rest
    }
    return x;
  }

 private:
  struct Round {
    std::uint64_t multiplier = 1;
    std::uint64_t offset = 0;
  };
  std::uint64_t mask_;
  int shift_;
  Round rounds_[4];
};

}  // namespace graphrun::generators
