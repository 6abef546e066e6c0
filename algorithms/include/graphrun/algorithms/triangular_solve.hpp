#pragma once
// Sparse lower triangular solve L x = b (forward substitution), with L the
// lower triangle of a matrix, diagonal included (lower_triangle() builds it
// on the host and refuses a missing or zero diagonal entry). The analysis
// runs once, when a TriangularSolver is made; each solve reuses it.
//
// The matrix's values are graphrun's float weights: in double precision the
// vectors and sums are double, the entries of L the floats as stored.
#include <span>
#include <vector>

#include "graphrun/algorithms/kernels/triangular_kernels.hpp"
#include "graphrun/engine.hpp"
#include "graphrun/lower_triangle.hpp"

namespace graphrun {

struct TrsvParams {
  TrsvMethod method = TrsvMethod::automatic;
  TrsvPrecision precision = TrsvPrecision::double_precision;
};

class TriangularSolver {
 public:
  // Analyses `lower` (uploaded, from lower_triangle()). It must outlive the
  // solver.
  TriangularSolver(Engine& engine, const DeviceGraph& lower, const TrsvParams& params);

  // x with L x = b: b from the host (num_vertices entries, UsageError
  // otherwise), x to the host. In single precision b is rounded to float
  // and x widened back.
  std::vector<double> solve(std::span<const double> b);

  TrsvMethod method() const { return analysis_->method(); }
  std::size_t levels() const { return analysis_->levels(); }
  TrsvPrecision precision() const { return analysis_->precision(); }

 private:
  Engine& engine_;
  const DeviceGraph& lower_;
  std::unique_ptr<TrsvAnalysis> analysis_;
};

// ||L x - b||_2 / ||b||_2 in double on the host (||L x - b||_2 when b = 0),
// with L as lower_triangle() made it.
double triangular_residual(const Graph& lower, std::span<const double> x, std::span<const double> b);

}  // namespace graphrun
