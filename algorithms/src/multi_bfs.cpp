// Several BFS searches on one resident graph, into one source-major level
// matrix. Groups of up to BfsKernels::max_batch_sources sources go to the
// backend's bit-parallel pass (bfs_batch); a backend without one runs the
// single-source search (bfs_on_device) per source and copies its levels
// into that source's block.
#include "graphrun/algorithms/multi_bfs.hpp"

#include <algorithm>
#include <span>
#include <string>

#include "device_buffers.hpp"
#include "graphrun/checked_size.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/kernels/bfs_kernels.hpp"
#include "graphrun/host_memory.hpp"

namespace graphrun {

using algorithms_detail::make_buffer;
using algorithms_detail::require;

namespace {

// The searches from `sources`, one after another, into their blocks of `level`.
void search_one_by_one(Engine& engine, const DeviceGraph& graph, std::span<const vertex_t> sources,
                       std::span<level_t> level, std::span<level_t> depth, std::span<std::size_t> reached) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  for (std::size_t s = 0; s < sources.size(); ++s) {
    BfsParams params;
    params.source = sources[s];
    const BfsDeviceResult found = bfs_on_device(engine, graph, params);
    engine.backend().memory().copy(level.data() + s * n, found.level.data(), n * sizeof(level_t),
                                   CopyKind::backend_to_backend);
    depth[s] = found.depth;
    reached[s] = found.reached;
  }
}

// The searches of one group (at most max_batch_sources) into `level`
// (backend memory, group.size() x n): one batch where the backend has it.
// Returns whether a batch ran.
bool search_group(Engine& engine, const DeviceGraph& graph, std::span<const vertex_t> group, std::span<level_t> level,
                  std::span<level_t> depth, std::span<std::size_t> reached) {
  if (bfs_kernels(engine.backend()).bfs_batch(graph, group, level, depth, reached)) return true;
  search_one_by_one(engine, graph, group, level, depth, reached);
  return false;
}

MultiBfsSummary checked_summary(const DeviceGraph& graph, const std::vector<vertex_t>& sources) {
  const vertex_t n = graph.num_vertices();
  require(!sources.empty(), "multi_source_bfs: no sources");
  for (const vertex_t source : sources)
    require(is_vertex(source, n), "multi_source_bfs: source vertex " + std::to_string(source) +
                                           " is outside the graph (" + std::to_string(n) + " vertices)");
  MultiBfsSummary summary;
  summary.sources = sources;
  summary.depth.resize(sources.size());
  summary.reached.resize(sources.size());
  return summary;
}

// Calls run(first, count) for each group of sources, in order.
template <class Run>
void for_each_group(std::size_t sources, Run&& run) {
  for (std::size_t first = 0; first < sources; first += BfsKernels::max_batch_sources)
    run(first, std::min(BfsKernels::max_batch_sources, sources - first));
}

}  // namespace

MultiBfsDeviceResult multi_source_bfs_on_device(Engine& engine, const DeviceGraph& graph,
                                                const std::vector<vertex_t>& sources) {
  MultiBfsDeviceResult result;
  static_cast<MultiBfsSummary&>(result) = checked_summary(graph, sources);
  const auto size = static_cast<std::size_t>(graph.num_vertices());
  result.level = make_buffer<level_t>(engine.backend(),
                                       product_or_throw(sources.size(), size, "multi_source_bfs: sources x vertices"));
  for_each_group(sources.size(), [&](std::size_t first, std::size_t count) {
    result.batches += search_group(engine, graph, std::span(sources).subspan(first, count),
                                   result.level.span().subspan(first * size, count * size),
                                   std::span(result.depth).subspan(first, count),
                                   std::span(result.reached).subspan(first, count));
  });
  return result;
}

// Group by group through one backend buffer of at most max_batch_sources
// rows, so backend memory holds one group's levels, not all of them.
MultiBfsResult multi_source_bfs(Engine& engine, const DeviceGraph& graph, const std::vector<vertex_t>& sources) {
  MultiBfsResult result;
  static_cast<MultiBfsSummary&>(result) = checked_summary(graph, sources);
  const auto size = static_cast<std::size_t>(graph.num_vertices());
  const std::size_t rows = std::min(BfsKernels::max_batch_sources, sources.size());
  // On the cpu backend the group buffer is host memory too.
  const std::uint64_t host_rows = sources.size() + (engine.backend().kind() == BackendKind::cpu ? rows : 0);
  require_host_memory(host_rows * size * sizeof(level_t),
                      "the levels of " + std::to_string(sources.size()) + " searches over " + std::to_string(size) +
                          " vertices",
                      "search from fewer sources per run");
  result.level.resize(product_or_throw(sources.size(), size, "multi_source_bfs: sources x vertices"));
  DeviceVector<level_t> group_level = make_buffer<level_t>(engine.backend(), rows * size);
  for_each_group(sources.size(), [&](std::size_t first, std::size_t count) {
    const auto level = group_level.span().first(count * size);
    result.batches += search_group(engine, graph, std::span(sources).subspan(first, count), level,
                                   std::span(result.depth).subspan(first, count),
                                   std::span(result.reached).subspan(first, count));
    engine.backend().memory().copy(result.level.data() + first * size, level.data(), level.size_bytes(),
                                   CopyKind::backend_to_host);
  });
  return result;
}

}  // namespace graphrun
