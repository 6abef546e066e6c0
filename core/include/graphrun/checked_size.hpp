#pragma once
// Products of counts that come from input (vertices x width, elements x
// bytes, sources x vertices): one helper, so that none of them wraps around
// into a small size that an allocation or a bounds check would then accept.
#include <cstddef>
#include <optional>
#include <string>

#include "graphrun/error.hpp"

namespace graphrun {

// a * b, or nullopt when it does not fit in std::size_t.
constexpr std::optional<std::size_t> checked_product(std::size_t a, std::size_t b) noexcept {
  std::size_t product = 0;
  if (__builtin_mul_overflow(a, b, &product)) return std::nullopt;
  return product;
}

// a * b; UsageError "what: a x b exceeds the address space" when it does
// not fit. Inline: header-only users of DeviceVector (the kernel test
// libraries) link no graphrun library.
inline std::size_t product_or_throw(std::size_t a, std::size_t b, const std::string& what) {
  if (const std::optional<std::size_t> product = checked_product(a, b)) return *product;
  throw UsageError(what + ": " + std::to_string(a) + " x " + std::to_string(b) + " exceeds the address space");
}

}  // namespace graphrun
