#include "engine/cli/commands/commands.hpp"
#include "engine/cli/community_summary.hpp"
#include "engine/cli/options.hpp"

namespace graphrun::cli {

int run_wcc(const Arguments& args) {
  GraphOptions graph_options;
  BackendChoice backend;
  OutputOptions output;
  po::options_description options("wcc options");
  po::positional_options_description positional;
  graph_options.add_to(options, positional);
  backend.add_to(options);
  output.add_to(options);
  po::variables_map values;
  if (!parse_command_line("wcc", "FILE [options]", args, options, positional, values)) return 0;

  PhaseTimer timer;
  const Graph graph = graph_options.load(timer, false);
  Engine engine(backend.engine_options());
  const auto device_graph = timer.time("upload", [&] { return engine.upload(graph); });
  const auto result = timer.time("compute", [&] { return weakly_connected_components(engine, *device_graph); });
  if (!output.output.empty())
    timer.time("write", [&] { io::write_vertex_values(output.output, graph.ids(), std::span<const vertex_t>(result.component), true); });

  JsonObject summary = run_summary("wcc", graph, engine, timer);
  std::vector<std::string> lines = {headline("wcc", graph, engine),
                                    "rounds: " + std::to_string(result.iterations)};
  summary.add("iterations", result.iterations);
  describe_communities(result.component, graph, output.top, "components", summary, lines);
  append_notes_and_times(lines, engine, timer);
  print_summary(summary, lines, output.json);
  return 0;
}

}  // namespace graphrun::cli
