#include "cpu/vector_ops.hpp"

#include <algorithm>
#include <cmath>

#include "cpu/parallel_for.hpp"

namespace graphrun::cpu {

template <class T>
void fill(std::span<T> v, T value, int threads) {
  parallel_for(v.size(), threads, [&](std::size_t i) { v[i] = value; });
}
template void fill<float>(std::span<float>, float, int);
template void fill<double>(std::span<double>, double, int);
template void fill<vertex_t>(std::span<vertex_t>, vertex_t, int);
template void fill<std::uint8_t>(std::span<std::uint8_t>, std::uint8_t, int);

void iota(std::span<vertex_t> out, int threads) {
  parallel_for(out.size(), threads, [&](std::size_t i) { out[i] = static_cast<vertex_t>(i); });
}

void axpby(float a, std::span<const float> x, float b, std::span<float> y, int threads) {
  parallel_for(y.size(), threads, [&](std::size_t i) { y[i] = a * x[i] + b * y[i]; });
}

void multiply(std::span<const float> x, std::span<const float> y, std::span<float> out, int threads) {
  parallel_for(out.size(), threads, [&](std::size_t i) { out[i] = x[i] * y[i]; });
}

void degree_power(std::span<const vertex_t> degree, vertex_t add, float exponent, std::span<float> out,
                  int threads) {
  parallel_for(out.size(), threads, [&](std::size_t i) {
    // 64-bit base: degree + add may pass the vertex_t range.
    const auto base = static_cast<std::int64_t>(degree[i]) + add;
    // pow in double, one rounding to float: matches a double-precision oracle.
    out[i] = base == 0 ? 0.0f : static_cast<float>(std::pow(static_cast<double>(base), static_cast<double>(exponent)));
  });
}

void flag_zero(std::span<const float> values, std::span<std::uint8_t> flags, int threads) {
  parallel_for(flags.size(), threads, [&](std::size_t i) { flags[i] = values[i] == 0.0f ? 1 : 0; });
}

void reciprocal(std::span<const float> x, std::span<float> out, int threads) {
  parallel_for(out.size(), threads, [&](std::size_t i) { out[i] = x[i] == 0.0f ? 0.0f : 1.0f / x[i]; });
}

void scale_rows(std::span<float> x, std::size_t width, std::span<const float> scale, int threads) {
  parallel_for(scale.size(), threads, [&](std::size_t r) {
    float* row = x.data() + r * width;
    for (std::size_t c = 0; c < width; ++c) row[c] *= scale[r];
  });
}

bool gather(std::span<const vertex_t> values, std::span<const vertex_t> indices, std::span<vertex_t> out,
            int threads) {
  const auto num_values = static_cast<std::size_t>(values.size());
  const bool out_of_range = parallel_any(out.size(), threads, [&](std::size_t i) {
    const vertex_t index = indices[i];
    if (static_cast<std::size_t>(index) >= num_values) return true;  // no_vertex included
    out[i] = values[static_cast<std::size_t>(index)];
    return false;
  });
  return !out_of_range;
}

void minimum(std::span<const vertex_t> x, std::span<vertex_t> y, int threads) {
  parallel_for(y.size(), threads, [&](std::size_t i) { y[i] = std::min(x[i], y[i]); });
}

}  // namespace graphrun::cpu
