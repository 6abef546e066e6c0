#include <map>

#include "engine/cli/commands/commands.hpp"
#include "engine/cli/options.hpp"
#include "engine/cli/community_summary.hpp"

namespace graphrun::cli {

int run_label_propagation(const Arguments& args) {
  GraphOptions graph_options;
  BackendChoice backend;
  OutputOptions output;
  LabelPropagationParams params;
  po::options_description options("lp options (LDBC Graphalytics CDLP)");
  po::positional_options_description positional;
  graph_options.add_to(options, positional);
  backend.add_to(options);
  output.add_to(options);
  options.add_options()
    ("iterations", po::value(&params.max_iterations)->default_value(10), "number of synchronous rounds")
    ("until-stable", po::bool_switch(&params.stop_when_stable), "stop early when a round changes no label");
  po::variables_map values;
  if (!parse_command_line("lp", "FILE [options]", args, options, positional, values)) return 0;
  if (params.max_iterations < 0) throw UsageError("--iterations must be >= 0");

  PhaseTimer timer;
  const Graph graph = graph_options.load(timer, false);
  Engine engine(backend.engine_options());
  const auto device_graph = timer.time("upload", [&] { return engine.upload(graph); });
  const auto result = timer.time("compute", [&] { return label_propagation(engine, *device_graph, params); });
  if (!output.output.empty())
    timer.time("write", [&] { io::write_vertex_values(output.output, graph.ids(), std::span<const vertex_t>(result.label), true); });

  JsonObject summary = run_summary("lp", graph, engine, timer);
  std::vector<std::string> lines = {headline("lp", graph, engine),
                                    "rounds: " + std::to_string(result.iterations) + ", labels changed in the last round: " +
                                        std::to_string(result.last_changes)};
  summary.add("iterations", result.iterations).add("last_changes", static_cast<std::uint64_t>(result.last_changes));
  describe_communities(result.label, graph, output.top, "communities", summary, lines);
  append_notes_and_times(lines, engine, timer);
  print_summary(summary, lines, output.json);
  return 0;
}

}  // namespace graphrun::cli
