#pragma once
// The packed (count, label) candidate key the CUDA label_mode kernels
// combine candidates with. Host- and device-callable (the tests use it too).
#include <cstdint>
#include <type_traits>

#include "graphrun/semiring.hpp"  // GRAPHRUN_HOST_DEVICE
#include "graphrun/types.hpp"

namespace graphrun::cuda::label_mode_detail {

// Labels are vertex_t values in vertex_t's own order: a signed vertex_t's
// are mapped order-preservingly to unsigned by flipping the sign bit, an
// unsigned one's are kept. The map is its own inverse.
inline constexpr std::uint32_t label_order_flip = std::is_signed_v<vertex_t> ? 0x80000000u : 0u;

// A candidate (count, label) packed so that the larger key is the better
// candidate: higher count first, then the SMALLER label (its ordered bits
// inverted). Key 0 means "no candidate" (counts are >= 1), which makes
// max() and atomicMax() combine candidates in any order to the same result.
GRAPHRUN_HOST_DEVICE std::uint64_t candidate_key(std::uint32_t count, vertex_t label) {
  const std::uint32_t ordered = static_cast<std::uint32_t>(label) ^ label_order_flip;
  return (static_cast<std::uint64_t>(count) << 32) | static_cast<std::uint64_t>(~ordered);
}

GRAPHRUN_HOST_DEVICE vertex_t label_of_key(std::uint64_t key) {
  const std::uint32_t ordered = ~static_cast<std::uint32_t>(key & 0xffffffffull);
  return static_cast<vertex_t>(ordered ^ label_order_flip);
}

}  // namespace graphrun::cuda::label_mode_detail
