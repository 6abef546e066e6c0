#include "cpu/reductions.hpp"

#include <cmath>

#include "cpu/parallel_for.hpp"
#include "cpu/semiring_ops.hpp"

namespace graphrun::cpu {

double sum(std::span<const float> x, int threads) {
  return deterministic_sum(x.size(), threads, [&](std::size_t i) { return static_cast<double>(x[i]); });
}

double sum(std::span<const float> x, VertexMask mask, int threads) {
  const MaskView selected(mask);
  return deterministic_sum(x.size(), threads, [&](std::size_t i) {
    return selected.selects(static_cast<vertex_t>(i)) ? static_cast<double>(x[i]) : 0.0;
  });
}

double l1_distance(std::span<const float> x, std::span<const float> y, int threads) {
  return deterministic_sum(x.size(), threads, [&](std::size_t i) {
    return std::abs(static_cast<double>(x[i]) - static_cast<double>(y[i]));
  });
}

std::size_t count_nonzero(std::span<const std::uint8_t> x, int threads) {
  return parallel_count(x.size(), threads, [&](std::size_t i) { return x[i] != 0; });
}

std::size_t count_different(std::span<const vertex_t> x, std::span<const vertex_t> y, int threads) {
  return parallel_count(x.size(), threads, [&](std::size_t i) { return x[i] != y[i]; });
}

std::size_t count_different(std::span<const float> x, std::span<const float> y, int threads) {
  return parallel_count(x.size(), threads, [&](std::size_t i) { return x[i] != y[i]; });
}

}  // namespace graphrun::cpu
