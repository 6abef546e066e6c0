// CpuBackend: BFS steps and levels, Brandes' steps, SSSP steps, triangle
// sums, degrees and label propagation (the kernels of bfs_frontier.cpp,
// bfs_levels.cpp, brandes.cpp, sssp_steps.cpp, triangles.cpp, degrees.cpp,
// label_mode.cpp, reductions.cpp; Backend and the kernel
// families checked the arguments). Ids read from the data are checked by the
// kernels, which report them here.
#include "graphrun/internal/primitive_checks.hpp"
#include "cpu/bfs_frontier.hpp"
#include "cpu/brandes.hpp"
#include "cpu/bfs_levels.hpp"
#include "cpu/cpu_backend.hpp"
#include "cpu/cpu_graph.hpp"
#include "cpu/degrees.hpp"
#include "cpu/label_mode.hpp"
#include "cpu/reductions.hpp"
#include "cpu/sssp_steps.hpp"
#include "cpu/triangles.hpp"
#include "cpu/tuning.hpp"

namespace graphrun::cpu {

using engine_detail::require;

std::size_t CpuBackend::do_bfs_push(const DeviceGraph& a, std::span<const vertex_t> frontier, level_t depth,
                                    std::span<level_t> level, std::span<vertex_t> parent,
                                    std::span<vertex_t> next_frontier) {
  std::size_t next_size = 0;
  require(cpu::bfs_push(as_cpu_graph(a), frontier, depth, level, parent, next_frontier, threads_, next_size),
          "bfs_push", "a frontier vertex id is out of range");
  return next_size;
}

std::size_t CpuBackend::do_bfs_pull(const DeviceGraph& a, std::span<const vertex_t> frontier, level_t depth,
                                    std::span<level_t> level, std::span<vertex_t> parent,
                                    std::span<vertex_t> next_frontier) {
  std::size_t next_size = 0;
  require(cpu::bfs_pull(as_cpu_graph(a), frontier, depth, level, parent, next_frontier, threads_, next_size),
          "bfs_pull", "a frontier vertex id is out of range");
  return next_size;
}

std::size_t CpuBackend::do_bfs_levels(const DeviceGraph& a, const BfsParams& params, BfsProgress& progress,
                                      std::span<const vertex_t> frontier, std::span<level_t> level,
                                      std::span<vertex_t> parent, std::span<vertex_t> queue,
                                      std::size_t& frontier_begin) {
  bool ids_ok = true;
  const std::size_t levels =
      cpu::bfs_levels(as_cpu_graph(a), params, progress, frontier, level, parent, queue, threads_, ids_ok);
  require(ids_ok, "bfs_levels", "a frontier vertex id is out of range");
  frontier_begin = 0;  // every level ran: the frontier is empty
  return levels;
}

SsspBucketRule CpuBackend::do_sssp_bucket_rule() const {
  return {.lanes = CpuTuning::sssp_bucket_lanes, .degree_exponent = CpuTuning::sssp_bucket_degree_exponent};
}

bool CpuBackend::do_sssp_run(const DeviceGraph& a, vertex_t source, float delta, std::span<float> distance,
                             SsspWork& work) {
  cpu::sssp_run(as_cpu_graph(a), source, delta, distance, threads_, work);
  return true;
}

SsspWeights CpuBackend::do_sssp_weights(const DeviceGraph& a) { return cpu::sssp_weights(as_cpu_graph(a), threads_); }

SsspListed CpuBackend::do_sssp_relax(const DeviceGraph& a, std::span<const vertex_t> frontier, float limit,
                                     std::int32_t round, std::span<float> distance, SsspMarks marks,
                                     std::span<vertex_t> near, std::span<vertex_t> far, std::size_t far_size) {
  SsspListed listed;
  require(cpu::sssp_relax(as_cpu_graph(a), frontier, limit, round, distance, marks, near, far, far_size, threads_,
                          listed),
          "sssp_relax", "a frontier vertex id is out of range");
  return listed;
}

SsspListed CpuBackend::do_sssp_split(std::span<const vertex_t> far, float lower, float limit, std::int32_t round,
                                     std::span<const float> distance, SsspMarks marks, std::span<vertex_t> near,
                                     std::span<vertex_t> kept) {
  SsspListed listed;
  require(cpu::sssp_split(far, lower, limit, round, distance, marks, near, kept, threads_, listed), "sssp_split",
          "a far vertex id is out of range");
  return listed;
}

std::uint64_t CpuBackend::do_triangle_sums(const DeviceGraph& a, bool weighted, std::span<std::uint64_t> sums) {
  return cpu::triangle_sums(as_cpu_graph(a), weighted, sums, threads_);
}

void CpuBackend::do_brandes_paths(const DeviceGraph& a, std::span<const vertex_t> vertices, level_t depth,
                                  std::span<const level_t> level, std::span<double> paths) {
  require(cpu::brandes_paths(as_cpu_graph(a), vertices, depth, level, paths, threads_), "brandes_paths",
          "a vertex id is out of range");
}

void CpuBackend::do_brandes_dependencies(const DeviceGraph& a, std::span<const vertex_t> vertices, level_t depth,
                                         std::span<const level_t> level, std::span<const double> paths,
                                         std::span<double> dependency, std::span<double> centrality) {
  require(cpu::brandes_dependencies(as_cpu_graph(a), vertices, depth, level, paths, dependency, centrality, threads_),
          "brandes_dependencies", "a vertex id is out of range");
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

void CpuBackend::do_count_changes(std::span<const vertex_t> before, std::span<const vertex_t> after,
                                  std::span<LabelRounds> rounds) {
  if (rounds[0].stable != 0) return;
  rounds[0] = after_round(rounds[0], cpu::count_different(before, after, threads_));
}

}  // namespace graphrun::cpu
