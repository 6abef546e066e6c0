#include "graphrun/checked_size.hpp"

#include "graphrun/error.hpp"

namespace graphrun {

std::size_t product_or_throw(std::size_t a, std::size_t b, const std::string& what) {
  if (const std::optional<std::size_t> product = checked_product(a, b)) return *product;
  throw UsageError(what + ": " + std::to_string(a) + " x " + std::to_string(b) + " exceeds the address space");
}

}  // namespace graphrun
