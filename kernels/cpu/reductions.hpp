#pragma once
// Reductions of the cpu backend. Floating sums accumulate in double over
// fixed blocks (parallel_for.hpp): the same result for every thread count.
#include <cstddef>
#include <cstdint>
#include <span>

#include "graphrun/semiring.hpp"
#include "graphrun/types.hpp"

namespace graphrun::cpu {

double sum(std::span<const float> x, int threads);
double sum(std::span<const float> x, VertexMask mask, int threads);
double l1_distance(std::span<const float> x, std::span<const float> y, int threads);
std::size_t count_nonzero(std::span<const std::uint8_t> x, int threads);
std::size_t count_different(std::span<const vertex_t> x, std::span<const vertex_t> y, int threads);
std::size_t count_different(std::span<const float> x, std::span<const float> y, int threads);

}  // namespace graphrun::cpu
