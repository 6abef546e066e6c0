// graphrun tc and graphrun lcc: both run on the undirected simple graph
// beneath the file's graph (direction, self-loops and repeats dropped).
#include <algorithm>
#include <span>

#include "commands/commands.hpp"
#include "graphrun/algorithms/triangles.hpp"
#include "options.hpp"
#include "top_vertices.hpp"

namespace graphrun::cli {
namespace {

// --top K lines and JSON entries: the K vertices of largest value.
template <class T>
void add_top(std::span<const T> values, const Graph& graph, int k, const std::string& what, JsonObject& summary,
             std::vector<std::string>& lines) {
  const auto best = top_k<T>(values, k);
  lines.push_back("top " + std::to_string(best.size()) + " vertices (id: " + what + "):");
  std::vector<JsonObject> top;
  for (const vertex_t v : best) {
    lines.push_back("  " + graph.ids().label(v) + ": " + std::to_string(values[v]));
    JsonObject entry;
    entry.add_vertex("id", graph.ids(), v);
    if constexpr (std::is_floating_point_v<T>) entry.add("value", static_cast<double>(values[v]));
    else entry.add("value", static_cast<std::uint64_t>(values[v]));
    top.push_back(entry);
  }
  summary.add("top", top);
}

}  // namespace

int run_triangle_count(const Arguments& args) {
  AlgorithmCommand command("tc", "FILE [options]");
  if (!command.parse(args)) return 0;
  auto* const run = &command.start(Weights::ignored, {},
                                   [](const Graph& graph) { return undirected_simple(graph, EdgeCounts::none); });
  const Graph& graph = run->graph;
  const OutputOptions& output = command.output();
  // Each vertex's count costs atomics on the GPU: only when it is shown.
  const bool per_vertex = !output.output.empty() || output.top > 0;
  const TriangleCountResult result =
      run->timer.time("compute", [&] { return triangle_count(run->engine, *run->resident, per_vertex); });
  const std::span<const std::int64_t> counts(reinterpret_cast<const std::int64_t*>(result.per_vertex.data()),
                                             result.per_vertex.size());
  if (!output.output.empty())
    run->timer.time("write", [&] { io::write_vertex_counts(output.output, graph.ids(), counts, "triangles"); });
  JsonObject summary = run_summary("tc", *run);
  summary.add("triangles", static_cast<std::uint64_t>(result.total));
  std::vector<std::string> lines = {headline("tc", graph, run->engine) + " (the undirected simple graph)",
                                    "triangles: " + std::to_string(result.total)};
  if (per_vertex) add_top(std::span<const std::uint64_t>(result.per_vertex), graph, output.top, "triangles", summary, lines);
  append_notes(summary, lines, run->engine);
  print_summary(summary, lines, &run->timer);
  return 0;
}

int run_local_clustering(const Arguments& args) {
  AlgorithmCommand command("lcc", "FILE [options]");
  if (!command.parse(args)) return 0;
  auto* const run = &command.start(Weights::ignored, {}, [](const Graph& graph) {
    return undirected_simple(graph, EdgeCounts::by_direction);
  });
  const Graph& graph = run->graph;
  const OutputOptions& output = command.output();
  const LocalClusteringResult result =
      run->timer.time("compute", [&] { return local_clustering(run->engine, *run->resident); });
  std::vector<float> coefficient(result.coefficient.begin(), result.coefficient.end());
  if (!output.output.empty())
    run->timer.time("write", [&] { io::write_vertex_values(output.output, graph.ids(), coefficient, "lcc"); });
  JsonObject summary = run_summary("lcc", *run);
  summary.add("average", result.average);
  std::vector<std::string> lines = {headline("lcc", graph, run->engine) + " (the undirected simple graph)",
                                    "average local clustering coefficient: " + std::to_string(result.average)};
  add_top(std::span<const float>(coefficient), graph, output.top, "lcc", summary, lines);
  append_notes(summary, lines, run->engine);
  print_summary(summary, lines, &run->timer);
  return 0;
}

}  // namespace graphrun::cli
