#pragma once
// The typed dispatch the backends use inside Backend's type-erased virtuals
// (backend.hpp): a SemiringId or ElementType tag becomes a type again, so a
// backend writes one templated body per primitive instead of one override
// per semiring or element type.
#include <cstdint>
#include <type_traits>

#include "graphrun/raw_span.hpp"
#include "graphrun/semiring.hpp"

namespace graphrun {

// Calls f(Semiring{}) with the semiring `id` names.
template <class F>
decltype(auto) visit_semiring(SemiringId id, F&& f) {
  switch (id) {
    case SemiringId::plus_times_float: return f(PlusTimes<float>{});
    case SemiringId::plus_times_double: return f(PlusTimes<double>{});
    case SemiringId::min_plus: return f(MinPlus{});
    case SemiringId::or_and: return f(OrAnd{});
    case SemiringId::min_second: break;
  }
  return f(MinSecond{});
}

// "plus-times, float", "min-plus", ...: SemiringOf<S>::name of the semiring `id` names.
inline const char* semiring_name(SemiringId id) {
  return visit_semiring(id, []<class Semiring>(Semiring) { return SemiringOf<Semiring>::name; });
}

// Calls f(std::type_identity<T>{}) with the element type `type` names.
template <class F>
decltype(auto) visit_element_type(ElementType type, F&& f) {
  switch (type) {
    case ElementType::float32: return f(std::type_identity<float>{});
    case ElementType::float64: return f(std::type_identity<double>{});
    case ElementType::vertex: return f(std::type_identity<vertex_t>{});
    case ElementType::byte: break;
  }
  return f(std::type_identity<std::uint8_t>{});
}

}  // namespace graphrun
