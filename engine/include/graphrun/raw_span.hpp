#pragma once
// Type-erased vectors and scalars: how Backend's typed public primitives hand
// vectors of several element types to one protected virtual (backend.hpp).
// The public surface stays typed; a RawSpan keeps its element type, and
// as<T>() refuses any other, so a backend can never read a float vector as
// vertex ids. visit_element_type (primitive_dispatch.hpp) turns the tag back
// into a type for the backend's templated kernels.
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <type_traits>

#include "graphrun/types.hpp"

namespace graphrun {

// The element types of backend vectors that primitives take.
enum class ElementType : std::uint8_t { float32, float64, vertex, byte };

template <class T>
struct ElementTypeOf;
template <>
struct ElementTypeOf<float> : std::integral_constant<ElementType, ElementType::float32> {};
template <>
struct ElementTypeOf<double> : std::integral_constant<ElementType, ElementType::float64> {};
template <>
struct ElementTypeOf<vertex_t> : std::integral_constant<ElementType, ElementType::vertex> {};
template <>
struct ElementTypeOf<std::uint8_t> : std::integral_constant<ElementType, ElementType::byte> {};

template <class T>
inline constexpr ElementType element_type_of = ElementTypeOf<std::remove_const_t<T>>::value;

namespace raw_span_detail {
[[noreturn]] inline void wrong_type() {
  // A backend read a vector as another type than the public primitive gave
  // it: a bug in the backend, never the caller's.
  throw std::logic_error("RawSpan: element type does not match the vector's");
}
}  // namespace raw_span_detail

// A read-only vector in backend memory with its element type.
struct ConstRawSpan {
  const void* data = nullptr;
  std::size_t size = 0;
  ElementType type = ElementType::byte;

  ConstRawSpan() = default;
  template <class T>
  explicit ConstRawSpan(std::span<T> s) : data(s.data()), size(s.size()), type(element_type_of<T>) {}

  template <class T>
  std::span<const T> as() const {
    if (type != element_type_of<T> && size != 0) raw_span_detail::wrong_type();
    return {static_cast<const T*>(data), size};
  }
};

// A writable vector in backend memory with its element type.
struct RawSpan {
  void* data = nullptr;
  std::size_t size = 0;
  ElementType type = ElementType::byte;

  RawSpan() = default;
  template <class T>
    requires(!std::is_const_v<T>)
  explicit RawSpan(std::span<T> s) : data(s.data()), size(s.size()), type(element_type_of<T>) {}

  template <class T>
  std::span<T> as() const {
    if (type != element_type_of<T> && size != 0) raw_span_detail::wrong_type();
    return {static_cast<T*>(data), size};
  }
  operator ConstRawSpan() const {
    ConstRawSpan view;
    view.data = data;
    view.size = size;
    view.type = type;
    return view;
  }
};

// One value of an element type (fill's value).
struct Scalar {
  ElementType type = ElementType::byte;
  union {
    float float32;
    double float64;
    vertex_t vertex;
    std::uint8_t byte;
  } value{};

  template <class T>
  static Scalar of(T v) {
    Scalar s;
    s.type = element_type_of<T>;
    if constexpr (std::is_same_v<T, float>) s.value.float32 = v;
    else if constexpr (std::is_same_v<T, double>) s.value.float64 = v;
    else if constexpr (std::is_same_v<T, vertex_t>) s.value.vertex = v;
    else s.value.byte = v;
    return s;
  }
  template <class T>
  T as() const {
    if (type != element_type_of<T>) raw_span_detail::wrong_type();
    if constexpr (std::is_same_v<T, float>) return value.float32;
    else if constexpr (std::is_same_v<T, double>) return value.float64;
    else if constexpr (std::is_same_v<T, vertex_t>) return value.vertex;
    else return value.byte;
  }
};

}  // namespace graphrun
