#include <cstdio>
#include <string>

#include "commands/commands.hpp"
#include "options.hpp"
#include "processes.hpp"
#include "run_algorithms.hpp"
#include "top_vertices.hpp"
#include "weight_checks.hpp"

namespace graphrun::cli {

int run_pagerank(const Arguments& args) {
  AlgorithmCommand command("pagerank", "FILE [options]");
  PageRankParams params;
  int iterations = 0;
  std::string personalize;
  command.options().add_options()
    ("damping", po::value(&params.damping)->default_value(0.85f, "0.85"), "damping factor d in (0, 1)")
    ("tolerance", po::value(&params.tolerance)->default_value(1e-5, "1e-05"), "stop when the L1 change of the ranks is below T")
    ("max-iterations", po::value(&params.max_iterations)->default_value(100), "iteration cap of the tolerance stop")
    ("iterations", po::value(&iterations), "run exactly N iterations, no tolerance stop (LDBC Graphalytics)")
    ("personalize", po::value(&personalize), "comma-separated vertex ids (file numbering) of a personalized PageRank")
    ("weighted", po::bool_switch(&params.weighted), "use edge weights as transition weights (default: unweighted, as LDBC)");
  po::variables_map values;
  if (!command.parse(args, values)) return 0;
  if (!(params.damping > 0.0f && params.damping < 1.0f)) throw UsageError("--damping must be in (0, 1)");
  if (!(params.tolerance > 0.0)) throw UsageError("--tolerance must be positive");
  if (values.count("iterations")) {
    if (iterations < 1) throw UsageError("--iterations must be >= 1");
    params.max_iterations = iterations;
    params.fixed_iterations = true;
  } else if (params.max_iterations < 1) {
    throw UsageError("--max-iterations must be >= 1");
  }

  command.plan_workspace(
      [&](const Graph& graph) { return pagerank_workspace(graph.num_vertices(), !personalize.empty()); });
  auto* const run = &command.start(params.weighted ? Weights::required : Weights::ignored, [&](const Graph& graph) {
    // Weighted PageRank divides by each vertex's out-weight sum: a negative
    // weight makes "rank" negative or the sum zero.
    if (params.weighted) refuse_negative_weights(graph, command.file(), "pagerank --weighted");
    if (!personalize.empty()) params.personalization = parse_vertex_list(personalize, graph, "--personalize");
  });
  const Graph& graph = run->graph;
  Engine& engine = run->engine;
  PhaseTimer& timer = run->timer;
  const OutputOptions& output = command.output();
  const PageRankResult result = timer.time("compute", [&] { return compute_pagerank(*run, params); });
  if (!root_process()) return 0;
  if (!output.output.empty()) timer.time("write", [&] { io::write_vertex_values(output.output, graph.ids(), result.rank, "rank"); });

  const auto best = top_k<float>(result.rank, output.top);
  JsonObject summary = run_summary("pagerank", *run);
  summary.add("iterations", result.iterations).add("residual", result.residual).add("converged", result.converged)
      .add("queued_iterations", result.queued_iterations)
      .add("spmv_kernel", engine.backend().spmv_kernel_for(*run->resident, Edges::in));
  std::vector<JsonObject> top;
  std::vector<std::string> lines = {
      headline("pagerank", graph, engine),
      "iterations: " + std::to_string(result.iterations) + ", residual " + std::to_string(result.residual) +
          (params.fixed_iterations ? " (fixed count)" : result.converged ? " (converged)" : " (not converged)"),
      "top " + std::to_string(best.size()) + " vertices (id: rank):"};
  for (const vertex_t v : best) {
    char rank[32];
    std::snprintf(rank, sizeof rank, "%.9g", result.rank[v]);
    lines.push_back("  " + graph.ids().label(v) + ": " + rank);
    top.push_back(JsonObject().add_vertex("id", graph.ids(), v).add("value", static_cast<double>(result.rank[v])));
  }
  summary.add("top", top);
  append_notes(summary, lines, engine);
  print_summary(summary, lines, &timer);
  return 0;
}

}  // namespace graphrun::cli
