// CpuBackend: BFS steps and levels, degrees and label propagation (the
// kernels of bfs_frontier.cpp, bfs_levels.cpp, degrees.cpp, label_mode.cpp;
// Backend, BfsKernels and LabelKernels checked the arguments). Ids read from the data are checked
// by the kernels, which report them here.
#include "graphrun/internal/primitive_checks.hpp"
#include "cpu/bfs_frontier.hpp"
#include "cpu/bfs_levels.hpp"
#include "cpu/cpu_backend.hpp"
#include "cpu/cpu_graph.hpp"
#include "cpu/degrees.hpp"
#include "cpu/label_mode.hpp"

namespace graphrun::cpu {

using engine_detail::require;

std::size_t CpuBackend::do_bfs_push(const DeviceGraph& a, std::span<const vertex_t> frontier, vertex_t depth,
                                    std::span<vertex_t> level, std::span<vertex_t> parent,
                                    std::span<vertex_t> next_frontier) {
  std::size_t next_size = 0;
  require(cpu::bfs_push(as_cpu_graph(a), frontier, depth, level, parent, next_frontier, threads_, next_size),
          "bfs_push", "a frontier vertex id is out of range");
  return next_size;
}

std::size_t CpuBackend::do_bfs_pull(const DeviceGraph& a, std::span<const vertex_t> frontier, vertex_t depth,
                                    std::span<vertex_t> level, std::span<vertex_t> parent,
                                    std::span<vertex_t> next_frontier) {
  std::size_t next_size = 0;
  require(cpu::bfs_pull(as_cpu_graph(a), frontier, depth, level, parent, next_frontier, threads_, next_size),
          "bfs_pull", "a frontier vertex id is out of range");
  return next_size;
}

std::size_t CpuBackend::do_bfs_levels(const DeviceGraph& a, const BfsParams& params, BfsProgress& progress,
                                      std::span<const vertex_t> frontier, std::span<vertex_t> level,
                                      std::span<vertex_t> parent, std::span<vertex_t> queue,
                                      std::size_t& frontier_begin) {
  bool ids_ok = true;
  const std::size_t levels =
      cpu::bfs_levels(as_cpu_graph(a), params, progress, frontier, level, parent, queue, threads_, ids_ok);
  require(ids_ok, "bfs_levels", "a frontier vertex id is out of range");
  frontier_begin = 0;  // every level ran: the frontier is empty
  return levels;
}

edge_t CpuBackend::do_degree_sum(const DeviceGraph& a, Edges edges, std::span<const vertex_t> vertices) {
  edge_t sum = 0;
  require(cpu::degree_sum(as_cpu_graph(a), edges, vertices, threads_, sum), "degree_sum",
          "a vertex id is out of range");
  return sum;
}

void CpuBackend::do_degrees(const DeviceGraph& a, Edges edges, std::span<vertex_t> degree) {
  cpu::degrees(as_cpu_graph(a), edges, degree, threads_);
}

// Counts whatever `labels_are` says: the CPU's counting of a row of
// distinct labels is a sort of the row, and the first round is not what
// its time goes to.
void CpuBackend::do_label_mode(const DeviceGraph& a, Edges edges, std::span<const vertex_t> labels,
                               std::span<vertex_t> out, LabelSet /*labels_are*/) {
  cpu::label_mode(as_cpu_graph(a), edges, labels, out, threads_);
}

}  // namespace graphrun::cpu
