#include "kernels/cpu/argument_checks.hpp"

#include <string>

#include "graphrun/error.hpp"

namespace graphrun::cpu {

void require_size(const char* primitive, const char* argument, std::size_t actual, std::size_t expected) {
  if (actual != expected)
    throw UsageError(std::string("cpu backend: ") + primitive + ": " + argument + " has " + std::to_string(actual) +
                     " entries, expected " + std::to_string(expected));
}

void require_at_least(const char* primitive, const char* argument, std::size_t actual, std::size_t minimum) {
  if (actual < minimum)
    throw UsageError(std::string("cpu backend: ") + primitive + ": " + argument + " has " + std::to_string(actual) +
                     " entries, needs at least " + std::to_string(minimum));
}

void require_matrix_size(const char* primitive, const char* argument, std::size_t actual, std::size_t rows,
                         std::size_t width) {
  const bool matches = width == 0 ? actual == 0 : (actual % width == 0 && actual / width == rows);
  if (!matches)
    throw UsageError(std::string("cpu backend: ") + primitive + ": " + argument + " has " + std::to_string(actual) +
                     " entries, expected " + std::to_string(rows) + " rows x " + std::to_string(width));
}

void require_true(bool condition, const char* primitive, const char* reason) {
  if (!condition) throw UsageError(std::string("cpu backend: ") + primitive + ": " + reason);
}

}  // namespace graphrun::cpu
