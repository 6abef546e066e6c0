#pragma once
// Checks of primitive arguments: a wrong size or an overlap is the caller's
// mistake, reported as a UsageError naming the primitive, never a crash.
#include <cstddef>
#include <functional>
#include <span>

namespace graphrun::cpu {

void require_size(const char* primitive, const char* argument, std::size_t actual, std::size_t expected);
void require_at_least(const char* primitive, const char* argument, std::size_t actual, std::size_t minimum);
// `actual` == rows * width, the size of a row-major rows x width matrix
// (compared without forming the product, which could overflow).
void require_matrix_size(const char* primitive, const char* argument, std::size_t actual, std::size_t rows,
                         std::size_t width);
void require_true(bool condition, const char* primitive, const char* reason);

// Whether the byte ranges of two spans overlap.
template <class A, class B>
bool overlap(std::span<A> a, std::span<B> b) {
  if (a.empty() || b.empty()) return false;
  const auto* a_begin = reinterpret_cast<const unsigned char*>(a.data());
  const auto* b_begin = reinterpret_cast<const unsigned char*>(b.data());
  // std::less gives a total order even for pointers into different arrays.
  const std::less<const unsigned char*> before;
  return before(a_begin, b_begin + b.size_bytes()) && before(b_begin, a_begin + a.size_bytes());
}

}  // namespace graphrun::cpu
