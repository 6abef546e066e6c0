#include "commands/commands.hpp"
#include "community_summary.hpp"
#include "options.hpp"
#include "processes.hpp"
#include "run_algorithms.hpp"

namespace graphrun::cli {

int run_wcc(const Arguments& args) {
  AlgorithmCommand command("wcc", "FILE [options]");
  if (!command.parse(args)) return 0;

  command.plan_workspace([](const Graph& graph) { return wcc_workspace(graph.num_vertices()); });
  auto* const run = &command.start(Weights::ignored);
  const auto result = run->timer.time("compute", [&] { return compute_wcc(*run); });
  if (!root_process()) return 0;
  const OutputOptions& output = command.output();
  if (!output.output.empty())
    run->timer.time("write", [&] {
      io::write_vertex_ids(output.output, run->graph.ids(), result.component, "component");
    });

  JsonObject summary = run_summary("wcc", *run);
  std::vector<std::string> lines = {headline("wcc", run->graph, run->engine), (process_count() > 1 ? "minimum-label rounds: " : "link passes: ") + std::to_string(result.iterations)};
  summary.add("iterations", result.iterations);
  describe_communities(result.component, run->graph, output.top, "components", summary, lines);
  append_notes(summary, lines, run->engine);
  print_summary(summary, lines, &run->timer);
  return 0;
}

}  // namespace graphrun::cli
