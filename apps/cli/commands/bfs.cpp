#include <algorithm>

#include "commands/commands.hpp"
#include "graphrun/algorithms/multi_bfs.hpp"
#include "graphrun/generators/bfs_sources.hpp"
#include "options.hpp"
#include "processes.hpp"
#include "run_algorithms.hpp"
#include "top_vertices.hpp"

namespace graphrun::cli {
namespace {

// `count` distinct vertices with out-edges, drawn from `seed` as the bench
// draws its sources.
std::vector<vertex_t> random_sources(const Graph& graph, int count, std::uint64_t seed) {
  std::vector<vertex_t> sources = generators::pick_bfs_sources(graph, count, seed);
  if (count < 1 || sources.size() < static_cast<std::size_t>(count))
    throw UsageError("--sources must be 1.." + std::to_string(sources.size()) +
                     " (the vertices with out-edges), got " + std::to_string(count));
  return sources;
}

// Several sources: the levels of each search, one --output column per
// source (level_<id>), and per-source reach and depth in the summary.
int run_multi_source(AlgorithmCommand& command, AlgorithmCommand::Run& run, const std::vector<vertex_t>& sources) {
  const Graph& graph = run.graph;
  const MultiBfsResult result =
      run.timer.time("compute", [&] { return multi_source_bfs(run.engine, *run.resident, sources); });
  const OutputOptions& output = command.output();
  if (!output.output.empty()) {
    std::vector<std::string> names;
    for (const vertex_t source : sources) names.push_back("level_" + graph.ids().label(source));
    run.timer.time("write", [&] { io::write_vertex_columns(output.output, graph.ids(), names, result.level); });
  }
  JsonObject summary = run_summary("bfs", run);
  std::vector<JsonObject> searches;
  std::vector<std::string> lines = {headline("bfs", graph, run.engine),
                                    std::to_string(sources.size()) + " sources (id: reached, depth):"};
  for (std::size_t s = 0; s < sources.size(); ++s) {
    const std::string id = graph.ids().label(sources[s]);
    searches.push_back(JsonObject()
                           .add_vertex("source", graph.ids(), sources[s])
                           .add("reached", static_cast<std::uint64_t>(result.reached[s]))
                           .add("depth", static_cast<int>(result.depth[s])));
    if (s < static_cast<std::size_t>(std::max(output.top, 0)))
      lines.push_back("  " + id + ": " + std::to_string(result.reached[s]) + ", " +
                      std::to_string(result.depth[s]));
  }
  if (sources.size() > static_cast<std::size_t>(std::max(output.top, 0)))
    lines.push_back("  (" + std::to_string(sources.size() - static_cast<std::size_t>(std::max(output.top, 0))) +
                    " more; --top K lists K, --json all)");
  summary.add("searches", searches).add("bit_parallel_batches", static_cast<std::uint64_t>(result.batches));
  append_notes(summary, lines, run.engine);
  print_summary(summary, lines, &run.timer);
  return 0;
}

}  // namespace

int run_bfs(const Arguments& args) {
  AlgorithmCommand command("bfs", "FILE (--source ID[,ID...] | --sources K) [options]");
  std::string source, direction = "optimizing";
  bool parents = false;
  int sources_count = 0;
  std::uint64_t seed = 1;
  command.options().add_options()
    ("source", po::value(&source), "source vertex id (file numbering), or several: ID,ID,...")
    ("sources", po::value(&sources_count), "K random sources with out-edges, searched together (instead of --source)")
    ("seed", po::value(&seed)->default_value(1), "seed of --sources")
    ("parents", po::bool_switch(&parents), "also write each vertex's parent (third --output column; one source)")
    ("direction", po::value(&direction)->default_value("optimizing"), "optimizing, push or pull (one source)");
  if (!command.parse(args)) return 0;
  if (source.empty() == (sources_count == 0))
    throw UsageError(source.empty() ? "missing --source (or --sources K)" : "give --source or --sources, not both");
  const bool several = sources_count != 0 || source.find(',') != std::string::npos;
  if (several && parents) throw UsageError("--parents applies to one source");
  if (several && direction != "optimizing") throw UsageError("--direction applies to one source");
  if (several) require_one_process("bfs with several sources");
  BfsParams params;
  if (direction == "optimizing") params.direction = BfsDirection::optimizing;
  else if (direction == "push") params.direction = BfsDirection::push;
  else if (direction == "pull") params.direction = BfsDirection::pull;
  else throw UsageError("--direction must be optimizing, push or pull");

  if (!several) command.warm_up_with(bfs_warm_up);
  command.plan_workspace([](const Graph& graph) { return bfs_workspace(graph.num_vertices()); });
  std::vector<vertex_t> sources;
  auto* const run = &command.start(Weights::ignored, [&](const Graph& graph) {
    if (sources_count != 0) sources = random_sources(graph, sources_count, seed);
    else if (several) sources = parse_vertex_list(source, graph, "--source");
    else params.source = parse_vertex(source, graph, "--source");
  });
  if (several) return run_multi_source(command, *run, sources);
  const Graph& graph = run->graph;
  const BfsResult result = compute_bfs(*run, params, parents);
  if (!root_process()) return 0;
  const OutputOptions& output = command.output();
  if (!output.output.empty()) {
    run->timer.time("write", [&] {
      if (parents) io::write_vertex_levels_and_parents(output.output, graph.ids(), result.level, result.parent);
      else io::write_vertex_levels(output.output, graph.ids(), result.level);
    });
  }

  JsonObject summary = run_summary("bfs", *run);
  summary.add_vertex("source", graph.ids(), params.source)
      .add("reached", static_cast<std::uint64_t>(result.reached))
      .add("depth", static_cast<int>(result.depth))
      .add("edges_traversed", static_cast<std::int64_t>(result.edges_traversed))
      .add("push_steps", result.push_steps)
      .add("pull_steps", result.pull_steps);
  std::vector<std::string> lines = {
      headline("bfs", graph, run->engine),
      "source " + graph.ids().label(params.source) + ": reached " + std::to_string(result.reached) +
          " of " + std::to_string(graph.num_vertices()) + " vertices, depth " + std::to_string(result.depth) + " (" +
          std::to_string(result.push_steps) + " push, " + std::to_string(result.pull_steps) + " pull steps)"};
  // --top K: the K reached vertices farthest from the source (largest level;
  // ties by smaller compact id); unreached vertices are never listed.
  auto farthest = top_k<level_t>(result.level, output.top);
  std::erase_if(farthest, [&](vertex_t v) { return result.level[v] == no_level; });
  lines.push_back("farthest " + std::to_string(farthest.size()) + " vertices (id: level):");
  std::vector<JsonObject> top;
  for (const vertex_t v : farthest) {
    lines.push_back("  " + graph.ids().label(v) + ": " + std::to_string(result.level[v]));
    top.push_back(JsonObject().add_vertex("id", graph.ids(), v).add("value", static_cast<int>(result.level[v])));
  }
  summary.add("top", top);
  append_notes(summary, lines, run->engine);
  print_summary(summary, lines, &run->timer);
  return 0;
}

}  // namespace graphrun::cli
