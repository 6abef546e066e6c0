#include "engine/cli/commands/commands.hpp"
#include "engine/cli/options.hpp"

namespace graphrun::cli {

int run_bfs(const Arguments& args) {
  GraphOptions graph_options;
  BackendChoice backend;
  OutputOptions output;
  std::string source, direction = "optimizing";
  bool parents = false;
  po::options_description options("bfs options");
  po::positional_options_description positional;
  graph_options.add_to(options, positional);
  backend.add_to(options);
  output.add_to(options);
  options.add_options()
    ("source", po::value(&source)->required(), "source vertex id (file numbering)")
    ("parents", po::bool_switch(&parents), "also compute each vertex's parent (written as a third column)")
    ("direction", po::value(&direction)->default_value("optimizing"), "optimizing, push or pull");
  po::variables_map values;
  if (!parse_command_line("bfs", "FILE --source ID [options]", args, options, positional, values)) return 0;
  BfsParams params;
  if (direction == "optimizing") params.direction = BfsDirection::optimizing;
  else if (direction == "push") params.direction = BfsDirection::push;
  else if (direction == "pull") params.direction = BfsDirection::pull;
  else throw UsageError("--direction must be optimizing, push or pull");

  PhaseTimer timer;
  const Graph graph = graph_options.load(timer, false);
  params.source = parse_vertex(source, graph, "--source");
  Engine engine(backend.engine_options());
  const auto device_graph = timer.time("upload", [&] { return engine.upload(graph); });
  const BfsResult result = timer.time("compute", [&] { return bfs(engine, *device_graph, params); });
  if (!output.output.empty()) {
    timer.time("write", [&] {
      if (parents) io::write_vertex_levels_and_parents(output.output, graph.ids(), result.level, result.parent);
      else io::write_vertex_values(output.output, graph.ids(), std::span<const vertex_t>(result.level), false);
    });
  }

  JsonObject summary = run_summary("bfs", graph, engine, timer);
  summary.add("source", graph.ids().original(params.source))
      .add("reached", static_cast<std::uint64_t>(result.reached))
      .add("depth", static_cast<int>(result.depth))
      .add("edges_traversed", static_cast<std::int64_t>(result.edges_traversed))
      .add("push_steps", result.push_steps)
      .add("pull_steps", result.pull_steps);
  std::vector<std::string> lines = {
      headline("bfs", graph, engine),
      "source " + std::to_string(graph.ids().original(params.source)) + ": reached " + std::to_string(result.reached) +
          " of " + std::to_string(graph.num_vertices()) + " vertices, depth " + std::to_string(result.depth) + " (" +
          std::to_string(result.push_steps) + " push, " + std::to_string(result.pull_steps) + " pull steps)"};
  append_notes_and_times(lines, engine, timer);
  print_summary(summary, lines, output.json);
  return 0;
}

}  // namespace graphrun::cli
