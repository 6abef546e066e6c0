#pragma once
// The lower triangular solve on the host (contract: TriangularKernels in
// graphrun/algorithms/kernels/triangular_kernels.hpp). Each row sums its
// off-diagonal entries in row order, so the sequential and level-set
// methods give the same bits for every thread count.
#include <memory>
#include <span>
#include <vector>

#include "graphrun/algorithms/kernels/triangular_kernels.hpp"
#include "cpu/cpu_graph.hpp"

namespace graphrun::cpu {

class CpuTrsvAnalysis final : public TrsvAnalysis {
 public:
  using TrsvAnalysis::TrsvAnalysis;
  std::vector<vertex_t> order;        // rows by level, ascending within a level
  std::vector<std::size_t> starts;    // level l is order[starts[l], starts[l + 1])
};

// Checks L's shape (UsageError naming the first bad row), finds the levels
// and picks the method: level_set when levels hold enough rows for the
// threads, else sequential.
std::unique_ptr<CpuTrsvAnalysis> analyse_lower(const CpuGraph& lower, TrsvMethod method, TrsvPrecision precision,
                                               int threads);

template <class T>
void solve_lower(const CpuGraph& lower, const CpuTrsvAnalysis& analysis, std::span<const T> b, std::span<T> x,
                 int threads);

}  // namespace graphrun::cpu
