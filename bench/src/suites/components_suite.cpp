// Label propagation (CDLP, fixed rounds) and weakly connected components:
// time per run and per round, labels compared exactly with the host reference.
#include <optional>

#include "bench/src/check.hpp"
#include "bench/src/suites/algorithm_timing.hpp"
#include "graphrun/algorithms/label_propagation.hpp"
#include "graphrun/algorithms/wcc.hpp"

namespace graphrun::bench {

void run_label_propagation_suite(const SuiteContext& context, EngineSession& session) {
  context.record(context.new_row("lp", "auto"), [&](ResultRow& row) {
    LabelPropagationParams params;
    params.max_iterations = context.options.label_propagation_rounds;
    params.stop_when_stable = false;  // LDBC: a fixed number of rounds
    LabelPropagationResult result;
    time_algorithm(context, session, row, [&] { result = label_propagation(session.engine(), session.graph(), params); });
    row.iterations = result.iterations;
    if (result.iterations > 0) row.per_iteration_ms = row.time_ms.median / result.iterations;
    row.check = exact_match(result.label, context.reference.label_propagation(params.max_iterations), "labels");
  });
}

void run_wcc_suite(const SuiteContext& context, EngineSession& session) {
  context.record(context.new_row("wcc", "auto"), [&](ResultRow& row) {
    // Timed with the labels in backend memory (like bfs); the copy to the
    // host for the check is not timed.
    std::optional<WccDeviceResult> result;
    time_algorithm(context, session, row, [&] {
      result.reset();
      result = weakly_connected_components_on_device(session.engine(), session.graph());
    });
    row.iterations = result->iterations;
    if (result->iterations > 0) row.per_iteration_ms = row.time_ms.median / result->iterations;
    row.check = exact_match(result->component.to_host(), context.reference.wcc(), "components");
    row.note = std::to_string(result->num_components) + " components; labels in backend memory (host copy not timed); iterations = link passes";
  });
}

}  // namespace graphrun::bench
