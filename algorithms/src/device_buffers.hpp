#pragma once
// Small helpers the algorithm files share: buffers in the backend's memory and
// argument checks. Internal to graphrun_algorithms (not installed).
#include <cstddef>
#include <span>
#include <string>

#include "graphrun/backend.hpp"
#include "graphrun/error.hpp"

namespace graphrun::algorithms_detail {

// An uninitialised vector of `size` elements in the backend's memory.
template <class T>
DeviceVector<T> make_buffer(Backend& backend, std::size_t size) {
  return DeviceVector<T>(backend.memory(), size);
}

// Whole-buffer copy that stays inside backend memory (no trip to the host).
template <class T>
void copy_buffer(Backend& backend, std::span<const T> from, std::span<T> to) {
  if (from.size() != to.size()) throw std::length_error("copy_buffer: size mismatch");
  if (!from.empty())
    backend.memory().copy(to.data(), from.data(), from.size() * sizeof(T), CopyKind::backend_to_backend);
}
template <class T>
void copy_buffer(Backend& backend, const DeviceVector<T>& from, DeviceVector<T>& to) {
  copy_buffer(backend, from.span(), to.span());
}

// One element of a backend vector as a span, so a primitive such as fill() can
// set it (the BFS source's level, for example) without a host round trip.
template <class T>
std::span<T> element(DeviceVector<T>& vector, std::size_t index) {
  return vector.span().subspan(index, 1);
}

// The first `count` elements: the occupied part of a frontier buffer.
template <class T>
std::span<const T> prefix(const DeviceVector<T>& vector, std::size_t count) {
  return vector.span().first(count);
}

// API misuse (a parameter out of range) is a UsageError naming the algorithm.
inline void require(bool condition, const std::string& message) {
  if (!condition) throw UsageError(message);
}

}  // namespace graphrun::algorithms_detail
