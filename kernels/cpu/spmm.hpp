#pragma once
// SpMM of the cpu backend: Y = A X (plus-times), X and Y row-major n x width.
#include <cstddef>

#include "graphrun/semiring.hpp"
#include "cpu/cpu_graph.hpp"

namespace graphrun::cpu {

// Arguments are checked by the caller (sizes, no mask, no accumulate).
void spmm(const CpuGraph& a, const SpmvDescriptor& d, const float* x, float* y, std::size_t width, int threads);

}  // namespace graphrun::cpu
