// PageRank: a fixed-iteration run (time per iteration, the steady-state cost)
// and a run to tolerance (time to a usable answer), each checked against the
// float64 host reference of the same definition and stopping rule.
//
// A whole run also pays for set-up (teleport vector, out-degree shares) and
// for copying the ranks to the host (67 MB at scale 24). The fixed run's
// per-iteration cost is therefore the marginal one, (T(M) - T(1)) / (M - 1)
// from one-iteration and M-iteration runs: what one more iteration costs,
// the quantity to compare with one SpMV. On a GPU, M iterations take at
// least marginal_run_ms (M at most max_marginal_iterations): with too few
// iterations the run-to-run spread of the set-up and copy outweighs the
// iterations themselves and the quotient is noise, while a GAP-size graph's
// iterations are long enough already. The run to tolerance reports that
// marginal cost plus what running to a tolerance adds per iteration
// (reading the residual back, iterations queued past convergence): the
// median of T_tol - T_fixed(K) over pairs of runs, a fixed run of the same
// K iterations (the same set-up and copy) and the run to tolerance taken in
// turn so that drift cancels, over K.
// Its note gives the ratio to the fixed row.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "reference/pagerank.hpp"
#include "suites/algorithm_timing.hpp"
#include "graphrun/algorithms/pagerank.hpp"

namespace graphrun::bench {
namespace {

constexpr int max_iterations_to_tolerance = 100;
constexpr int max_marginal_iterations = 200;
constexpr double marginal_run_ms = 1000.0;

// The median over repetitions of T(params) - T(fixed run of `iterations`).
double paired_difference_ms(const SuiteContext& context, EngineSession& session, const PageRankParams& params,
                            int iterations) {
  PageRankParams fixed = params;
  fixed.fixed_iterations = true;
  fixed.max_iterations = iterations;
  return median_paired_difference_ms(
      context, session, [&] { (void)pagerank(session.engine(), session.graph(), params); },
      [&] { (void)pagerank(session.engine(), session.graph(), fixed); });
}

PageRankResult measure(const SuiteContext& context, EngineSession& session, const PageRankParams& params,
                       ResultRow& row) {
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
  return result;
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
  const double iteration_ms = row.time_ms.median / row.iterations;
  const int long_enough = iteration_ms > 0.0 ? static_cast<int>(std::min<double>(std::ceil(marginal_run_ms / iteration_ms),
                                                                                 max_marginal_iterations))
                                             : max_marginal_iterations;
  const int iterations = on_gpu ? std::max(row.iterations, long_enough) : row.iterations;
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
  double fixed_iteration_ms = 0.0;
  context.record(context.new_row("pagerank-iteration", "auto"), [&](ResultRow& row) {
    measure(context, session, fixed, row);
    measure_marginal_iteration(context, session, fixed, row);
    fixed_iteration_ms = row.per_iteration_ms;
  });

  PageRankParams to_tolerance;
  to_tolerance.tolerance = context.options.pagerank_tolerance;
  to_tolerance.max_iterations = max_iterations_to_tolerance;
  const auto record_to_tolerance = [&](const char* operation, const PageRankParams& params) {
    context.record(context.new_row(operation, "auto"), [&](ResultRow& row) {
      const PageRankResult result = measure(context, session, params, row);
      row.note += "; " + std::to_string(result.queued_iterations) + " queued";
      if (result.iterations < 1 || fixed_iteration_ms <= 0.0) return;
      const double added = paired_difference_ms(context, session, params, result.iterations);
      row.per_iteration_ms = fixed_iteration_ms + added / result.iterations;
      row.note += "; ms/it = fixed ms/it + median(T - T_fixed(" + std::to_string(result.iterations) + ")) / " +
                  std::to_string(result.iterations);
      char ratio[48];
      std::snprintf(ratio, sizeof ratio, "; %.3fx a fixed iteration", row.per_iteration_ms / fixed_iteration_ms);
      row.note += ratio;
    });
  };
  record_to_tolerance("pagerank-tolerance", to_tolerance);
  // On a GPU, the same run with the residual read back after every
  // iteration: the host in the loop, which the device-side stop removes.
  if (session.backend().kind() != BackendKind::cpu) {
    PageRankParams read_each = to_tolerance;
    read_each.residual_check_interval = 1;
    record_to_tolerance("pagerank-tolerance-host", read_each);
  }
}

}  // namespace graphrun::bench
