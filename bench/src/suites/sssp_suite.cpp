// SSSP as GAP's benchmark runs it: searches from random sources of non-zero
// degree (the BFS sources), each timed once after one warm-up search, on the
// graph's own weights (a pattern graph's are 1). The row reports the median
// over the sources; every search's distances must equal the float Dijkstra
// reference (reference/shortest_paths.hpp) bit for bit. The timed work leaves
// the distances in backend memory (sssp_on_device), as bfs_suite does.
#include <algorithm>
#include <optional>
#include <vector>

#include "check.hpp"
#include "inputs.hpp"
#include "reference/shortest_paths.hpp"
#include "suites/suite_context.hpp"
#include "graphrun/algorithms/sssp.hpp"

namespace graphrun::bench {
namespace {

bool non_negative_weights(const Graph& graph) {
  const auto& values = graph.out_edges().values;
  return std::all_of(values.begin(), values.end(), [](float w) { return w >= 0.0f; });
}

void measure(const SuiteContext& context, EngineSession& session, const std::vector<vertex_t>& sources,
             ResultRow& row) {
  Backend& backend = session.backend();
  row.upload_ms = session.upload_ms();
  std::vector<double> milliseconds;
  std::size_t mismatches = 0;
  std::string first_mismatch;
  int most_buckets = 0;
  double delta = 0.0;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const SsspParams params{.source = sources[i]};
    std::optional<SsspDeviceResult> result;
    auto search = [&] {
      result.reset();
      result = sssp_on_device(session.engine(), session.graph(), params);
    };
    if (i == 0) row.first_call_ms = wall_milliseconds(backend, search);
    const RepetitionPlan once{i == 0 ? context.options.warmup : 0, 1};
    milliseconds.push_back(time_repeated(backend, search, session.flusher(), once).median);
    const std::vector<float> expected = sssp_reference(context.graph(), params.source);
    if (result->distance.to_host() != expected && mismatches++ == 0)
      first_mismatch = "source " + std::to_string(params.source);
    most_buckets = std::max(most_buckets, static_cast<int>(result->buckets));
    delta = result->delta;
  }
  row.time_ms = summarize(milliseconds);
  row.iterations = most_buckets;
  row.check = mismatches ? failed(std::to_string(mismatches) + " of " + std::to_string(sources.size()) +
                                  " searches gave other distances (" + first_mismatch + ")")
                         : Check{true, 0.0, "distances bit-exact, " + std::to_string(sources.size()) + " sources"};
  row.note = "time over " + std::to_string(sources.size()) + " sources, delta " + std::to_string(delta) +
             ", distances in backend memory (host copy not timed); iterations = most buckets";
}

}  // namespace

void run_sssp_suite(const SuiteContext& context, EngineSession& session) {
  ResultRow row = context.new_row("sssp", "auto");
  const std::vector<vertex_t> sources =
      pick_bfs_sources(context.graph(), context.options.bfs_sources, context.options.seed);
  if (sources.empty() || !non_negative_weights(context.graph())) {
    row.skipped = true;
    row.note = sources.empty() ? "no vertex has an out-edge" : "negative weights: no shortest paths";
    context.rows.push_back(std::move(row));
    return;
  }
  context.record(std::move(row), [&](ResultRow& r) { measure(context, session, sources, r); });
}

}  // namespace graphrun::bench
