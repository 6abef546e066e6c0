// PageRank: a fixed-iteration run (time per iteration, the steady-state cost)
// and a run to tolerance (time to a usable answer), each checked against the
// float64 host reference of the same definition and stopping rule.
//
// A whole run also pays for set-up (teleport vector, out-degree shares) and
// for copying the ranks to the host (67 MB at scale 24). The fixed run's
// per-iteration cost is therefore the marginal one, (T(M) - T(1)) / (M - 1)
// from one-iteration and M-iteration runs: what one more iteration costs,
// the quantity to compare with one SpMV. On a GPU, M is at least
// min_marginal_iterations: with too few iterations the run-to-run spread of
// the set-up and copy outweighs the iterations themselves and the quotient
// is noise.
#include <algorithm>

#include "reference/pagerank.hpp"
#include "suites/algorithm_timing.hpp"
#include "graphrun/algorithms/pagerank.hpp"

namespace graphrun::bench {
namespace {

constexpr int max_iterations_to_tolerance = 100;
constexpr int min_marginal_iterations = 200;

void measure(const SuiteContext& context, EngineSession& session, const PageRankParams& params, ResultRow& row) {
  PageRankResult result;
  time_algorithm(context, session, row,
                 [&] { result = pagerank(session.engine(), session.graph(), params); });
  row.iterations = result.iterations;
  if (result.iterations > 0) row.per_iteration_ms = row.time_ms.median / result.iterations;
  const PageRankReference& reference = context.reference.pagerank(params.damping, params.tolerance,
                                                                  params.max_iterations, params.fixed_iterations);
  row.check = l1_match(result.rank, reference.rank, pagerank_l1_tolerance);
  row.note = "reference iterations " + std::to_string(reference.iterations);
  if (!params.fixed_iterations && !result.converged) row.note += "; did not converge";
}

// Replaces the row's per-iteration time by the marginal cost of an iteration.
void measure_marginal_iteration(const SuiteContext& context, EngineSession& session, PageRankParams params,
                                ResultRow& row) {
  if (row.iterations < 2) return;
  const auto time_iterations = [&](int iterations) {
    params.max_iterations = iterations;
    ResultRow run = row;
    time_algorithm(context, session, run, [&] { (void)pagerank(session.engine(), session.graph(), params); });
    return run.time_ms.median;
  };
  // The cpu backend's iterations are long enough that N of them dwarf the
  // noise, and 200 would make its rows minutes long.
  const bool on_gpu = session.backend().kind() != BackendKind::cpu;
  const int iterations = on_gpu ? std::max(row.iterations, min_marginal_iterations) : row.iterations;
  const double many = iterations == row.iterations ? row.time_ms.median : time_iterations(iterations);
  const double one = time_iterations(1);
  row.per_iteration_ms = (many - one) / (iterations - 1);
  row.note += "; ms/it = (T(" + std::to_string(iterations) + ") - T(1)) / " + std::to_string(iterations - 1);
}

}  // namespace

void run_pagerank_suite(const SuiteContext& context, EngineSession& session) {
  PageRankParams fixed;
  fixed.fixed_iterations = true;
  fixed.max_iterations = context.options.pagerank_iterations;
  context.record(context.new_row("pagerank-iteration", "auto"), [&](ResultRow& row) {
    measure(context, session, fixed, row);
    measure_marginal_iteration(context, session, fixed, row);
  });

  PageRankParams to_tolerance;
  to_tolerance.tolerance = context.options.pagerank_tolerance;
  to_tolerance.max_iterations = max_iterations_to_tolerance;
  context.record(context.new_row("pagerank-tolerance", "auto"),
                 [&](ResultRow& row) { measure(context, session, to_tolerance, row); });
}

}  // namespace graphrun::bench
