#pragma once
// The argument checks of the primitive interfaces, in one place: Backend's
// public primitives (backend.cpp) and the algorithm kernel interfaces
// (algorithms/src/kernels/) call them once, before any backend runs, so all
// backends refuse exactly the same calls with the same messages. A wrong size
// or an overlap is the caller's mistake: a UsageError naming the primitive
// and the argument, never a crash.
#include <cstddef>
#include <span>
#include <string>

#include "graphrun/internal/span_overlap.hpp"
#include "graphrun/semiring.hpp"

namespace graphrun::engine_detail {

// UsageError "primitive: reason" unless condition holds.
void require(bool condition, const char* primitive, const std::string& reason);
void require_size(const char* primitive, const char* argument, std::size_t actual, std::size_t expected);
void require_at_least(const char* primitive, const char* argument, std::size_t actual, std::size_t minimum);
// `actual` == rows * width, the size of a row-major rows x width matrix
// (compared without forming the product, which could overflow).
void require_matrix_size(const char* primitive, const char* argument, std::size_t actual, std::size_t rows,
                         std::size_t width);
// Edges::both names two adjacencies: only label_mode (and the cpu backend's
// degree counts) accept it.
void require_single_adjacency(const char* primitive, Edges edges);
// A mask or accumulation where the primitive takes neither.
void require_plain_descriptor(const char* primitive, const SpmvDescriptor& d);

// UsageError "primitive: reason" when output shares bytes with input.
template <class A, class B>
void require_disjoint(const char* primitive, std::span<A> output, std::span<B> input, const char* reason) {
  require(!overlap(output, input), primitive, reason);
}

}  // namespace graphrun::engine_detail
