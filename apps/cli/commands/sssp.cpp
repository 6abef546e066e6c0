#include <algorithm>
#include <cmath>
#include <limits>

#include "commands/commands.hpp"
#include "graphrun/algorithms/sssp.hpp"
#include "options.hpp"
#include "processes.hpp"
#include "run_algorithms.hpp"
#include "top_vertices.hpp"
#include "weight_checks.hpp"

namespace graphrun::cli {

int run_sssp(const Arguments& args) {
  AlgorithmCommand command("sssp", "FILE --source ID [--parents] [options]");
  std::string source, method = "delta-stepping";
  bool parents = false;
  SsspParams params;
  command.options().add_options()
    ("source", po::value(&source), "source vertex id (file numbering)")
    ("delta", po::value(&params.delta)->default_value(0.0),
     "bucket width of delta-stepping; 0 picks one from the mean weight and degree")
    ("method", po::value(&method)->default_value("delta-stepping"),
     "delta-stepping (the backend's best loop), near-far (delta-stepping by the GPU's steps on any backend), "
     "or bellman-ford (min-plus SpMV rounds: the reference path)")
    ("parents", po::bool_switch(&parents),
     "also write each vertex's parent on a shortest path (third --output column): the smallest-id closer "
     "in-neighbour whose edge is tight");
  if (!command.parse(args)) return 0;
  if (source.empty()) throw UsageError("missing --source");
  if (!(std::isfinite(params.delta) && params.delta >= 0.0))
    throw UsageError("--delta must be positive (or 0 for the default)");
  params.method = parse_sssp_method(method);

  command.plan_workspace([](const Graph& graph) { return sssp_workspace(graph.num_vertices()); });
  // A pattern graph's weights are all 1: distances count edges.
  auto* const run = &command.start(Weights::kept, [&](const Graph& graph) {
    refuse_negative_weights(graph, command.file(), "sssp");
    params.source = parse_vertex(source, graph, "--source");
  });
  const Graph& graph = run->graph;
  const SsspResult result = run->timer.time("compute", [&] { return compute_sssp(*run, params); });
  if (!root_process()) return 0;
  const OutputOptions& output = command.output();
  std::vector<vertex_t> parent;
  if (parents) parent = run->timer.time("parents", [&] { return sssp_parents(graph, params.source, result.distance); });
  if (!output.output.empty())
    run->timer.time("write", [&] {
      if (parents) io::write_vertex_distances_and_parents(output.output, graph.ids(), result.distance, parent);
      else io::write_vertex_values(output.output, graph.ids(), result.distance, "distance");
    });

  JsonObject summary = run_summary("sssp", *run);
  summary.add_vertex("source", graph.ids(), params.source)
      .add("method", std::string(sssp_method_name(result.method)))  // several processes run Bellman-Ford
      .add("reached", static_cast<std::uint64_t>(result.reached))
      .add("max_distance", static_cast<double>(result.max_distance))
      .add("rounds", static_cast<std::uint64_t>(result.rounds))
      .add("edges_relaxed", static_cast<std::int64_t>(result.edges_relaxed));
  if (result.method != SsspMethod::bellman_ford)
    summary.add("delta", result.delta).add("buckets", static_cast<std::uint64_t>(result.buckets));
  std::vector<std::string> lines = {
      headline("sssp", graph, run->engine),
      "source " + graph.ids().label(params.source) + ": reached " + std::to_string(result.reached) + " of " +
          std::to_string(graph.num_vertices()) + " vertices, largest distance " +
          std::to_string(result.max_distance) + " (" + std::to_string(result.rounds) + " rounds" +
          (result.method != SsspMethod::bellman_ford
               ? ", " + std::to_string(result.buckets) + " buckets of width " + std::to_string(result.delta)
               : std::string()) +
          ")"};
  // --top K: the K reached vertices farthest from the source (ties by
  // smaller compact id); unreached vertices are never listed.
  const std::int64_t unreached = static_cast<std::int64_t>(graph.num_vertices()) - static_cast<std::int64_t>(result.reached);
  auto farthest = top_k<float>(result.distance, output.top + unreached);
  std::erase_if(farthest, [&](vertex_t v) { return std::isinf(result.distance[v]); });
  farthest.resize(std::min<std::size_t>(farthest.size(), static_cast<std::size_t>(std::max(output.top, 0))));
  lines.push_back("farthest " + std::to_string(farthest.size()) + " vertices (id: distance):");
  std::vector<JsonObject> top;
  for (const vertex_t v : farthest) {
    lines.push_back("  " + graph.ids().label(v) + ": " + std::to_string(result.distance[v]));
    top.push_back(
        JsonObject().add_vertex("id", graph.ids(), v).add("value", static_cast<double>(result.distance[v])));
  }
  summary.add("top", top);
  append_notes(summary, lines, run->engine);
  print_summary(summary, lines, &run->timer);
  return 0;
}

}  // namespace graphrun::cli
