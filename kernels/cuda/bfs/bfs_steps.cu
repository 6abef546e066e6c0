#include <string>

#include "graphrun/error.hpp"
#include "graphrun/memory.hpp"
#include "graphrun/semiring.hpp"
#include "cuda/bfs/bfs_steps.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/frontier_edges.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/runtime/segment_search.cuh"

namespace graphrun::cuda {

namespace {

// Device-side counters of one push step, read back together in one copy.
struct PushCounters {
  unsigned int next_size;  // vertices appended to the next frontier (at most n - 1, so unsigned)
  int bad_frontier_id;     // non-zero: a frontier id outside 0..n-1 (skipped)
};

}  // namespace

std::size_t bfs_push(const DeviceContext& context, const CsrView& out, vertex_t* candidates,
                     std::span<const vertex_t> frontier, level_t depth, std::span<level_t> level,
                     std::span<vertex_t> parent, std::span<vertex_t> next_frontier) {
  if (frontier.empty() || out.num_entries == 0) return 0;
  const auto frontier_size = static_cast<std::int64_t>(frontier.size());
  DeviceVector<PushCounters> counters(context.memory, 1);
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(counters.data(), 0, sizeof(PushCounters), context.stream));
  DeviceVector<edge_t> edge_starts =
      frontier_edge_starts(context, out, frontier, &counters.data()->bad_frontier_id);

  // Expansion: every edge of the frontier proposes its source as the parent
  // of an unvisited target (atomicMin keeps the smallest). The one thread that
  // finds the candidate still at identity appends the target, so duplicates
  // in the frontier or several parents never list a vertex twice.
  const edge_t* starts = edge_starts.data();
  const vertex_t* ids = frontier.data();
  const edge_t* offsets = out.offsets;
  const vertex_t* indices = out.indices;
  const level_t* levels = level.data();
  vertex_t* next = next_frontier.data();
  unsigned int* appended = &counters.data()->next_size;
  // The grid is sized for the worst case (every entry), the loop bound read
  // on the device: the total needs no trip to the host.
  for_each_index_device_count(context, starts + frontier_size, out.num_entries, [=] __device__(std::int64_t e) {
    const std::int64_t k = segment_of(starts, frontier_size + 1, static_cast<edge_t>(e));
    const vertex_t u = ids[k];
    const vertex_t v = indices[offsets[u] + (e - starts[k])];
    if (levels[v] != no_level) return;
    if (atomicMin(&candidates[v], u) == MinSecond::identity()) next[atomicAdd(appended, 1u)] = v;
  });

  const PushCounters totals = read_scalar(context, static_cast<const PushCounters*>(counters.data()));
  const auto reached = static_cast<std::size_t>(totals.next_size);
  // Settling: the candidates now hold the smallest parent; restore them to
  // identity for the next step.
  level_t* levels_out = level.data();
  vertex_t* parents = parent.data();
  for_each_index(context, static_cast<std::int64_t>(reached), [=] __device__(std::int64_t i) {
    const vertex_t v = next[i];
    levels_out[v] = depth;
    parents[v] = candidates[v];
    candidates[v] = MinSecond::identity();
  });
  // Thrown only now, so the candidates are restored for the next call.
  if (totals.bad_frontier_id)
    throw UsageError("bfs_push: a frontier id is outside 0.." + std::to_string(std::int64_t{out.num_rows} - 1));
  return reached;
}

}  // namespace graphrun::cuda
