// LDBC Graphalytics CDLP: synchronous rounds of "take the most frequent label
// among your neighbours, the smallest on a tie". The counting itself is the
// backend's label_mode primitive; this file owns the round structure. Run
// until stable, the rounds chain on the device: count_changes keeps the
// stopping record there (label_rounds.hpp) and the host reads it only as
// often as ResidualCheckSchedule says.
// Run by several processes (BlockExchange), each counts the labels of its
// block's vertices over a graph whose in-rows are their neighbourhoods, and
// the blocks are shared after every round.
#include "graphrun/algorithms/label_propagation.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "device_buffers.hpp"
#include "graphrun/algorithms/block_exchange.hpp"
#include "graphrun/algorithms/kernels/label_kernels.hpp"
#include "graphrun/algorithms/residual_checks.hpp"

namespace graphrun {

using algorithms_detail::make_buffer;
using algorithms_detail::require;

namespace {

LabelPropagationDeviceResult run_label_propagation(Backend& backend, const DeviceGraph& graph,
                                                   const LabelPropagationParams& params, BlockExchange* exchange,
                                                   NeighbourRows rows) {
  require(params.max_iterations >= 0,
          "label propagation: max_iterations must be >= 0, got " + std::to_string(params.max_iterations));
  require(params.stable_check_interval >= 0, "label propagation: stable_check_interval must be >= 0, got " +
                                                 std::to_string(params.stable_check_interval));
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
  const auto run_round = [&](int round) {
    kernels.label_mode(graph, neighbours, label, next, round == 0 ? first_labels : LabelSet::any);
    if (exchange != nullptr) exchange->share_blocks(next.span());
  };

  if (!params.stop_when_stable) {
    // Counting the changes reads a scalar back (a host round trip that
    // drains the stream): a fixed-count run counts its last round only.
    for (int round = 0; round < params.max_iterations; ++round) {
      run_round(round);
      if (round + 1 == params.max_iterations) result.last_changes = backend.count_different(label, next);
      label.swap(next);
    }
    result.iterations = params.max_iterations;
    result.queued_iterations = params.max_iterations;
    return LabelPropagationDeviceResult{result, std::move(label)};
  }

  // Until stable: the backend keeps the stopping record (label_rounds.hpp)
  // and the host reads it between batches of rounds. Rounds queued after the
  // stable one rewrite the same labels into both buffers, so the swaps after
  // it do not matter.
  auto record = make_buffer<LabelRounds>(backend, 1);
  record.assign(std::span<const LabelRounds>(std::array{LabelRounds{}}));
  int check_every = params.stable_check_interval;
  if (check_every == 0 && (backend.kind() == BackendKind::cpu || exchange != nullptr)) check_every = 1;
  // A change count "meets the tolerance" when it is below one.
  ResidualCheckSchedule schedule(1.0, check_every);
  LabelRounds last;
  int queued = 0;
  while (queued < params.max_iterations && last.stable == 0) {
    const int batch = std::min(schedule.next_batch(), params.max_iterations - queued);
    for (int b = 0; b < batch; ++b) {
      run_round(queued);
      kernels.count_changes(label, next, record.span());
      label.swap(next);
      ++queued;
    }
    last = record.to_host().front();
    schedule.observe(queued, static_cast<double>(last.changes), static_cast<double>(last.previous_changes));
  }
  result.iterations = last.rounds;
  result.last_changes = static_cast<std::size_t>(last.changes);
  result.queued_iterations = queued;
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
