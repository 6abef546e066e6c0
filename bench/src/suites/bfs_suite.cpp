// BFS in Graph500 style: searches from random sources of non-zero degree,
// each timed once (after one warm-up search), TEPS = edges of the traversed
// component / time; the row reports the median over the sources and the
// spread. Every search's levels and parents (the smallest-id in-neighbour
// one level up) must equal the host reference's exactly.
//
// The timed work is the search with its level and parent vectors in backend
// memory (bfs_on_device), as GAP and Graph500 time a search whose result
// stays where it was computed; the copy to the host (for the check) is not
// timed: into fresh host vectors it costs far more than the search.
//
// bfs-batch: the searches from --bfs-batch-sources random sources in one call
// (multi_source_bfs_on_device: one bit-parallel batch where the backend has
// it, else one search after another), levels left in backend memory, timed
// like an algorithm (warm-up, repetitions, median); every search's levels
// must equal the reference's. Its note gives the time against one search
// (the bfs row's median).
#include <algorithm>
#include <cstdio>
#include <optional>
#include <vector>

#include "byte_model.hpp"
#include "check.hpp"
#include "inputs.hpp"
#include "reference/traversal.hpp"
#include "suites/suite_context.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/multi_bfs.hpp"

namespace graphrun::bench {
namespace {

void measure(const SuiteContext& context, EngineSession& session, const std::vector<vertex_t>& sources,
             ResultRow& row) {
  Backend& backend = session.backend();
  row.upload_ms = session.upload_ms();
  std::vector<double> milliseconds, gteps;
  std::size_t mismatches = 0;
  std::string first_mismatch;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    BfsParams params;
    params.source = sources[i];
    std::optional<BfsDeviceResult> result;
    auto search = [&] {
      result.reset();  // frees the previous search's vectors before the next one allocates
      result = bfs_on_device(session.engine(), session.graph(), params);
    };
    if (i == 0) row.first_call_ms = wall_milliseconds(backend, search);
    const RepetitionPlan once{i == 0 ? context.options.warmup : 0, 1};
    const double ms = time_repeated(backend, search, session.flusher(), once).median;
    const BfsReference& reference = context.reference.bfs(params.source);
    if (fingerprint(result->level.to_host()) != reference.level_fingerprint ||
        fingerprint(result->parent.to_host()) != reference.parent_fingerprint ||
        result->reached != reference.reached) {
      if (mismatches++ == 0)
        first_mismatch = "source " + std::to_string(params.source) + ": reached " + std::to_string(result->reached) +
                         ", expected " + std::to_string(reference.reached);
    }
    milliseconds.push_back(ms);
    if (ms > 0) gteps.push_back(giga_per_second(static_cast<double>(reference.component_edges), ms));
    row.iterations = std::max(row.iterations, static_cast<int>(reference.depth));
  }
  row.time_ms = summarize(milliseconds);
  if (!gteps.empty()) row.gteps = summarize(gteps);
  row.check = mismatches ? failed(std::to_string(mismatches) + " of " + std::to_string(sources.size()) +
                                  " searches gave other levels or parents (" + first_mismatch + ")")
                         : Check{true, 0.0, "levels and parents exact, " + std::to_string(sources.size()) + " sources"};
  row.note = "time and GTEPS over " + std::to_string(sources.size()) +
             " sources, result in backend memory (host copy not timed); iterations = max depth";
}

void measure_batch(const SuiteContext& context, EngineSession& session, const std::vector<vertex_t>& sources,
                   double one_search_ms, ResultRow& row) {
  Backend& backend = session.backend();
  row.upload_ms = session.upload_ms();
  std::optional<MultiBfsDeviceResult> result;
  auto searches = [&] {
    result.reset();
    result = multi_source_bfs_on_device(session.engine(), session.graph(), sources);
  };
  row.first_call_ms = wall_milliseconds(backend, searches);
  row.time_ms = time_repeated(backend, searches, session.flusher(), context.plan());
  const std::vector<level_t> levels = result->level.to_host();
  const auto n = static_cast<std::size_t>(context.graph().num_vertices());
  std::size_t mismatches = 0;
  for (std::size_t s = 0; s < sources.size(); ++s) {
    const BfsReference& reference = context.reference.bfs(sources[s]);
    const std::span<const level_t> block(levels.data() + s * n, n);
    if (fingerprint(block) != reference.level_fingerprint || result->reached[s] != reference.reached) ++mismatches;
    row.iterations = std::max(row.iterations, static_cast<int>(reference.depth));
  }
  row.check = mismatches ? failed(std::to_string(mismatches) + " of " + std::to_string(sources.size()) +
                                  " searches gave other levels")
                         : Check{true, 0.0, "levels exact, " + std::to_string(sources.size()) + " sources"};
  row.note = std::to_string(sources.size()) + " sources in one call, " + std::to_string(result->batches) +
             " bit-parallel batches, levels in backend memory; iterations = max depth";
  if (one_search_ms > 0.0) {
    char ratio[64];
    std::snprintf(ratio, sizeof ratio, "; %.2fx one search (%.4f ms)", row.time_ms.median / one_search_ms,
                  one_search_ms);
    row.note += ratio;
  }
}

}  // namespace

void run_bfs_suite(const SuiteContext& context, EngineSession& session) {
  const std::vector<vertex_t> sources =
      pick_bfs_sources(context.graph(), context.options.bfs_sources, context.options.seed);
  ResultRow row = context.new_row("bfs", "auto");
  if (sources.empty()) {
    row.skipped = true;
    row.note = "no vertex has an out-edge";
    context.rows.push_back(std::move(row));
    return;
  }
  double one_search_ms = 0.0;
  context.record(std::move(row), [&](ResultRow& r) {
    measure(context, session, sources, r);
    one_search_ms = r.time_ms.median;
  });
  if (context.options.bfs_batch_sources == 0) return;
  const std::vector<vertex_t> batch =
      pick_bfs_sources(context.graph(), context.options.bfs_batch_sources, context.options.seed);
  context.record(context.new_row("bfs-batch", "auto"),
                 [&](ResultRow& r) { measure_batch(context, session, batch, one_search_ms, r); });
}

}  // namespace graphrun::bench
