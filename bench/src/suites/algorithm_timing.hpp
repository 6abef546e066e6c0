#pragma once
// Whole-algorithm timing shared by the algorithm suites. A run includes
// returning the result vectors to the host: the algorithm interface returns
// host vectors, exactly what a user of graphrun gets.
#include <functional>
#include <vector>

#include "suites/suite_context.hpp"

namespace graphrun::bench {

// Fills upload_ms, first_call_ms (the first run, which may build formats)
// and time_ms (the repetitions, cache flushed before each).
inline void time_algorithm(const SuiteContext& context, EngineSession& session, ResultRow& row,
                           const std::function<void()>& run) {
  row.upload_ms = session.upload_ms();
  row.first_call_ms = wall_milliseconds(session.backend(), run);
  row.time_ms = time_repeated(session.backend(), run, session.flusher(), context.plan());
}

// The median over the plan's repetitions of T(run) - T(baseline), each pair
// timed back to back (run warmed up first), so drift between repetitions
// cancels: what `run` adds to a baseline of the same work, where the two
// whole runs differ by less than their run-to-run spread.
inline double median_paired_difference_ms(const SuiteContext& context, EngineSession& session,
                                          const std::function<void()>& run, const std::function<void()>& baseline) {
  const RepetitionPlan one{.warmup = 0, .repetitions = 1};
  time_repeated(session.backend(), run, session.flusher(), {.warmup = context.plan().warmup, .repetitions = 1});
  std::vector<double> differences;
  for (int rep = 0; rep < context.plan().repetitions; ++rep) {
    const double base = time_repeated(session.backend(), baseline, session.flusher(), one).median;
    differences.push_back(time_repeated(session.backend(), run, session.flusher(), one).median - base);
  }
  return summarize(differences).median;
}

}  // namespace graphrun::bench
