// Label propagation (CDLP, fixed rounds) and weakly connected components:
// time per run and per round, labels compared exactly with the host
// reference. Both are timed with their labels left in backend memory (like
// bfs): the copy to the host costs several label propagation rounds on a
// GPU, and its run-to-run spread alone would swamp the per-round cost.
#include <optional>
#include <string>

#include "check.hpp"
#include "suites/algorithm_timing.hpp"
#include "graphrun/algorithms/label_propagation.hpp"
#include "graphrun/algorithms/wcc.hpp"

namespace graphrun::bench {
namespace {

// Times `run` (an algorithm whose result keeps its labels in backend memory:
// the previous result is freed before each run) and fills the per-round
// cost; returns the last run's result for the check.
template <class Run>
auto time_rounds(const SuiteContext& context, EngineSession& session, ResultRow& row, Run run) {
  std::optional<decltype(run())> result;
  time_algorithm(context, session, row, [&] {
    result.reset();
    result = run();
  });
  row.iterations = result->iterations;
  if (result->iterations > 0) row.per_iteration_ms = row.time_ms.median / result->iterations;
  return result;
}

}  // namespace

void run_label_propagation_suite(const SuiteContext& context, EngineSession& session) {
  context.record(context.new_row("lp", "auto"), [&](ResultRow& row) {
    LabelPropagationParams params;
    params.max_iterations = context.options.label_propagation_rounds;
    params.stop_when_stable = false;  // LDBC: a fixed number of rounds
    const auto result = time_rounds(context, session, row, [&] {
      return label_propagation_on_device(session.engine(), session.graph(), params);
    });
    row.check = exact_match(result->label.to_host(), context.reference.label_propagation(params.max_iterations),
                            "labels");
    row.note = "labels in backend memory (host copy not timed)";
  });
}

void run_wcc_suite(const SuiteContext& context, EngineSession& session) {
  context.record(context.new_row("wcc", "auto"), [&](ResultRow& row) {
    const auto result = time_rounds(context, session, row, [&] {
      return weakly_connected_components_on_device(session.engine(), session.graph());
    });
    row.check = exact_match(result->component.to_host(), context.reference.wcc(), "components");
    row.note = std::to_string(result->num_components) + " components; labels in backend memory (host copy not timed); iterations = link passes";
  });
}

}  // namespace graphrun::bench
