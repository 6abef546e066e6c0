#pragma once
// SpMV entry of the cpu backend: runs the chosen kernel on the descriptor's
// adjacency. Instantiated in spmv.cpp for the semirings of semiring.hpp.
#include "graphrun/semiring.hpp"
#include "cpu/cpu_graph.hpp"
#include "cpu/spmv_kernel.hpp"

namespace graphrun::cpu {

// Arguments are checked by the caller (sizes, d.edges != both).
template <class Semiring>
void spmv(SpmvKernel kernel, const CpuGraph& a, const SpmvDescriptor& d, const typename Semiring::value_type* x,
          typename Semiring::value_type* y, int threads);

}  // namespace graphrun::cpu
