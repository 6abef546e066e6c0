// TriangularKernels' public calls: the checks every backend shares, then its
// do_ virtuals.
#include "graphrun/algorithms/kernels/triangular_kernels.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "kernels/family_access.hpp"
#include "graphrun/internal/primitive_checks.hpp"

namespace graphrun {
namespace {

constexpr std::array<std::pair<TrsvMethod, const char*>, 6> method_names = {{
    {TrsvMethod::automatic, "auto"},
    {TrsvMethod::sequential, "sequential"},
    {TrsvMethod::level_set, "level-set"},
    {TrsvMethod::sync_free, "sync-free"},
    {TrsvMethod::recursive_block, "recursive-block"},
    {TrsvMethod::library, "library"},
}};

// The analysis' precision must be the solve's.
template <class T>
void require_precision(const TrsvAnalysis& analysis, TrsvPrecision precision) {
  engine_detail::require(analysis.precision() == precision, "solve_lower",
                         std::is_same_v<T, double> ? "the analysis was made for float vectors"
                                                   : "the analysis was made for double vectors");
}

}  // namespace

std::string to_string(TrsvMethod method) {
  for (const auto& [value, name] : method_names)
    if (value == method) return name;
  return "unknown";
}

TrsvMethod parse_trsv_method(const std::string& name) {
  std::string known;
  for (const auto& [value, text] : method_names) {
    if (name == text) return value;
    known += std::string(known.empty() ? "" : ", ") + text;
  }
  throw UsageError("unknown triangular solve method '" + name + "' (expected " + known + ")");
}

std::unique_ptr<TrsvAnalysis> TriangularKernels::analyse_lower(const DeviceGraph& lower, TrsvMethod method,
                                                               TrsvPrecision precision) {
  engine_detail::require(lower.directed(), "analyse_lower",
                         "L must be a directed graph of the lower triangle (lower_triangle() makes one)");
  const std::vector<TrsvMethod> runs = do_methods();
  if (method != TrsvMethod::automatic && std::find(runs.begin(), runs.end(), method) == runs.end()) {
    std::string known;
    for (const TrsvMethod m : runs) known += std::string(known.empty() ? "" : ", ") + to_string(m);
    throw UsageError("this backend does not run the '" + to_string(method) + "' triangular solve (it runs auto, " +
                     known + ")");
  }
  return do_analyse_lower(lower, method, precision);
}

void TriangularKernels::solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const double> b,
                                    std::span<double> x) {
  const auto n = static_cast<std::size_t>(lower.num_vertices());
  engine_detail::require_size("solve_lower", "b", b.size(), n);
  engine_detail::require_size("solve_lower", "x", x.size(), n);
  require_precision<double>(analysis, TrsvPrecision::double_precision);
  if (n != 0) do_solve_lower(lower, analysis, b, x);
}

void TriangularKernels::solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const float> b,
                                    std::span<float> x) {
  const auto n = static_cast<std::size_t>(lower.num_vertices());
  engine_detail::require_size("solve_lower", "b", b.size(), n);
  engine_detail::require_size("solve_lower", "x", x.size(), n);
  require_precision<float>(analysis, TrsvPrecision::single);
  if (n != 0) do_solve_lower(lower, analysis, b, x);
}

TriangularKernels& triangular_kernels(Backend& backend) {
  return algorithms_detail::kernel_family<TriangularKernels>(backend, "triangular solve");
}

}  // namespace graphrun
