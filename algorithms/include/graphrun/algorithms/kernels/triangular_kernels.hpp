#pragma once
// The kernels of the sparse lower triangular solve L x = b
// (algorithms/src/triangular_solve.cpp): an analysis of L, done once, then
// any number of solves. A backend that runs them derives from
// TriangularKernels beside Backend (kernels/); the algorithm reaches it
// through triangular_kernels(backend).
//
// Non-virtual interface, as Backend's: the public calls check their
// arguments once for every backend (algorithms/src/kernels/
// triangular_kernels.cpp) and call the protected do_ virtuals.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "graphrun/backend.hpp"
#include "graphrun/error.hpp"

namespace graphrun {

// How the rows are scheduled. Each backend runs the ones it names in
// TriangularKernels::methods(); `automatic` lets it choose.
enum class TrsvMethod : std::uint8_t {
  automatic,
  sequential,       // row after row (cpu)
  level_set,        // rows grouped by dependency depth, a parallel pass per level
  sync_free,        // a warp per row waits on the rows it reads (Liu et al. 2016)
  recursive_block,  // halves: solve the top, SpMV-update the bottom, recurse (Lu et al. 2020)
  library,          // the vendor's solver (cuSPARSE SpSV)
};
std::string to_string(TrsvMethod method);
// "auto", "sequential", "level-set", "sync-free", "recursive-block",
// "library"; UsageError otherwise.
TrsvMethod parse_trsv_method(const std::string& name);

enum class TrsvPrecision : std::uint8_t { single, double_precision };

// A backend's analysis of one L: owned by the caller, used by solve_lower.
class TrsvAnalysis {
 public:
  TrsvAnalysis(TrsvMethod method, TrsvPrecision precision, std::size_t levels)
      : method_(method), precision_(precision), levels_(levels) {}
  virtual ~TrsvAnalysis() = default;
  TrsvMethod method() const { return method_; }  // as chosen: never automatic
  TrsvPrecision precision() const { return precision_; }
  std::size_t levels() const { return levels_; }  // dependency levels; 0 where not computed

 private:
  TrsvMethod method_;
  TrsvPrecision precision_;
  std::size_t levels_;
};

// The backend's own analysis type behind `analysis`, for its solves;
// UsageError when another backend made it.
template <class Own>
const Own& analysis_of(const TrsvAnalysis& analysis) {
  const auto* own = dynamic_cast<const Own*>(&analysis);
  if (own == nullptr) throw UsageError("solve_lower: the analysis was made by another backend");
  return *own;
}

class TriangularKernels {
 public:
  virtual ~TriangularKernels() = default;

  // The methods this backend runs besides automatic.
  std::vector<TrsvMethod> methods() const { return do_methods(); }

  // Analyses L for `method` and `precision`. `lower` must be a directed
  // graph whose row i holds columns <= i and ends with a non-zero diagonal
  // entry, as lower_triangle() makes it; a backend may check that and raise
  // UsageError. A method the backend does not run is a UsageError.
  std::unique_ptr<TrsvAnalysis> analyse_lower(const DeviceGraph& lower, TrsvMethod method, TrsvPrecision precision);

  // x = L^-1 b, with the L and precision of the analysis (b, x: backend
  // memory, num_vertices entries; double or float as analysed).
  void solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const double> b,
                   std::span<double> x);
  void solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const float> b,
                   std::span<float> x);

 protected:
  virtual std::vector<TrsvMethod> do_methods() const = 0;
  // Called with a method of do_methods() or automatic.
  virtual std::unique_ptr<TrsvAnalysis> do_analyse_lower(const DeviceGraph& lower, TrsvMethod method,
                                                         TrsvPrecision precision) = 0;
  // Called with checked sizes and the analysis' precision.
  virtual void do_solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const double> b,
                              std::span<double> x) = 0;
  virtual void do_solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const float> b,
                              std::span<float> x) = 0;
};

// The triangular kernels of `backend`; UsageError when it has none.
TriangularKernels& triangular_kernels(Backend& backend);

}  // namespace graphrun
