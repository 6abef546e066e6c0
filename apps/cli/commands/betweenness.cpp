#include <algorithm>

#include "commands/commands.hpp"
#include "graphrun/algorithms/betweenness.hpp"
#include "graphrun/generators/bfs_sources.hpp"
#include "options.hpp"
#include "top_vertices.hpp"

namespace graphrun::cli {

int run_betweenness(const Arguments& args) {
  AlgorithmCommand command("bc", "FILE [--sources K [--seed S]] [options]");
  int sample = 0;
  std::uint64_t seed = 1;
  command.options().add_options()
    ("sources", po::value(&sample), "estimate from K random sources with out-edges, scaled by n / K (default: exact, every vertex)")
    ("seed", po::value(&seed)->default_value(1), "seed of --sources");
  if (!command.parse(args)) return 0;
  BetweennessParams params;
  auto* const run = &command.start(Weights::ignored, [&](const Graph& graph) {
    if (sample == 0) return;
    params.sources = generators::pick_bfs_sources(graph, sample, seed);
    if (sample < 1 || params.sources.size() < static_cast<std::size_t>(sample))
      throw UsageError("--sources must be 1.." + std::to_string(params.sources.size()) +
                       " (the vertices with out-edges), got " + std::to_string(sample));
  });
  const Graph& graph = run->graph;
  const BetweennessResult result =
      run->timer.time("compute", [&] { return betweenness_centrality(run->engine, *run->resident, params); });
  const OutputOptions& output = command.output();
  const std::vector<float> values(result.centrality.begin(), result.centrality.end());
  if (!output.output.empty())
    run->timer.time("write", [&] { io::write_vertex_values(output.output, graph.ids(), values, "betweenness"); });
  JsonObject summary = run_summary("bc", *run);
  summary.add("sources", static_cast<std::uint64_t>(result.sources)).add("exact", params.sources.empty());
  std::vector<std::string> lines = {
      headline("bc", graph, run->engine),
      (params.sources.empty() ? "exact, from all " : "estimated from ") + std::to_string(result.sources) +
          " sources (networkx's betweenness_centrality, normalized=False)"};
  const auto best = top_k<double>(result.centrality, output.top);
  lines.push_back("top " + std::to_string(best.size()) + " vertices (id: betweenness):");
  std::vector<JsonObject> top;
  for (const vertex_t v : best) {
    lines.push_back("  " + graph.ids().label(v) + ": " + std::to_string(result.centrality[v]));
    top.push_back(JsonObject().add_vertex("id", graph.ids(), v).add("value", result.centrality[v]));
  }
  summary.add("top", top);
  append_notes(summary, lines, run->engine);
  print_summary(summary, lines, &run->timer);
  return 0;
}

}  // namespace graphrun::cli
