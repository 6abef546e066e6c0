// Several BFS searches on one resident graph, into one source-major level
// matrix in backend memory. Groups of up to BfsKernels::max_batch_sources
// sources go to the backend's bit-parallel pass (bfs_batch); a backend
// without one runs the single-source search (bfs_on_device) per source and
// copies its levels into that source's block.
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
                       std::span<vertex_t> level, std::span<vertex_t> depth, std::span<std::size_t> reached) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  for (std::size_t s = 0; s < sources.size(); ++s) {
    BfsParams params;
    params.source = sources[s];
    const BfsDeviceResult found = bfs_on_device(engine, graph, params);
    engine.backend().memory().copy(level.data() + s * n, found.level.data(), n * sizeof(vertex_t),
                                   CopyKind::backend_to_backend);
    depth[s] = found.depth;
    reached[s] = found.reached;
  }
}

}  // namespace

MultiBfsDeviceResult multi_source_bfs_on_device(Engine& engine, const DeviceGraph& graph,
                                                const std::vector<vertex_t>& sources) {
  const vertex_t n = graph.num_vertices();
  require(!sources.empty(), "multi_source_bfs: no sources");
  for (const vertex_t source : sources)
    require(source >= 0 && source < n, "multi_source_bfs: source vertex " + std::to_string(source) +
                                           " is outside the graph (" + std::to_string(n) + " vertices)");
  const auto size = static_cast<std::size_t>(n);
  MultiBfsDeviceResult result;
  result.sources = sources;
  result.level = make_buffer<vertex_t>(engine.backend(),
                                       product_or_throw(sources.size(), size, "multi_source_bfs: sources x vertices"));
  result.depth.resize(sources.size());
  result.reached.resize(sources.size());
  BfsKernels& kernels = bfs_kernels(engine.backend());
  const std::span<const vertex_t> all(sources);
  for (std::size_t first = 0; first < sources.size(); first += BfsKernels::max_batch_sources) {
    const std::size_t count = std::min(BfsKernels::max_batch_sources, sources.size() - first);
    const auto group = all.subspan(first, count);
    const auto level = result.level.span().subspan(first * size, count * size);
    const auto depth = std::span(result.depth).subspan(first, count);
    const auto reached = std::span(result.reached).subspan(first, count);
    if (kernels.bfs_batch(graph, group, level, depth, reached))
      ++result.batches;
    else
      search_one_by_one(engine, graph, group, level, depth, reached);
  }
  return result;
}

MultiBfsResult multi_source_bfs(Engine& engine, const DeviceGraph& graph, const std::vector<vertex_t>& sources) {
  // The levels come to the host; on the cpu backend their backend copy is host memory too.
  const std::uint64_t copies = engine.backend().kind() == BackendKind::cpu ? 2 : 1;
  require_host_memory(copies * static_cast<std::uint64_t>(sources.size()) *
                          static_cast<std::uint64_t>(graph.num_vertices()) * sizeof(vertex_t),
                      "the levels of " + std::to_string(sources.size()) + " searches over " +
                          std::to_string(graph.num_vertices()) + " vertices",
                      "search from fewer sources per run");
  MultiBfsDeviceResult found = multi_source_bfs_on_device(engine, graph, sources);
  MultiBfsResult result;
  static_cast<MultiBfsSummary&>(result) = std::move(static_cast<MultiBfsSummary&>(found));
  result.level = found.level.to_host();
  return result;
}

}  // namespace graphrun
