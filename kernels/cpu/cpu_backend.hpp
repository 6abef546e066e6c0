#pragma once
// The OpenMP backend: Backend's core primitives and every algorithm kernel
// family on host memory. Backend and the family interfaces check the
// arguments (non-virtual interface); each do_ here checks only what the cpu
// backend owns (a graph of another backend, ids in the data) and hands raw
// arrays to a kernel file.
#include <memory>
#include <string>
#include <vector>

#include "graphrun/algorithms/kernels/bfs_kernels.hpp"
#include "graphrun/algorithms/kernels/centrality_kernels.hpp"
#include "graphrun/algorithms/kernels/components_kernels.hpp"
#include "graphrun/algorithms/kernels/label_kernels.hpp"
#include "graphrun/algorithms/kernels/pagerank_kernels.hpp"
#include "graphrun/algorithms/kernels/sssp_kernels.hpp"
#include "graphrun/algorithms/kernels/triangle_kernels.hpp"
#include "graphrun/algorithms/kernels/triangular_kernels.hpp"
#include "graphrun/backend.hpp"
#include "cpu/host_memory.hpp"
#include "cpu/spmv_kernel.hpp"

namespace graphrun::cpu {

// The families are base classes beside Backend: their kernels need the
// backend's own state (threads, memory), and an algorithm reaches them by a
// cross-cast (bfs_kernels(backend), ...), so the engine never names them.
class CpuBackend final : public Backend,
                         public BfsKernels,
                         public ComponentsKernels,
                         public LabelKernels,
                         public PageRankKernels,
                         public SsspKernels,
                         public TriangleKernels,
                         public CentralityKernels,
                         public TriangularKernels {
 public:
  // Throws UsageError for an unknown spmv_kernel or negative thread count.
  explicit CpuBackend(const BackendOptions& options);

 protected:
  // ---- Backend ----
  BackendKind do_kind() const override { return BackendKind::cpu; }
  std::string do_device_name() const override;
  MemoryResource& do_memory() override { return *memory_; }
  void do_synchronize() override {}  // every primitive has finished when it returns
  std::unique_ptr<DeviceGraph> do_upload(const Graph& graph) override;
  std::vector<std::string> do_kernel_names(Product product) const override;
  std::string do_spmv_kernel_for(const DeviceGraph& a, Edges edges) const override;
  std::string do_spmm_kernel_for(const DeviceGraph& a, std::size_t width) const override;
  std::vector<double> do_time_runs(const std::function<void()>& work, const std::function<void()>& between, int warmup,
                                   int repetitions) override;
  void do_spmv(const DeviceGraph& a, SemiringId semiring, const SpmvDescriptor& d, ConstRawSpan x, RawSpan y) override;
  void do_spmm(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const float> x, std::span<float> y,
               std::size_t width) override;
  void do_degrees(const DeviceGraph& a, Edges edges, std::span<vertex_t> degree) override;
  void do_fill(RawSpan v, Scalar value) override;
  void do_iota(std::span<vertex_t> out) override;
  void do_map(MapOp op, const MapOperands& operands) override;
  bool do_gather(std::span<const vertex_t> values, std::span<const vertex_t> indices, std::span<vertex_t> out) override;
  Reduction do_reduce(ReduceOp op, ConstRawSpan x, ConstRawSpan y, VertexMask mask) override;

  // ---- BfsKernels ----
  std::size_t do_bfs_push(const DeviceGraph& a, std::span<const vertex_t> frontier, level_t depth,
                          std::span<level_t> level, std::span<vertex_t> parent,
                          std::span<vertex_t> next_frontier) override;
  std::size_t do_bfs_pull(const DeviceGraph& a, std::span<const vertex_t> frontier, level_t depth,
                          std::span<level_t> level, std::span<vertex_t> parent,
                          std::span<vertex_t> next_frontier) override;
  edge_t do_degree_sum(const DeviceGraph& a, Edges edges, std::span<const vertex_t> vertices) override;
  // Every remaining level in one call (bfs_levels.cpp).
  std::size_t do_bfs_levels(const DeviceGraph& a, const BfsParams& params, BfsProgress& progress,
                            std::span<const vertex_t> frontier, std::span<level_t> level, std::span<vertex_t> parent,
                            std::span<vertex_t> queue, std::size_t& frontier_begin) override;

  // ---- ComponentsKernels ----
  void do_link_neighbours(const DeviceGraph& a, Edges edges, edge_t first, edge_t count, std::span<vertex_t> parent,
                          ForestState* state) override;
  void do_compress(std::span<vertex_t> parent, ForestState* state) override;
  void do_pick_skip_root(std::span<const vertex_t> parent, std::uint32_t samples, ForestState* state) override;
  vertex_t do_local_block_vertices(const DeviceGraph& a, Edges edges) const override;
  void do_local_forest(const DeviceGraph& a, Edges edges, vertex_t block_vertices, std::span<vertex_t> parent) override;
  void do_link_across_blocks(const DeviceGraph& a, Edges edges, vertex_t block_vertices, std::span<vertex_t> parent,
                             ForestState* state) override;

  // ---- LabelKernels ----
  void do_label_mode(const DeviceGraph& a, Edges edges, std::span<const vertex_t> labels, std::span<vertex_t> out,
                     LabelSet labels_are) override;
  void do_count_changes(std::span<const vertex_t> before, std::span<const vertex_t> after,
                        std::span<LabelRounds> rounds) override;

  // ---- SsspKernels (cpu_backend_traversal.cpp) ----
  SsspBucketRule do_sssp_bucket_rule() const override;
  SsspWeights do_sssp_weights(const DeviceGraph& a) override;
  // The whole search in one OpenMP team (sssp_steps.cpp: GAP's bins).
  bool do_sssp_run(const DeviceGraph& a, vertex_t source, float delta, std::span<float> distance,
                   SsspWork& work) override;
  SsspListed do_sssp_relax(const DeviceGraph& a, std::span<const vertex_t> frontier, float limit, std::int32_t round,
                           std::span<float> distance, SsspMarks marks, std::span<vertex_t> near,
                           std::span<vertex_t> far, std::size_t far_size) override;
  SsspListed do_sssp_split(std::span<const vertex_t> far, float lower, float limit, std::int32_t round,
                           std::span<const float> distance, SsspMarks marks, std::span<vertex_t> near,
                           std::span<vertex_t> kept) override;

  // ---- TriangleKernels (cpu_backend_traversal.cpp) ----
  std::uint64_t do_triangle_sums(const DeviceGraph& a, bool weighted, std::span<std::uint64_t> sums) override;

  // ---- TriangularKernels (cpu_backend_solve.cpp) ----
  std::vector<TrsvMethod> do_methods() const override;
  std::unique_ptr<TrsvAnalysis> do_analyse_lower(const DeviceGraph& lower, TrsvMethod method,
                                                 TrsvPrecision precision) override;
  void do_solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const double> b,
                      std::span<double> x) override;
  void do_solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const float> b,
                      std::span<float> x) override;

  // ---- CentralityKernels (cpu_backend_traversal.cpp) ----
  void do_brandes_paths(const DeviceGraph& a, std::span<const vertex_t> vertices, level_t depth,
                        std::span<const level_t> level, std::span<double> paths) override;
  void do_brandes_dependencies(const DeviceGraph& a, std::span<const vertex_t> vertices, level_t depth,
                               std::span<const level_t> level, std::span<const double> paths,
                               std::span<double> dependency, std::span<double> centrality) override;

  // ---- PageRankKernels ----
  void do_pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                          std::span<const float> share, std::span<const float> carried, std::span<float> next_carried,
                          std::span<RankSums> sums) override;
  void do_pagerank_convert(std::span<const float> share, std::span<const float> from, std::span<float> to,
                           bool to_carried) override;
  // do_pagerank_step: PageRankKernels' unfused default.

 private:
  // Shared with every uploaded graph, whose views live in it.
  std::shared_ptr<HostMemoryResource> memory_ = std::make_shared<HostMemoryResource>();
  SpmvKernel spmv_kernel_;
  int threads_;
};

}  // namespace graphrun::cpu
