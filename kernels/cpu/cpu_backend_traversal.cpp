// CpuBackend: BFS steps, degrees and label propagation (argument checks,
// then the kernels of bfs_frontier.cpp, degrees.cpp, label_mode.cpp).
#include "graphrun/error.hpp"
#include "kernels/cpu/argument_checks.hpp"
#include "kernels/cpu/bfs_frontier.hpp"
#include "kernels/cpu/cpu_backend.hpp"
#include "kernels/cpu/cpu_graph.hpp"
#include "kernels/cpu/degrees.hpp"
#include "kernels/cpu/label_mode.hpp"

namespace graphrun::cpu {

namespace {

// The checks bfs_push and bfs_pull share.
void require_bfs_step_arguments(const char* primitive, const CpuGraph& graph, std::span<const vertex_t> frontier,
                                std::span<vertex_t> level, std::span<vertex_t> parent,
                                std::span<vertex_t> next_frontier) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  require_size(primitive, "level", level.size(), n);
  require_size(primitive, "parent", parent.size(), n);
  require_at_least(primitive, "next_frontier", next_frontier.size(), n);
  require_true(!overlap(frontier, next_frontier), primitive, "next_frontier may not alias frontier");
}

}  // namespace

std::size_t CpuBackend::bfs_push(const DeviceGraph& a, std::span<const vertex_t> frontier, vertex_t depth,
                                 std::span<vertex_t> level, std::span<vertex_t> parent,
                                 std::span<vertex_t> next_frontier) {
  const CpuGraph& graph = as_cpu_graph(a);
  require_bfs_step_arguments("bfs_push", graph, frontier, level, parent, next_frontier);
  std::size_t next_size = 0;
  require_true(cpu::bfs_push(graph, frontier, depth, level, parent, next_frontier, threads_, next_size), "bfs_push",
               "a frontier vertex id is out of range");
  return next_size;
}

std::size_t CpuBackend::bfs_pull(const DeviceGraph& a, std::span<const vertex_t> frontier, vertex_t depth,
                                 std::span<vertex_t> level, std::span<vertex_t> parent,
                                 std::span<vertex_t> next_frontier) {
  const CpuGraph& graph = as_cpu_graph(a);
  require_bfs_step_arguments("bfs_pull", graph, frontier, level, parent, next_frontier);
  std::size_t next_size = 0;
  require_true(cpu::bfs_pull(graph, frontier, depth, level, parent, next_frontier, threads_, next_size), "bfs_pull",
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

// Counts whatever `labels_are` says: the CPU's counting of a row of
// distinct labels is a sort of the row, and the first round is not what
// its time goes to.
void CpuBackend::label_mode(const DeviceGraph& a, Edges edges, std::span<const vertex_t> labels,
                            std::span<vertex_t> out, LabelSet /*labels_are*/) {
  const CpuGraph& graph = as_cpu_graph(a);
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  require_size("label_mode", "labels", labels.size(), n);
  require_size("label_mode", "out", out.size(), n);
  // Rounds are synchronous: every vertex must read the previous round's labels.
  require_true(!overlap(labels, out), "label_mode", "out may not alias labels");
  cpu::label_mode(graph, edges, labels, out, threads_);
}

}  // namespace graphrun::cpu
