// CpuBackend: the lower triangular solve (triangular_solve.cpp; the kernel
// family checked the arguments).
#include "cpu/cpu_backend.hpp"
#include "cpu/cpu_graph.hpp"
#include "cpu/triangular_solve.hpp"

namespace graphrun::cpu {

std::vector<TrsvMethod> CpuBackend::do_methods() const { return {TrsvMethod::sequential, TrsvMethod::level_set}; }

std::unique_ptr<TrsvAnalysis> CpuBackend::do_analyse_lower(const DeviceGraph& lower, TrsvMethod method,
                                                           TrsvPrecision precision) {
  return cpu::analyse_lower(as_cpu_graph(lower), method, precision, threads_);
}

void CpuBackend::do_solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const double> b,
                                std::span<double> x) {
  cpu::solve_lower(as_cpu_graph(lower), analysis_of<CpuTrsvAnalysis>(analysis), b, x, threads_);
}

void CpuBackend::do_solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const float> b,
                                std::span<float> x) {
  cpu::solve_lower(as_cpu_graph(lower), analysis_of<CpuTrsvAnalysis>(analysis), b, x, threads_);
}

}  // namespace graphrun::cpu
