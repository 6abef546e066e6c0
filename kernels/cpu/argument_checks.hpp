#pragma once
// Checks of primitive arguments: a wrong size or an overlap is the caller's
// mistake, reported as a UsageError naming the primitive, never a crash.
#include <cstddef>
#include <span>

#include "engine/src/span_overlap.hpp"

namespace graphrun::cpu {

void require_size(const char* primitive, const char* argument, std::size_t actual, std::size_t expected);
void require_at_least(const char* primitive, const char* argument, std::size_t actual, std::size_t minimum);
// `actual` == rows * width, the size of a row-major rows x width matrix
// (compared without forming the product, which could overflow).
void require_matrix_size(const char* primitive, const char* argument, std::size_t actual, std::size_t rows,
                         std::size_t width);
void require_true(bool condition, const char* primitive, const char* reason);

using engine_detail::overlap;  // whether two spans share bytes

}  // namespace graphrun::cpu
