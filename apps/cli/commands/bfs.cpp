#include "commands/commands.hpp"
#include "options.hpp"
#include "top_vertices.hpp"

namespace graphrun::cli {

int run_bfs(const Arguments& args) {
  AlgorithmCommand command("bfs", "FILE --source ID [options]");
  std::string source, direction = "optimizing";
  bool parents = false;
  command.options().add_options()
    ("source", po::value(&source)->required(), "source vertex id (file numbering)")
    ("parents", po::bool_switch(&parents), "also write each vertex's parent (third --output column)")
    ("direction", po::value(&direction)->default_value("optimizing"), "optimizing, push or pull");
  if (!command.parse(args)) return 0;
  BfsParams params;
  if (direction == "optimizing") params.direction = BfsDirection::optimizing;
  else if (direction == "push") params.direction = BfsDirection::push;
  else if (direction == "pull") params.direction = BfsDirection::pull;
  else throw UsageError("--direction must be optimizing, push or pull");

  auto* const run = &command.start(Weights::ignored, [&](const Graph& graph) { params.source = parse_vertex(source, graph, "--source"); });
  const Graph& graph = run->graph;
  const BfsResult result = run->timer.time("compute", [&] { return bfs(run->engine, *run->resident, params); });
  const OutputOptions& output = command.output();
  if (!output.output.empty()) {
    run->timer.time("write", [&] {
      if (parents) io::write_vertex_levels_and_parents(output.output, graph.ids(), result.level, result.parent);
      else io::write_vertex_values(output.output, graph.ids(), std::span<const vertex_t>(result.level), false, "level");
    });
  }

  JsonObject summary = run_summary("bfs", *run);
  summary.add("source", graph.ids().original(params.source))
      .add("reached", static_cast<std::uint64_t>(result.reached))
      .add("depth", static_cast<int>(result.depth))
      .add("edges_traversed", static_cast<std::int64_t>(result.edges_traversed))
      .add("push_steps", result.push_steps)
      .add("pull_steps", result.pull_steps);
  std::vector<std::string> lines = {
      headline("bfs", graph, run->engine),
      "source " + std::to_string(graph.ids().original(params.source)) + ": reached " + std::to_string(result.reached) +
          " of " + std::to_string(graph.num_vertices()) + " vertices, depth " + std::to_string(result.depth) + " (" +
          std::to_string(result.push_steps) + " push, " + std::to_string(result.pull_steps) + " pull steps)"};
  // --top K: the K reached vertices farthest from the source (largest level;
  // ties by smaller compact id); unreached vertices are never listed.
  auto farthest = top_k<vertex_t>(result.level, output.top);
  std::erase_if(farthest, [&](vertex_t v) { return result.level[v] == no_vertex; });
  lines.push_back("farthest " + std::to_string(farthest.size()) + " vertices (id: level):");
  JsonObject top;
  for (const vertex_t v : farthest) {
    const auto id = std::to_string(graph.ids().original(v));
    lines.push_back("  " + id + ": " + std::to_string(result.level[v]));
    top.add(id, static_cast<int>(result.level[v]));
  }
  summary.add("top", top);
  append_notes(summary, lines, run->engine);
  print_summary(summary, lines, &run->timer);
  return 0;
}

}  // namespace graphrun::cli
