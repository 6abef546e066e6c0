#pragma once
// target[row] = add(target[row], value) as one atomic step, per semiring:
// hardware atomics where the semiring's add is one (float/double add, int
// min, 32-bit or), a compare-and-swap loop otherwise (float min). `word_type`
// is what the atomics work on: the value type itself, except for byte values,
// which have no atomics of their own and are combined in one 32-bit word per
// row (an atomic on the word around a byte of y could reach past y's
// allocation). Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/semiring.hpp"

namespace graphrun::cuda::spmv {

template <class Semiring>
struct AtomicCombine;

template <>
struct AtomicCombine<PlusTimes<float>> {
  using word_type = float;
  static __device__ __forceinline__ void apply(float* target, float value) { atomicAdd(target, value); }
};

template <>
struct AtomicCombine<PlusTimes<double>> {
  using word_type = double;
  static __device__ __forceinline__ void apply(double* target, double value) { atomicAdd(target, value); }
};

// No float atomicMin in hardware: retry until the stored value is already the
// minimum or our swap lands. Uses MinPlus::add itself so that the combine is
// exactly the semiring's (NaN and signed-zero behaviour included).
template <>
struct AtomicCombine<MinPlus> {
  using word_type = float;
  static __device__ __forceinline__ void apply(float* target, float value) {
    auto* word = reinterpret_cast<int*>(target);
    int observed = *reinterpret_cast<volatile int*>(word);
    while (true) {
      const int combined = __float_as_int(MinPlus::add(__int_as_float(observed), value));
      if (combined == observed) return;
      const int previous = atomicCAS(word, observed, combined);
      if (previous == observed) return;
      observed = previous;
    }
  }
};

// OR into the row's 32-bit word. Zero contributes nothing, so it skips the
// atomic altogether (most entries in a sparse frontier).
template <>
struct AtomicCombine<OrAnd> {
  using word_type = unsigned;
  static __device__ __forceinline__ void apply(unsigned* target, std::uint8_t value) {
    if (value != 0) atomicOr(target, static_cast<unsigned>(value));
  }
};

template <>
struct AtomicCombine<MinSecond> {
  using word_type = vertex_t;
  static __device__ __forceinline__ void apply(vertex_t* target, vertex_t value) { atomicMin(target, value); }
};

}  // namespace graphrun::cuda::spmv
