// GNN neighbourhood aggregation: one SpMM over the in-edges (row v of A^T
// gathers v's in-neighbours' feature rows) plus row scalings by degree powers.
// Run by several processes (BlockExchange), each computes its block's rows
// from its block's in-edges and the whole feature matrix, after sharing the
// in-degrees; the blocks of rows are shared at the end.
#include "graphrun/algorithms/aggregate.hpp"

#include <limits>
#include <string>

#include "device_buffers.hpp"
#include "graphrun/algorithms/block_exchange.hpp"
#include "graphrun/checked_size.hpp"

namespace graphrun {
namespace {

using algorithms_detail::copy_buffer;
using algorithms_detail::make_buffer;
using algorithms_detail::require;

// (in-degree + add)^exponent per vertex, 0 where the base is 0.
DeviceVector<float> in_degree_power(Backend& backend, const DeviceGraph& graph, vertex_t add, float exponent,
                                    BlockExchange* exchange) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  auto degree = make_buffer<vertex_t>(backend, n);
  auto power = make_buffer<float>(backend, n);
  backend.degrees(graph, Edges::in, degree);
  if (exchange != nullptr) exchange->share_blocks(degree.span());
  backend.degree_power(degree, add, exponent, power);
  return power;
}

// The shared body: `scratch` is where gcn scales the features; it may be
// the features themselves when the caller owns them (the host path's upload).
void aggregate_with(Backend& backend, const DeviceGraph& graph, std::span<const float> features,
                    std::span<float> scratch, std::span<float> output, std::size_t width,
                    const AggregateParams& params, BlockExchange* exchange) {
  const SpmvDescriptor in_edges{.edges = Edges::in, .use_weights = params.weighted};
  switch (params.norm) {
    case AggregateNorm::sum:
      backend.spmm(graph, in_edges, features, output, width);
      break;
    case AggregateNorm::mean:
      backend.spmm(graph, in_edges, features, output, width);
      // Each row by its own in-degree: a block's rows have theirs locally.
      backend.scale_rows(output, width, in_degree_power(backend, graph, 0, -1.0f, nullptr));
      break;
    case AggregateNorm::gcn: {
      // D^-1/2 (A^T + I) D^-1/2 H with D = in-degree + 1: scale, aggregate,
      // add the (already scaled) self term, scale again.
      const DeviceVector<float> inv_sqrt_degree = in_degree_power(backend, graph, 1, -0.5f, exchange);
      if (scratch.data() != features.data()) copy_buffer<float>(backend, features, scratch);
      backend.scale_rows(scratch, width, inv_sqrt_degree);
      backend.spmm(graph, in_edges, scratch, output, width);
      backend.axpby(1.0f, scratch, 1.0f, output);
      backend.scale_rows(output, width, inv_sqrt_degree);
      break;
    }
  }
  if (exchange != nullptr) exchange->share_row_blocks(output, width);
}

void check_aggregate(const DeviceGraph& graph, std::size_t features, std::size_t width, const AggregateParams& params) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  // n x width must not wrap around: a huge width could otherwise match a
  // small feature count and reach the kernels.
  const std::size_t expected = product_or_throw(n, width, "aggregate: vertices x width");
  require(features == expected, "aggregate: features hold " + std::to_string(features) +
                                     " values, expected vertices x width = " + std::to_string(n) + " x " +
                                     std::to_string(width));
  require(!params.weighted || params.norm == AggregateNorm::sum,
          "aggregate: edge weights are supported with the sum aggregation only (mean and gcn are defined on "
          "degrees)");
}

}  // namespace

std::vector<float> aggregate(Engine& engine, const DeviceGraph& graph, std::span<const float> features,
                             std::size_t width, const AggregateParams& params) {
  check_aggregate(graph, features.size(), width, params);
  if (features.empty()) return {};
  Backend& backend = engine.backend();
  DeviceVector<float> input(backend.memory(), features);
  auto output = make_buffer<float>(backend, features.size());
  aggregate_with(backend, graph, input, input, output, width, params, nullptr);
  return output.to_host();
}

namespace {

void aggregate_into_with(Engine& engine, const DeviceGraph& graph, std::span<const float> features,
                         std::span<float> output, std::size_t width, const AggregateParams& params,
                         BlockExchange* exchange) {
  check_aggregate(graph, features.size(), width, params);
  require(output.size() == features.size(), "aggregate: the output holds " + std::to_string(output.size()) +
                                                " values, expected " + std::to_string(features.size()));
  const bool overlap = !features.empty() && output.data() < features.data() + features.size() &&
                       features.data() < output.data() + output.size();
  require(!overlap, "aggregate: the output overlaps the features");
  if (features.empty()) return;
  Backend& backend = engine.backend();
  DeviceVector<float> scratch;
  if (params.norm == AggregateNorm::gcn) scratch = make_buffer<float>(backend, features.size());
  aggregate_with(backend, graph, features, scratch, output, width, params, exchange);
  backend.synchronize();
}

}  // namespace

void aggregate_into(Engine& engine, const DeviceGraph& graph, std::span<const float> features,
                    std::span<float> output, std::size_t width, const AggregateParams& params) {
  aggregate_into_with(engine, graph, features, output, width, params, nullptr);
}

void aggregate_into(Engine& engine, const DeviceGraph& graph, std::span<const float> features,
                    std::span<float> output, std::size_t width, const AggregateParams& params,
                    BlockExchange& exchange) {
  aggregate_into_with(engine, graph, features, output, width, params, &exchange);
}

}  // namespace graphrun
