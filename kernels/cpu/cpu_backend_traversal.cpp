// CpuBackend: BFS steps, degrees and label propagation (argument checks,
// then the kernels of bfs_frontier.cpp, degrees.cpp, label_mode.cpp).
#include "kernels/cpu/argument_checks.hpp"
#include "kernels/cpu/bfs_frontier.hpp"
#include "kernels/cpu/cpu_backend.hpp"
#include "kernels/cpu/cpu_graph.hpp"
#include "kernels/cpu/degrees.hpp"
#include "kernels/cpu/label_mode.hpp"

namespace graphrun::cpu {

std::size_t CpuBackend::bfs_push(const DeviceGraph& a, std::span<const vertex_t> frontier, vertex_t depth,
                                 std::span<vertex_t> level, std::span<vertex_t> parent,
                                 std::span<vertex_t> next_frontier) {
  constexpr const char* primitive = "bfs_push";
  const CpuGraph& graph = as_cpu_graph(a);
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  require_size(primitive, "level", level.size(), n);
  require_size(primitive, "parent", parent.size(), n);
  require_at_least(primitive, "next_frontier", next_frontier.size(), n);
  require_true(!overlap(frontier, next_frontier), primitive, "next_frontier may not alias frontier");
  std::size_t next_size = 0;
  require_true(cpu::bfs_push(graph, frontier, depth, level, parent, next_frontier, threads_, next_size), primitive,
               "a frontier vertex id is out of range");
  return next_size;
}

edge_t CpuBackend::degree_sum(const DeviceGraph& a, Edges edges, std::span<const vertex_t> vertices) {
  edge_t sum = 0;
  require_true(cpu::degree_sum(as_cpu_graph(a), edges, vertices, threads_, sum), "degree_sum",
               "a vertex id is out of range");
  return sum;
}

void CpuBackend::degrees(const DeviceGraph& a, Edges edges, std::span<vertex_t> degree) {
  const CpuGraph& graph = as_cpu_graph(a);
  require_size("degrees", "degree", degree.size(), static_cast<std::size_t>(graph.num_vertices()));
  cpu::degrees(graph, edges, degree, threads_);
}

void CpuBackend::label_mode(const DeviceGraph& a, Edges edges, std::span<const vertex_t> labels,
                            std::span<vertex_t> out) {
  const CpuGraph& graph = as_cpu_graph(a);
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  require_size("label_mode", "labels", labels.size(), n);
  require_size("label_mode", "out", out.size(), n);
  // Rounds are synchronous: every vertex must read the previous round's labels.
  require_true(!overlap(labels, out), "label_mode", "out may not alias labels");
  cpu::label_mode(graph, edges, labels, out, threads_);
}

std::size_t CpuBackend::bfs_settle(std::span<const vertex_t> reached, vertex_t depth, std::span<vertex_t> level,
                                   std::span<vertex_t> parent, std::span<vertex_t> frontier_ids) {
  constexpr const char* primitive = "bfs_settle";
  require_size(primitive, "level", level.size(), reached.size());
  require_size(primitive, "parent", parent.size(), reached.size());
  require_at_least(primitive, "frontier_ids", frontier_ids.size(), reached.size());
  return cpu::bfs_settle(reached, depth, level, parent, frontier_ids, threads_);
}

void CpuBackend::bfs_pull_inputs(std::span<const vertex_t> frontier_ids, std::span<const vertex_t> level,
                                 std::span<vertex_t> x, std::span<std::uint8_t> visited) {
  constexpr const char* primitive = "bfs_pull_inputs";
  require_size(primitive, "level", level.size(), x.size());
  require_size(primitive, "visited", visited.size(), x.size());
  require_true(cpu::bfs_pull_inputs(frontier_ids, level, x, visited, threads_), primitive,
               "a frontier vertex id is out of range");
}

}  // namespace graphrun::cpu
