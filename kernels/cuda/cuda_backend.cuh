#pragma once
// CudaBackend: the native CUDA implementation of graphrun::Backend.
//
// It implements Backend's core primitives and every algorithm kernel family
// (BfsKernels, ComponentsKernels, LabelKernels, PageRankKernels,
// SsspKernels, TriangleKernels, CentralityKernels), whose
// public calls check the arguments before any do_ here runs.
//
// EXTENSION POINT for kernels/cusparse: CusparseBackend derives from this
// class, overrides do_kind(), do_spmv (plus-times to cuSPARSE, the rest back
// here), do_spmm, the kernel names, and do_pagerank_step (the unfused step,
// which calls its own SpMV), and inherits everything else. The protected
// section gives a derived backend what it needs: the stream, the memory
// resource, the device CSR of an uploaded graph (as the CsrView of
// kernels/cuda/spmv/spmv.cuh) and Backend::add_note() for the "ran on the
// native kernel instead" notes the design asks for (never a silent fallback).
//
// This header holds no device code, so a plain C++ translation unit with the
// CUDA include directories may include it.
#include <cuda_runtime.h>

#include <optional>
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
#include "graphrun/memory_plan.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/runtime/device_memory.cuh"
#include "cuda/runtime/stream.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

class CudaGraph;

