#pragma once
// Element-wise maps of the cpu backend (see Backend for each one's contract).
// Sizes are checked by the caller; `threads` is the backend's OpenMP team size.
#include <cstddef>
#include <cstdint>
#include <span>

#include "graphrun/types.hpp"

namespace graphrun::cpu {

template <class T>
void fill(std::span<T> v, T value, int threads);
void iota(std::span<vertex_t> out, int threads);
void axpby(float a, std::span<const float> x, float b, std::span<float> y, int threads);
void multiply(std::span<const float> x, std::span<const float> y, std::span<float> out, int threads);
void degree_power(std::span<const vertex_t> degree, vertex_t add, float exponent, std::span<float> out, int threads);
void flag_zero(std::span<const float> values, std::span<std::uint8_t> flags, int threads);
void reciprocal(std::span<const float> x, std::span<float> out, int threads);
void scale_rows(std::span<float> x, std::size_t width, std::span<const float> scale, int threads);
// Returns false (out partly written) when an index is outside values.
bool gather(std::span<const vertex_t> values, std::span<const vertex_t> indices, std::span<vertex_t> out,
            int threads);
void minimum(std::span<const vertex_t> x, std::span<vertex_t> y, int threads);

}  // namespace graphrun::cpu
