#pragma once
// Whether two spans share bytes: the aliasing test behind every backend's
// argument checks (an output overlapping an input a kernel still reads would
// make the result depend on scheduling). One definition for the engine's
// shared checks and each backend's own.
#include <functional>
#include <span>

namespace graphrun::engine_detail {

template <class A, class B>
bool overlap(std::span<A> a, std::span<B> b) {
  if (a.empty() || b.empty()) return false;
  const auto* a_begin = reinterpret_cast<const unsigned char*>(a.data());
  const auto* b_begin = reinterpret_cast<const unsigned char*>(b.data());
  const std::less<const unsigned char*> before;  // a total order even across arrays
  return before(a_begin, b_begin + b.size_bytes()) && before(b_begin, a_begin + a.size_bytes());
}

}  // namespace graphrun::engine_detail
