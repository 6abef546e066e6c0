#pragma once
// Breadth-first search from several sources: the levels of every source's
// search, in one call on one loaded graph (the CLI's `bfs --source a,b,c`
// and `--sources K`). The searches run one after another on the backend;
// decision 029 records why a bit-parallel batch was not kept on the cpu.
#include <cstddef>
#include <vector>

#include "graphrun/engine.hpp"

namespace graphrun {

struct MultiBfsResult {
  std::vector<vertex_t> sources;  // as given (compact ids; repeats allowed)
  // sources.size() x n, source-major: level[s * n + v] is v's level in the
  // search from sources[s]; no_vertex (-1) where unreachable.
  std::vector<vertex_t> level;
  std::vector<vertex_t> depth;        // per source: the largest level
  std::vector<std::size_t> reached;   // per source: vertices with a level
};

// Throws UsageError for an empty source list or a source outside 0..n-1.
MultiBfsResult multi_source_bfs(Engine& engine, const DeviceGraph& graph, const std::vector<vertex_t>& sources);

}  // namespace graphrun
