// Triangle counting as GAP's tc: the total only (no per-vertex counts), on
// the undirected simple graph beneath the workload's graph, uploaded apart
// (its upload is the row's upload). The count must equal the host
// reference's (reference/triangles.hpp).
#include <optional>
#include <string>

#include "check.hpp"
#include "reference/triangles.hpp"
#include "suites/algorithm_timing.hpp"
#include "graphrun/algorithms/triangles.hpp"

namespace graphrun::bench {

void run_triangle_suite(const SuiteContext& context, EngineSession& session) {
  context.record(context.new_row("tc", "auto"), [&](ResultRow& row) {
    const Graph simple = undirected_simple(context.graph(), EdgeCounts::none);
    Backend& backend = session.backend();
    std::unique_ptr<DeviceGraph> resident;
    row.upload_ms = wall_milliseconds(backend, [&] { resident = session.engine().upload(simple); });
    std::uint64_t total = 0;
    const auto run = [&] { total = triangle_count(session.engine(), *resident, false).total; };
    row.first_call_ms = wall_milliseconds(backend, run);
    row.time_ms = time_repeated(backend, run, session.flusher(), context.plan());
    const std::uint64_t expected = triangle_reference(context.graph());
    row.check = total == expected ? Check{true, 0.0, std::to_string(total) + " triangles, exact"}
                                  : failed(std::to_string(total) + " triangles, expected " + std::to_string(expected));
    row.note = "the undirected simple graph (" + std::to_string(simple.num_entries()) +
               " entries); total only; upload = that graph's";
  });
}

}  // namespace graphrun::bench
