// graphrun trsv: solves L x = b with L the lower triangle of the file's
// matrix, diagonal included; b is all ones unless --rhs names a .npy vector.
#include <algorithm>
#include <cmath>

#include "commands/commands.hpp"
#include "graphrun/algorithms/triangular_solve.hpp"
#include "graphrun/io/npy.hpp"
#include "options.hpp"
#include "top_vertices.hpp"

namespace graphrun::cli {
namespace {

TrsvPrecision parse_precision(const std::string& name) {
  if (name == "double") return TrsvPrecision::double_precision;
  if (name == "float") return TrsvPrecision::single;
  throw UsageError("--precision must be double or float (got '" + name + "')");
}

}  // namespace

int run_trsv(const Arguments& args) {
  AlgorithmCommand command("trsv", "FILE [--rhs b.npy] [--method M] [--precision double|float] [options]");
  std::string rhs, method, precision;
  command.options().add_options()
    ("rhs", po::value(&rhs), "right-hand side b: a .npy vector of float32 or float64, one entry per row (default: all ones)")
    ("method", po::value(&method)->default_value("auto"),
     "auto, or the backend's: cpu sequential or level-set; cuda level-set, sync-free or recursive-block; "
     "cusparse library (cuSPARSE SpSV)")
    ("precision", po::value(&precision)->default_value("double"),
     "double or float: the vectors' and sums' type (the matrix's entries are read as float)");
  if (!command.parse(args)) return 0;
  TrsvParams params;
  params.method = parse_trsv_method(method);
  params.precision = parse_precision(precision);
  if (command.reorder() != "none")
    throw UsageError("trsv takes no --reorder: relabelling rows and columns changes which entries are below the diagonal");
  std::vector<double> b;
  if (!rhs.empty()) b = io::read_npy_vector(rhs);  // before the (longer) matrix read
  auto* const run = &command.start(Weights::kept, {}, [&](const Graph& matrix) {
    return lower_triangle(matrix, command.file());
  });
  const Graph& lower = run->graph;
  const auto n = static_cast<std::size_t>(lower.num_vertices());
  if (rhs.empty()) b.assign(n, 1.0);
  else if (b.size() != n)
    throw InputError(rhs, 0, "the vector has " + std::to_string(b.size()) + " entries; the matrix has " +
                                 std::to_string(n) + " rows");
  TriangularSolver solver = run->timer.time("analysis", [&] { return TriangularSolver(run->engine, *run->resident, params); });
  const std::vector<double> x = run->timer.time("solve", [&] { return solver.solve(b); });
  const double residual = run->timer.time("residual", [&] { return triangular_residual(lower, x, b); });
  const OutputOptions& output = command.output();
  if (!output.output.empty())
    run->timer.time("write", [&] {
      if (solver.precision() == TrsvPrecision::double_precision) {
        io::write_vertex_values(output.output, lower.ids(), std::span<const double>(x), "x");
      } else {
        const std::vector<float> single(x.begin(), x.end());  // exact: the solve's floats, widened
        io::write_vertex_values(output.output, lower.ids(), std::span<const float>(single), "x");
      }
    });

  JsonObject summary = run_summary("trsv", *run);
  summary.add("method", to_string(solver.method()))
      .add("precision", precision)
      .add("levels", static_cast<std::uint64_t>(solver.levels()))
      .add("residual", residual);
  std::vector<std::string> lines = {
      headline("trsv", lower, run->engine) + " (L: the lower triangle, diagonal included)",
      "method " + to_string(solver.method()) + ", " + precision +
          (solver.levels() != 0 ? ", " + std::to_string(solver.levels()) + " levels" : std::string()) +
          "; residual ||Lx - b|| / ||b|| = " + std::to_string(residual)};
  const auto best = top_k<double>(x, output.top);
  lines.push_back("top " + std::to_string(best.size()) + " rows (row: x):");
  std::vector<JsonObject> top;
  for (const vertex_t v : best) {
    lines.push_back("  " + lower.ids().label(v) + ": " + std::to_string(x[static_cast<std::size_t>(v)]));
    top.push_back(JsonObject().add_vertex("id", lower.ids(), v).add("value", x[static_cast<std::size_t>(v)]));
  }
  summary.add("top", top);
  append_notes(summary, lines, run->engine);
  print_summary(summary, lines, &run->timer);
  return 0;
}

}  // namespace graphrun::cli
