// GNN neighbourhood aggregation, GCN normalisation, F = 64 by default:
// H' = D^-1/2 (A^T + I) D^-1/2 H, checked in float64 on the host.
#include "inputs.hpp"
#include "reference/products.hpp"
#include "suites/algorithm_timing.hpp"
#include "graphrun/algorithms/aggregate.hpp"

namespace graphrun::bench {
namespace {
constexpr std::uint64_t features_stream = 3;
}

void run_aggregate_suite(const SuiteContext& context, EngineSession& session) {
  const std::size_t width = context.options.aggregate_width;
  ResultRow row = context.new_row("aggregate", "gcn");
  row.width = width;
  context.record(std::move(row), [&](ResultRow& r) {
    const std::size_t n = static_cast<std::size_t>(context.graph().num_vertices());
    const std::vector<float> features = random_values(n * width, context.options.seed, features_stream);
    AggregateParams params;
    params.norm = AggregateNorm::gcn;
    std::vector<float> result;
    time_algorithm(context, session, r, [&] { result = aggregate(session.engine(), session.graph(), features, width, params); });
    r.check = check_gcn_aggregate(context.graph().in_edges(), features, result, width);
  });
}

}  // namespace graphrun::bench
