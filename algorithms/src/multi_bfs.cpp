// Several BFS searches on one resident graph: each source runs the
// single-source search (bfs_on_device), and its levels come to the host
// into that source's block of the result.
#include "graphrun/algorithms/multi_bfs.hpp"

#include <algorithm>
#include <string>

#include "device_buffers.hpp"
#include "graphrun/checked_size.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/host_memory.hpp"

namespace graphrun {

using algorithms_detail::require;

MultiBfsResult multi_source_bfs(Engine& engine, const DeviceGraph& graph, const std::vector<vertex_t>& sources) {
  const vertex_t n = graph.num_vertices();
  require(!sources.empty(), "multi_source_bfs: no sources");
  for (const vertex_t source : sources)
    require(source >= 0 && source < n, "multi_source_bfs: source vertex " + std::to_string(source) +
                                           " is outside the graph (" + std::to_string(n) + " vertices)");
  const auto size = static_cast<std::size_t>(n);
  require_host_memory(static_cast<std::uint64_t>(sources.size()) * size * sizeof(vertex_t),
                      "the levels of " + std::to_string(sources.size()) + " searches over " + std::to_string(n) +
                          " vertices",
                      "search from fewer sources per run");
  MultiBfsResult result;
  result.sources = sources;
  result.level.resize(product_or_throw(sources.size(), size, "multi_source_bfs: sources x vertices"));
  result.depth.resize(sources.size());
  result.reached.resize(sources.size());
  for (std::size_t s = 0; s < sources.size(); ++s) {
    BfsParams params;
    params.source = sources[s];
    const BfsDeviceResult found = bfs_on_device(engine, graph, params);
    engine.backend().memory().copy(result.level.data() + s * size, found.level.data(), size * sizeof(vertex_t),
                                   CopyKind::backend_to_host);
    result.depth[s] = found.depth;
    result.reached[s] = found.reached;
  }
  return result;
}

}  // namespace graphrun
