// The lower triangular solve, a row per method the backend runs (cpu:
// sequential, level-set; cuda: level-set, sync-free, recursive-block;
// cusparse: cuSPARSE SpSV), in double precision, b = 1. The matrix is the
// graph's own lower triangle when its diagonal is whole, else the lower
// triangle of its Laplacian (generators/solve_matrices.hpp). first_call_ms
// is the analysis; the timed work is one solve between vectors already in
// backend memory. x must equal the host's forward substitution
// (reference/triangular.hpp) to 1e-9 of the largest |x|.
#include <algorithm>
#include <cmath>
#include <memory>

#include "check.hpp"
#include "reference/triangular.hpp"
#include "byte_model.hpp"
#include "suites/suite_context.hpp"
#include "graphrun/algorithms/triangular_solve.hpp"
#include "graphrun/generators/solve_matrices.hpp"

namespace graphrun::bench {
namespace {

constexpr double tolerance = 1e-9;  // of the largest |x|

}  // namespace

void run_trsv_suite(const SuiteContext& context, EngineSession& session) {
  const Graph lower = generators::solvable_lower(context.graph());
  const auto n = static_cast<std::size_t>(lower.num_vertices());
  const std::vector<double> b(n, 1.0);
  const std::vector<double> expected = forward_substitution(lower, b);
  double largest = 0.0;
  for (const double value : expected) largest = std::max(largest, std::abs(value));
  Backend& backend = session.backend();
  std::unique_ptr<DeviceGraph> resident;
  const double upload_ms = wall_milliseconds(backend, [&] { resident = session.engine().upload(lower); });
  TriangularKernels& kernels = triangular_kernels(backend);
  for (const TrsvMethod method : kernels.methods()) {
    context.record(context.new_row("trsv", to_string(method)), [&](ResultRow& row) {
      row.upload_ms = upload_ms;
      std::unique_ptr<TrsvAnalysis> analysis;
      row.first_call_ms = wall_milliseconds(backend, [&] {
        analysis = kernels.analyse_lower(*resident, method, TrsvPrecision::double_precision);
      });
      DeviceVector<double> device_b(backend.memory(), std::span<const double>(b));
      DeviceVector<double> device_x(backend.memory(), n);
      const auto solve = [&] {
        kernels.solve_lower(*resident, *analysis, std::span<const double>(device_b.span()), device_x.span());
      };
      solve();
      row.time_ms = time_repeated(backend, solve, session.flusher(), context.plan());
      const std::vector<double> x = device_x.to_host();
      double error = 0.0;
      for (std::size_t i = 0; i < n; ++i) error = std::max(error, std::abs(x[i] - expected[i]));
      const double relative = largest == 0.0 ? error : error / largest;
      row.check = relative <= tolerance ? Check{true, relative, "max |x - ref| / max |ref|"}
                                        : failed("max |x - ref| / max |ref| = " + std::to_string(relative));
      // One pass over L and the two vectors; the reads of x through L are
      // not counted.
      row.bytes = static_cast<double>((n + 1) * sizeof(edge_t) + n * 2 * sizeof(double)) +
                  static_cast<double>(lower.num_entries()) * (sizeof(vertex_t) + sizeof(float));
      row.gbps = giga_per_second(row.bytes, row.time_ms.median);
      row.iterations = static_cast<int>(analysis->levels());
      row.note = "L: " + std::to_string(lower.num_entries()) + " entries, " + std::to_string(analysis->levels()) +
                 " levels; first call = analysis; double";
    });
  }
}

}  // namespace graphrun::bench
