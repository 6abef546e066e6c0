#pragma once
// Breadth-first search from several sources: the levels of every source's
// search, in one call on one loaded graph (the CLI's `bfs --source a,b,c`
// and `--sources K`). A backend with BfsKernels::bfs_batch advances up to 64
// searches with each pass over the matrix (cuda); the others run the
// searches one after another (cpu: decision 029 records why a bit-parallel
// batch was not kept there). Both give the same levels, depths and counts.
#include <cstddef>
#include <vector>

#include "graphrun/engine.hpp"

namespace graphrun {

struct MultiBfsSummary {
  std::vector<vertex_t> sources;     // as given (compact ids; repeats allowed)
  std::vector<level_t> depth;        // per source: the largest level
  std::vector<std::size_t> reached;  // per source: vertices with a level
  std::size_t batches = 0;           // bit-parallel batches run (0: one search per source)
};

struct MultiBfsResult : MultiBfsSummary {
  // sources.size() x n, source-major: level[s * n + v] is v's level in the
  // search from sources[s]; no_level (-1) where unreachable.
  std::vector<level_t> level;
};

// The same with the levels left in the backend's memory (see BfsDeviceResult).
struct MultiBfsDeviceResult : MultiBfsSummary {
  DeviceVector<level_t> level;
};

// Throws UsageError for an empty source list or a source outside 0..n-1.
MultiBfsResult multi_source_bfs(Engine& engine, const DeviceGraph& graph, const std::vector<vertex_t>& sources);
MultiBfsDeviceResult multi_source_bfs_on_device(Engine& engine, const DeviceGraph& graph,
                                                const std::vector<vertex_t>& sources);

}  // namespace graphrun
