#include "graphrun/internal/primitive_checks.hpp"

#include "graphrun/error.hpp"

namespace graphrun::engine_detail {

void require(bool condition, const char* primitive, const std::string& reason) {
  if (!condition) throw UsageError(std::string(primitive) + ": " + reason);
}

void require_size(const char* primitive, const char* argument, std::size_t actual, std::size_t expected) {
  require(actual == expected, primitive,
          std::string(argument) + " has " + std::to_string(actual) + " entries, expected " + std::to_string(expected));
}

void require_at_least(const char* primitive, const char* argument, std::size_t actual, std::size_t minimum) {
  require(actual >= minimum, primitive,
          std::string(argument) + " has " + std::to_string(actual) + " entries, needs at least " +
              std::to_string(minimum));
}

void require_matrix_size(const char* primitive, const char* argument, std::size_t actual, std::size_t rows,
                         std::size_t width) {
  const bool matches = width == 0 ? actual == 0 : (actual % width == 0 && actual / width == rows);
  require(matches, primitive,
          std::string(argument) + " has " + std::to_string(actual) + " entries, expected " + std::to_string(rows) +
              " rows x " + std::to_string(width));
}

void require_single_adjacency(const char* primitive, Edges edges) {
  require(edges != Edges::both, primitive, "Edges::both is not one adjacency (use out or in)");
}

void require_plain_descriptor(const char* primitive, const SpmvDescriptor& d) {
  require(d.mask.flags == nullptr && !d.mask.complement, primitive, "masks are not supported");
  require(!d.accumulate, primitive, "accumulate is not supported");
}

}  // namespace graphrun::engine_detail
