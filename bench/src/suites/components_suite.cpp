// Label propagation (CDLP: fixed rounds, and until stable within the same
// cap) and weakly connected components: time per run and per round, labels
// compared exactly with the host reference. Both are timed with their labels
// left in backend memory (like bfs): the copy to the host costs several
// label propagation rounds on a GPU, and its run-to-run spread alone would
// swamp the per-round cost.
#include <cstdio>
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
  LabelPropagationParams fixed;
  fixed.max_iterations = context.options.label_propagation_rounds;
  fixed.stop_when_stable = false;  // LDBC: a fixed number of rounds
  const auto run = [&session](const LabelPropagationParams& params) {
    return [&session, params] { (void)label_propagation_on_device(session.engine(), session.graph(), params); };
  };
  double fixed_round_ms = 0.0;
  context.record(context.new_row("lp", "auto"), [&](ResultRow& row) {
    const auto result = time_rounds(context, session, row, [&] {
      return label_propagation_on_device(session.engine(), session.graph(), fixed);
    });
    row.check = exact_match(result->label.to_host(), context.reference.label_propagation(fixed.max_iterations),
                            "labels");
    row.note = "labels in backend memory (host copy not timed)";
    fixed_round_ms = row.per_iteration_ms;
  });

  // Until stable, capped at the same rounds: ms/round is the fixed row's
  // plus what stopping adds per round (the change counts, their reads,
  // rounds queued past the stable one), median(T - T_fixed(K)) / K over
  // pairs of runs taken in turn.
  const auto record_until_stable = [&](const char* operation, const LabelPropagationParams& params) {
    context.record(context.new_row(operation, "auto"), [&](ResultRow& row) {
      const auto result = time_rounds(context, session, row, [&] {
        return label_propagation_on_device(session.engine(), session.graph(), params);
      });
      row.check = exact_match(result->label.to_host(), context.reference.label_propagation(result->iterations),
                              "labels");
      row.note = std::to_string(result->queued_iterations) + " queued; " +
                 (result->last_changes == 0 ? "stable" : "not stable within the cap");
      if (result->iterations < 1 || fixed_round_ms <= 0.0) return;
      LabelPropagationParams same_rounds = fixed;
      same_rounds.max_iterations = result->iterations;
      const double added = median_paired_difference_ms(context, session, run(params), run(same_rounds));
      row.per_iteration_ms = fixed_round_ms + added / result->iterations;
      char ratio[112];
      std::snprintf(ratio, sizeof ratio, "; ms/round = fixed ms/round + median(T - T_fixed(%d)) / %d; %.3fx a fixed round",
                    result->iterations, result->iterations, row.per_iteration_ms / fixed_round_ms);
      row.note += ratio;
    });
  };
  LabelPropagationParams until_stable = fixed;
  until_stable.stop_when_stable = true;
  record_until_stable("lp-stable", until_stable);
  // On a GPU, the same run reading the change count after every round.
  if (session.backend().kind() != BackendKind::cpu) {
    LabelPropagationParams read_each = until_stable;
    read_each.stable_check_interval = 1;
    record_until_stable("lp-stable-host", read_each);
  }
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