class CudaBackend : public Backend,
                    public BfsKernels,
                    public ComponentsKernels,
                    public LabelKernels,
                    public PageRankKernels,
                    public SsspKernels,
                    public TriangleKernels,
                    public CentralityKernels,
                    public TriangularKernels,
                    public DeviceMemoryFacts {
 public:
  // Selects options.device (RuntimeError naming the valid ordinals when it
  // does not exist), creates the stream and the memory pool.
  explicit CudaBackend(const BackendOptions& options);
  ~CudaBackend() override;

 protected:
  // ---- DeviceMemoryFacts ----
  std::size_t free_device_bytes() override;
  // Each CSR, with float values only when the graph is weighted, and the
  // in-CSR too for a directed graph (CudaGraph's upload).
  std::size_t resident_bytes(const Graph& graph) const override;

  // ---- Backend ----
  BackendKind do_kind() const override;
  // "NVIDIA H100 80GB HBM3 (device 0, sm_90, 132 SMs)"
  std::string do_device_name() const override;
  MemoryResource& do_memory() override;
  void do_synchronize() override;
  void do_synchronize_device() override;
  std::unique_ptr<DeviceGraph> do_upload(const Graph& graph) override;
  // Built with CUB's radix sort when the build fits the free device memory
  // (cuda_backend_build.cu, graph_build/).
  std::optional<Graph> do_build_on_device(EdgeList& edges, const BuildOptions& options, std::string& why) override;
  // build_from_device_edges or adopt_csr below.
  DeviceBuild do_device_graph(const DeviceGraphSource& source) override;
  std::vector<std::string> do_kernel_names(Product product) const override;
  std::string do_spmv_kernel_for(const DeviceGraph& a, Edges edges) const override;
  std::string do_spmm_kernel_for(const DeviceGraph& a, std::size_t width) const override;
  std::vector<double> do_time_runs(const std::function<void()>& work, const std::function<void()>& between, int warmup,
                                   int repetitions) override;
  void do_spmv(const DeviceGraph& a, SemiringId semiring, const SpmvDescriptor& d, ConstRawSpan x, RawSpan y) override;
  void do_spmm(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const float> x, std::span<float> y,
               std::size_t width) override;
  // Edges::both is refused (csr_view): the device counts one adjacency.
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
  // Up to 64 searches per pass, one bit each (bfs/bfs_batch.cu).
  bool do_bfs_batch(const DeviceGraph& a, std::span<const vertex_t> sources, std::span<level_t> level,
                    std::span<level_t> depth, std::span<std::size_t> reached) override;
  // One cooperative kernel for runs of small levels (bfs/bfs_levels.cu).
  std::size_t do_bfs_levels(const DeviceGraph& a, const BfsParams& params, BfsProgress& progress,
                            std::span<const vertex_t> frontier, std::span<level_t> level, std::span<vertex_t> parent,
                            std::span<vertex_t> queue, std::size_t& frontier_begin) override;

  // ---- ComponentsKernels (cuda_backend_components.cu) ----
  void do_link_neighbours(const DeviceGraph& a, Edges edges, edge_t first, edge_t count, std::span<vertex_t> parent,
                          ForestState* state) override;
  void do_compress(std::span<vertex_t> parent, ForestState* state) override;
  void do_pick_skip_root(std::span<const vertex_t> parent, std::uint32_t samples, ForestState* state) override;
  vertex_t do_local_block_vertices(const DeviceGraph& a, Edges edges) const override;
  // Refuses block_vertices above LocalForestPolicy::max_block_vertices.
  void do_local_forest(const DeviceGraph& a, Edges edges, vertex_t block_vertices, std::span<vertex_t> parent) override;
  void do_link_across_blocks(const DeviceGraph& a, Edges edges, vertex_t block_vertices, std::span<vertex_t> parent,
                             ForestState* state) override;

  // ---- SsspKernels (sssp/sssp_steps.cu) ----
  SsspBucketRule do_sssp_bucket_rule() const override;
  SsspWeights do_sssp_weights(const DeviceGraph& a) override;
  SsspListed do_sssp_relax(const DeviceGraph& a, std::span<const vertex_t> frontier, float limit, std::int32_t round,
                           std::span<float> distance, SsspMarks marks, std::span<vertex_t> near,
                           std::span<vertex_t> far, std::size_t far_size) override;
  SsspListed do_sssp_split(std::span<const vertex_t> far, float lower, float limit, std::int32_t round,
                           std::span<const float> distance, SsspMarks marks, std::span<vertex_t> near,
                           std::span<vertex_t> kept) override;

  // ---- TriangularKernels (triangular/trsv.cu) ----
  std::vector<TrsvMethod> do_methods() const override;
  std::unique_ptr<TrsvAnalysis> do_analyse_lower(const DeviceGraph& lower, TrsvMethod method,
                                                 TrsvPrecision precision) override;
  void do_solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const double> b,
                      std::span<double> x) override;
  void do_solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const float> b,
                      std::span<float> x) override;

  // ---- TriangleKernels (triangles/triangle_sums.cu) ----
  std::uint64_t do_triangle_sums(const DeviceGraph& a, bool weighted, std::span<std::uint64_t> sums) override;

  // ---- CentralityKernels (centrality/brandes.cu) ----
  void do_brandes_paths(const DeviceGraph& a, std::span<const vertex_t> vertices, level_t depth,
                        std::span<const level_t> level, std::span<double> paths) override;
  void do_brandes_dependencies(const DeviceGraph& a, std::span<const vertex_t> vertices, level_t depth,
                               std::span<const level_t> level, std::span<const double> paths,
                               std::span<double> dependency, std::span<double> centrality) override;

  // ---- LabelKernels ----
  void do_label_mode(const DeviceGraph& a, Edges edges, std::span<const vertex_t> labels, std::span<vertex_t> out,
                     LabelSet labels_are) override;
  void do_count_changes(std::span<const vertex_t> before, std::span<const vertex_t> after,
                        std::span<LabelRounds> rounds) override;

  // ---- PageRankKernels ----
  void do_pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                          std::span<const float> share, std::span<const float> carried, std::span<float> next_carried,
                          std::span<RankSums> sums) override;
  void do_pagerank_convert(std::span<const float> share, std::span<const float> from, std::span<float> to,
                           bool to_carried) override;
  // Fused into the SpMV's row kernel when the pull adjacency's kernel (auto
  // or --spmv-kernel) is csr-scalar*, csr-vector* or ell; any other kernel runs
  // unfused_pagerank_step (spmv, then pagerank_update) and records a note.
  void do_pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull, std::span<const float> carried,
                        std::span<const float> teleport, float damping, std::span<const float> share,
                        std::span<float> next_carried, std::span<RankSums> sums) override;

  // ---- for derived backends (kernels/cusparse) ----
  cudaStream_t stream() const noexcept { return stream_.get(); }
  DeviceMemoryResource& device_memory() noexcept { return memory_; }
  int device() const noexcept { return device_; }
  const BackendOptions& options() const noexcept { return options_; }
  // Makes this backend's device current for the calling thread: kernels must
  // launch on the device that owns the stream, and another backend (another
  // --device) may have switched it. Cheap when already current.
  void activate() const;
  // Graphs from device arrays (do_device_graph): both check the arrays on
  // the device (graph_build/device_checks.cuh) and refuse, as out of GPU
  // memory, what does not fit the free memory; adopt_csr gives a null graph
  // for a CSR that fails its checks.
  DeviceBuild build_from_device_edges(const DeviceEdgeArrays& edges, const BuildOptions& options);
  DeviceBuild adopt_csr(const DeviceCsrArrays& csr, bool directed, std::shared_ptr<const void> owner);
  // OutOfMemoryError when `needed` bytes exceed the share of the free device
  // memory a build may plan on; `what` names the work. The free figure is
  // free_device_bytes(), the memory plan's: read after the pool gives its
  // cached blocks back, so a build and a plan see the same memory.
  void require_free_memory(std::size_t needed, const std::string& what);
  // activate(), then stream + memory + SM count, and the stream beside, as
  // the kernel dispatch functions take them. Const: the const queries build
  // plans on first use.
  DeviceContext context() const;
  // Device CSR of an uploaded graph: Edges::out = rows of A, Edges::in = rows
  // of A^T (the same arrays on an undirected graph). UsageError for a graph
  // of another backend kind or for Edges::both.
  static CsrView csr_view(const DeviceGraph& graph, Edges edges);

 private:
  // Records the plan's fallback note (SpmvPlan::fallback_note), if any.
  void note_spmv_fallback(const SpmvPlan& plan);

  BackendOptions options_;
  int device_;
  int multiprocessors_;
  std::string device_name_;
  Stream stream_;
  // DeviceContext::beside. Mutable: forking queues work, as the stream does.
  mutable ForkedStream beside_;
  // Mutable: allocating scratch or a plan changes no state a caller sees.
  mutable DeviceMemoryResource memory_;
  // count_changes's counters (zero between its launches), made on first use.
  DeviceVector<unsigned long long> change_counters_;
};

}  // namespace graphrun::cuda
