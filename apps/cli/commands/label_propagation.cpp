#include "commands/commands.hpp"
#include "community_summary.hpp"
#include "options.hpp"

namespace graphrun::cli {

int run_label_propagation(const Arguments& args) {
  AlgorithmCommand command("lp", "FILE [options]   (LDBC Graphalytics CDLP)");
  LabelPropagationParams params;
  command.options().add_options()
    ("iterations", po::value(&params.max_iterations)->default_value(10), "number of synchronous rounds")
    ("until-stable", po::bool_switch(&params.stop_when_stable), "stop early when a round changes no label");
  if (!command.parse(args)) return 0;
  if (params.max_iterations < 0) throw UsageError("--iterations must be >= 0");

  const auto run = command.start(false);
  const auto result =
      run->timer.time("compute", [&] { return label_propagation(run->engine, *run->resident, params); });
  const OutputOptions& output = command.output();
  if (!output.output.empty())
    run->timer.time("write", [&] {
      io::write_vertex_values(output.output, run->graph.ids(), std::span<const vertex_t>(result.label), true);
    });

  JsonObject summary = run_summary("lp", run->graph, run->engine, run->timer);
  std::vector<std::string> lines = {headline("lp", run->graph, run->engine),
                                    "rounds: " + std::to_string(result.iterations) +
                                        ", labels changed in the last round: " + std::to_string(result.last_changes)};
  summary.add("iterations", result.iterations).add("last_changes", static_cast<std::uint64_t>(result.last_changes));
  describe_communities(result.label, run->graph, output.top, "communities", summary, lines);
  append_notes_and_times(lines, run->engine, run->timer);
  print_summary(summary, lines, output.json);
  return 0;
}

}  // namespace graphrun::cli
