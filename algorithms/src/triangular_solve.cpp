// Sparse lower triangular solve.
//
// Contract: triangular_solve.hpp.
//
// Maths. Row i of L x = b reads x_i = (b_i - sum_{j < i} L_ij x_j) / L_ii:
// row i needs every x_j of its row first. The level of row i is 0 when it
// reads nothing, else 1 + the largest level it reads; rows of one level are
// independent. The backends' methods differ only in how they wait:
// a pass per level, a wait per read (sync-free), or halves solved in turn
// with the bottom's reads of the top done as one SpMV (recursive block).
//
// Code. The analysis is the backend's; this file moves b and x between the
// host and the backend and, for single precision, rounds b to float.
#include "graphrun/algorithms/triangular_solve.hpp"

#include <cmath>
#include <string>

#include "device_buffers.hpp"

namespace graphrun {
namespace {

using algorithms_detail::require;

template <class T>
std::vector<double> solve_as(Backend& backend, const DeviceGraph& lower, const TrsvAnalysis& analysis,
                             std::span<const double> b) {
  const std::vector<T> rounded(b.begin(), b.end());
  DeviceVector<T> device_b(backend.memory(), std::span<const T>(rounded));
  DeviceVector<T> device_x(backend.memory(), rounded.size());
  triangular_kernels(backend).solve_lower(lower, analysis, std::span<const T>(device_b.span()), device_x.span());
  const std::vector<T> x = device_x.to_host();
  return {x.begin(), x.end()};
}

}  // namespace

TriangularSolver::TriangularSolver(Engine& engine, const DeviceGraph& lower, const TrsvParams& params)
    : engine_(engine),
      lower_(lower),
      analysis_(triangular_kernels(engine.backend()).analyse_lower(lower, params.method, params.precision)) {}

std::vector<double> TriangularSolver::solve(std::span<const double> b) {
  const auto n = static_cast<std::size_t>(lower_.num_vertices());
  require(b.size() == n, "trsv: b has " + std::to_string(b.size()) + " entries for " + std::to_string(n) + " rows");
  if (analysis_->precision() == TrsvPrecision::single) return solve_as<float>(engine_.backend(), lower_, *analysis_, b);
  return solve_as<double>(engine_.backend(), lower_, *analysis_, b);
}

double triangular_residual(const Graph& lower, std::span<const double> x, std::span<const double> b) {
  const Csr& rows = lower.out_edges();
  const vertex_t n = lower.num_vertices();
  require(x.size() == static_cast<std::size_t>(n) && b.size() == x.size(), "triangular_residual: sizes differ");
  double error = 0.0, norm = 0.0;
#pragma omp parallel for reduction(+ : error, norm) schedule(static)
  for (vertex_t i = 0; i < n; ++i) {
    double lx = 0.0;
    for (edge_t k = rows.offsets[i]; k < rows.offsets[i + 1]; ++k)
      lx += static_cast<double>(rows.value(k)) * x[static_cast<std::size_t>(rows.indices[k])];
    const double r = lx - b[static_cast<std::size_t>(i)];
    error += r * r;
    norm += b[static_cast<std::size_t>(i)] * b[static_cast<std::size_t>(i)];
  }
  return norm == 0.0 ? std::sqrt(error) : std::sqrt(error / norm);
}

}  // namespace graphrun
