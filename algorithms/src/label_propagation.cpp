// LDBC Graphalytics CDLP: synchronous rounds of "take the most frequent label
// among your neighbours, the smallest on a tie". The counting itself is the
// backend's label_mode primitive; this file owns the round structure.
// Run by several processes (BlockExchange), each counts the labels of its
// block's vertices over a graph whose in-rows are their neighbourhoods, and
// the blocks are shared after every round.
#include "graphrun/algorithms/label_propagation.hpp"

#include <string>
#include <utility>

#include "device_buffers.hpp"
#include "graphrun/algorithms/block_exchange.hpp"
#include "graphrun/algorithms/kernels/label_kernels.hpp"

namespace graphrun {

using algorithms_detail::make_buffer;
using algorithms_detail::require;

namespace {

LabelPropagationDeviceResult run_label_propagation(Backend& backend, const DeviceGraph& graph,
                                                   const LabelPropagationParams& params, BlockExchange* exchange,
                                                   NeighbourRows rows) {
  require(params.max_iterations >= 0,
          "label propagation: max_iterations must be >= 0, got " + std::to_string(params.max_iterations));
  LabelKernels& kernels = label_kernels(backend);
  const auto size = static_cast<std::size_t>(graph.num_vertices());
  LabelPropagationSummary result;
  auto label = make_buffer<vertex_t>(backend, size);
  if (size == 0) return LabelPropagationDeviceResult{result, std::move(label)};

  auto next = make_buffer<vertex_t>(backend, size);
  backend.iota(label);  // L_0(v) = v

  // LDBC: a directed graph's neighbours are its in- and out-neighbours (a
  // vertex linked both ways counts twice); an undirected graph stores each
  // edge in both rows already, so its out-rows are the neighbourhoods.
  // With an exchange, the in-rows hold the neighbourhoods already.
  const Edges neighbours = exchange != nullptr ? Edges::in : graph.directed() ? Edges::both : Edges::out;
  // L_0's labels are the vertex ids, all distinct: distinct within a row
  // unless the row repeats a neighbour (Edges::both keeps its two
  // adjacencies apart, so only a single row listing both can).
  const LabelSet first_labels = rows == NeighbourRows::distinct ? LabelSet::distinct : LabelSet::any;
  for (int round = 0; round < params.max_iterations; ++round) {
    kernels.label_mode(graph, neighbours, label, next, round == 0 ? first_labels : LabelSet::any);
    if (exchange != nullptr) exchange->share_blocks(next.span());
    // Counting the changes reads a scalar back (a host round trip that
    // drains the stream): a fixed-count run counts its last round only.
    const bool last_round = round + 1 == params.max_iterations;
    if (params.stop_when_stable || last_round) result.last_changes = backend.count_different(label, next);
    label.swap(next);
    result.iterations = round + 1;
    if (params.stop_when_stable && result.last_changes == 0) break;
  }
  return LabelPropagationDeviceResult{result, std::move(label)};
}

}  // namespace

LabelPropagationDeviceResult label_propagation_on_device(Engine& engine, const DeviceGraph& graph,
                                                         const LabelPropagationParams& params) {
  return run_label_propagation(engine.backend(), graph, params, nullptr, NeighbourRows::distinct);
}

LabelPropagationDeviceResult label_propagation_on_device(Engine& engine, const DeviceGraph& graph,
                                                         const LabelPropagationParams& params,
                                                         BlockExchange& exchange, NeighbourRows rows) {
  return run_label_propagation(engine.backend(), graph, params, &exchange, rows);
}

LabelPropagationResult label_propagation(Engine& engine, const DeviceGraph& graph,
                                         const LabelPropagationParams& params) {
  const LabelPropagationDeviceResult found = label_propagation_on_device(engine, graph, params);
  return LabelPropagationResult{static_cast<const LabelPropagationSummary&>(found), found.label.to_host()};
}

}  // namespace graphrun
