// BfsKernels' public steps: the checks every backend shares, then its do_
// virtual. An empty graph or frontier reaches nothing, on every backend.
#include "graphrun/algorithms/kernels/bfs_kernels.hpp"

#include <string>

#include "kernels/family_access.hpp"
#include "graphrun/internal/primitive_checks.hpp"

namespace graphrun {

namespace {

// The checks bfs_push and bfs_pull share; false when the step has nothing
// to do (no vertices or an empty frontier).
bool bfs_step_has_work(const char* primitive, const DeviceGraph& a, std::span<const vertex_t> frontier,
                       std::span<level_t> level, std::span<vertex_t> parent, std::span<vertex_t> next_frontier) {
  const auto n = static_cast<std::size_t>(a.num_vertices());
  engine_detail::require_size(primitive, "level", level.size(), n);
  engine_detail::require_size(primitive, "parent", parent.size(), n);
  engine_detail::require_at_least(primitive, "next_frontier", next_frontier.size(), n);
  engine_detail::require_disjoint(primitive, next_frontier, frontier, "next_frontier may not alias frontier");
  return n != 0 && !frontier.empty();
}

}  // namespace

std::size_t BfsKernels::bfs_push(const DeviceGraph& a, std::span<const vertex_t> frontier, level_t depth,
                                 std::span<level_t> level, std::span<vertex_t> parent,
                                 std::span<vertex_t> next_frontier) {
  if (!bfs_step_has_work("bfs_push", a, frontier, level, parent, next_frontier)) return 0;
  return do_bfs_push(a, frontier, depth, level, parent, next_frontier);
}

std::size_t BfsKernels::bfs_pull(const DeviceGraph& a, std::span<const vertex_t> frontier, level_t depth,
                                 std::span<level_t> level, std::span<vertex_t> parent,
                                 std::span<vertex_t> next_frontier) {
  if (!bfs_step_has_work("bfs_pull", a, frontier, level, parent, next_frontier)) return 0;
  return do_bfs_pull(a, frontier, depth, level, parent, next_frontier);
}

edge_t BfsKernels::degree_sum(const DeviceGraph& a, Edges edges, std::span<const vertex_t> vertices) {
  return do_degree_sum(a, edges, vertices);
}

std::size_t BfsKernels::bfs_levels(const DeviceGraph& a, const BfsParams& params, BfsProgress& progress,
                                   std::span<const vertex_t> frontier, std::span<level_t> level,
                                   std::span<vertex_t> parent, std::span<vertex_t> queue, std::size_t& frontier_begin) {
  engine_detail::require_size("bfs_levels", "frontier", frontier.size(), progress.frontier_size);
  if (!bfs_step_has_work("bfs_levels", a, frontier, level, parent, queue)) return 0;
  return do_bfs_levels(a, params, progress, frontier, level, parent, queue, frontier_begin);
}

bool BfsKernels::bfs_batch(const DeviceGraph& a, std::span<const vertex_t> sources, std::span<level_t> level,
                           std::span<level_t> depth, std::span<std::size_t> reached) {
  constexpr const char* primitive = "bfs_batch";
  const vertex_t n = a.num_vertices();
  engine_detail::require(!sources.empty(), primitive, "no sources");
  engine_detail::require(sources.size() <= max_batch_sources, primitive,
                         std::to_string(sources.size()) + " sources, more than " + std::to_string(max_batch_sources));
  for (const vertex_t source : sources)
    engine_detail::require(is_vertex(source, n), primitive,
                           "source vertex " + std::to_string(source) + " is outside the graph (" + std::to_string(n) +
                               " vertices)");
  engine_detail::require_size(primitive, "level", level.size(), sources.size() * static_cast<std::size_t>(n));
  engine_detail::require_size(primitive, "depth", depth.size(), sources.size());
  engine_detail::require_size(primitive, "reached", reached.size(), sources.size());
  return do_bfs_batch(a, sources, level, depth, reached);
}

BfsKernels& bfs_kernels(Backend& backend) { return algorithms_detail::kernel_family<BfsKernels>(backend, "BFS"); }

}  // namespace graphrun
