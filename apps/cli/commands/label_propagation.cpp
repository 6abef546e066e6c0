#include "commands/commands.hpp"
#include "community_summary.hpp"
#include "options.hpp"
#include "processes.hpp"
#include "run_algorithms.hpp"

namespace graphrun::cli {
namespace {
// Rounds --until-stable runs at most when --iterations is not given.
constexpr int until_stable_cap = 10000;
}  // namespace

int run_label_propagation(const Arguments& args) {
  AlgorithmCommand command("lp", "FILE [options]   (LDBC Graphalytics CDLP)");
  LabelPropagationParams params;
  const std::string until_stable_help =
      "number of synchronous rounds (with --until-stable: the cap, default " + std::to_string(until_stable_cap) + ")";
  command.options().add_options()
    ("iterations", po::value(&params.max_iterations)->default_value(10),
     until_stable_help.c_str())
    ("until-stable", po::bool_switch(&params.stop_when_stable), "run until a round changes no label");
  po::variables_map values;
  if (!command.parse(args, values)) return 0;
  if (params.max_iterations < 0) throw UsageError("--iterations must be >= 0");
  // --until-stable without an explicit --iterations is capped only by
  // until_stable_cap: synchronous rounds can oscillate forever (a label
  // swapped back and forth), so some cap must stop them.
  if (params.stop_when_stable && values["iterations"].defaulted()) params.max_iterations = until_stable_cap;

  command.plan_workspace([](const Graph& graph) { return label_propagation_workspace(graph.num_vertices()); });
  auto* const run = &command.start(Weights::ignored);
  const auto result =
      run->timer.time("compute", [&] { return compute_label_propagation(*run, params); });
  if (!root_process()) return 0;
  const OutputOptions& output = command.output();
  if (!output.output.empty())
    run->timer.time("write", [&] {
      io::write_vertex_ids(output.output, run->graph.ids(), result.label, "label");
    });

  JsonObject summary = run_summary("lp", *run);
  std::vector<std::string> lines = {headline("lp", run->graph, run->engine),
                                    "rounds: " + std::to_string(result.iterations) +
                                        ", labels changed in the last round: " + std::to_string(result.last_changes)};
  const bool converged = result.last_changes == 0 && result.iterations > 0;
  summary.add("iterations", result.iterations)
      .add("last_changes", static_cast<std::uint64_t>(result.last_changes))
      .add("queued_iterations", result.queued_iterations)
      .add("converged", converged);
  if (params.stop_when_stable && !converged)
    lines.push_back("note: not stable after " + std::to_string(result.iterations) + " rounds");
  describe_communities(result.label, run->graph, output.top, "communities", summary, lines);
  append_notes(summary, lines, run->engine);
  print_summary(summary, lines, &run->timer);
  return 0;
}

}  // namespace graphrun::cli
