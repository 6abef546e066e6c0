#pragma once
// CudaBackend: the native CUDA implementation of graphrun::Backend.
//
// EXTENSION POINT for kernels/cusparse: CusparseBackend derives from this
// class, overrides kind(), the PlusTimes<float>/<double> spmv overloads and
// spmm (plus spmv_kernels()/spmv_kernel_for() for its own kernel names, and
// pagerank_step back to Backend's unfused default, which calls its own SpMV),
// and inherits everything else. Every Backend override here is therefore virtual,
// and the protected section gives a derived backend what it needs: the
// stream, the memory resource, the device CSR of an uploaded graph (as the
// CsrView of kernels/cuda/spmv/spmv.cuh) and add_note() for the "ran on the
// native kernel instead" notes the design asks for (never a silent fallback).
//
// This header holds no device code, so a plain C++ translation unit with the
// CUDA include directories may include it.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "graphrun/backend.hpp"
#include "kernels/cuda/runtime/context.cuh"
#include "kernels/cuda/runtime/device_memory.cuh"
#include "kernels/cuda/runtime/stream.cuh"
#include "kernels/cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

class CudaGraph;

class CudaBackend : public Backend {
 public:
  // Selects options.device (RuntimeError naming the valid ordinals when it
  // does not exist), creates the stream and the memory pool.
  explicit CudaBackend(const BackendOptions& options);
  ~CudaBackend() override;

  BackendKind kind() const override;
  // "NVIDIA H100 80GB HBM3 (device 0, sm_90, 132 SMs)"
  std::string device_name() const override;
  MemoryResource& memory() override;
  void synchronize() override;
  std::vector<std::string> notes() const override;

  std::unique_ptr<DeviceGraph> upload(const Graph& graph) override;

  std::vector<std::string> spmv_kernels() const override;
  std::string spmv_kernel_for(const DeviceGraph& a, Edges edges) const override;
  std::vector<std::string> spmm_kernels() const override;
  std::string spmm_kernel_for(const DeviceGraph& a, std::size_t width) const override;

  std::vector<double> time_runs(const std::function<void()>& work, const std::function<void()>& between,
                                int warmup, int repetitions) override;

  void spmv(const DeviceGraph& a, PlusTimes<float>, const SpmvDescriptor& d, std::span<const float> x,
            std::span<float> y) override;
  void spmv(const DeviceGraph& a, PlusTimes<double>, const SpmvDescriptor& d, std::span<const double> x,
            std::span<double> y) override;
  void spmv(const DeviceGraph& a, MinPlus, const SpmvDescriptor& d, std::span<const float> x,
            std::span<float> y) override;
  void spmv(const DeviceGraph& a, OrAnd, const SpmvDescriptor& d, std::span<const std::uint8_t> x,
            std::span<std::uint8_t> y) override;
  void spmv(const DeviceGraph& a, MinSecond, const SpmvDescriptor& d, std::span<const vertex_t> x,
            std::span<vertex_t> y) override;

  void spmm(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const float> x, std::span<float> y,
            std::size_t width) override;

  std::size_t bfs_push(const DeviceGraph& a, std::span<const vertex_t> frontier, vertex_t depth,
                       std::span<vertex_t> level, std::span<vertex_t> parent,
                       std::span<vertex_t> next_frontier) override;
  std::size_t bfs_pull(const DeviceGraph& a, std::span<const vertex_t> frontier, vertex_t depth,
                       std::span<vertex_t> level, std::span<vertex_t> parent,
                       std::span<vertex_t> next_frontier) override;
  edge_t degree_sum(const DeviceGraph& a, Edges edges, std::span<const vertex_t> vertices) override;
  void degrees(const DeviceGraph& a, Edges edges, std::span<vertex_t> degree) override;

  void link_neighbours(const DeviceGraph& a, Edges edges, edge_t first, edge_t count, std::span<vertex_t> parent,
                       std::span<ForestState> state) override;
  void compress(std::span<vertex_t> parent, std::span<ForestState> state) override;
  void pick_skip_root(std::span<const vertex_t> parent, std::uint32_t samples,
                      std::span<ForestState> state) override;
  vertex_t local_block_vertices(const DeviceGraph& a, Edges edges) const override;
  void local_forest(const DeviceGraph& a, Edges edges, vertex_t block_vertices, std::span<vertex_t> parent) override;
  void link_across_blocks(const DeviceGraph& a, Edges edges, vertex_t block_vertices, std::span<vertex_t> parent,
                          std::span<ForestState> state) override;

  using Backend::label_mode;
  void label_mode(const DeviceGraph& a, Edges edges, std::span<const vertex_t> labels, std::span<vertex_t> out,
                  LabelSet labels_are) override;

  void fill(std::span<float> v, float value) override;
  void fill(std::span<double> v, double value) override;
  void fill(std::span<vertex_t> v, vertex_t value) override;
  void fill(std::span<std::uint8_t> v, std::uint8_t value) override;
  void iota(std::span<vertex_t> out) override;
  void axpby(float a, std::span<const float> x, float b, std::span<float> y) override;
  void multiply(std::span<const float> x, std::span<const float> y, std::span<float> out) override;
  void degree_power(std::span<const vertex_t> degree, vertex_t add, float exponent,
                    std::span<float> out) override;
  void flag_zero(std::span<const float> values, std::span<std::uint8_t> flags) override;
  void reciprocal(std::span<const float> x, std::span<float> out) override;
  void scale_rows(std::span<float> x, std::size_t width, std::span<const float> scale) override;
  void gather(std::span<const vertex_t> values, std::span<const vertex_t> indices,
              std::span<vertex_t> out) override;
  void minimum(std::span<const vertex_t> x, std::span<vertex_t> y) override;
  void pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                       std::span<const float> share, std::span<const float> rank, std::span<float> next_rank,
                       std::span<float> contribution, std::span<RankSums> sums) override;
  // Fused into the SpMV's row kernel when the pull adjacency's kernel (auto
  // or --spmv-kernel) is csr-scalar*, csr-vector* or ell; any other kernel runs
  // Backend's default (spmv, then pagerank_update) and records a note.
  void pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull, std::span<const float> contribution,
                     std::span<const float> teleport, float damping, std::span<const float> share,
                     std::span<const float> rank, std::span<float> next_rank, std::span<float> next_contribution,
                     std::span<RankSums> sums) override;

  double sum(std::span<const float> x) override;
  double sum(std::span<const float> x, VertexMask mask) override;
  double l1_distance(std::span<const float> x, std::span<const float> y) override;
  std::size_t count_nonzero(std::span<const std::uint8_t> x) override;
  std::size_t count_different(std::span<const vertex_t> x, std::span<const vertex_t> y) override;

 protected:
  // ---- for derived backends (kernels/cusparse) ----
  cudaStream_t stream() const noexcept { return stream_.get(); }
  DeviceMemoryResource& device_memory() noexcept { return memory_; }
  int device() const noexcept { return device_; }
  const BackendOptions& options() const noexcept { return options_; }
  // Makes this backend's device current for the calling thread: kernels must
  // launch on the device that owns the stream, and another backend (another
  // --device) may have switched it. Cheap when already current.
  void activate() const;
  // activate(), then stream + memory + SM count, and the stream beside, as
  // the kernel dispatch functions take them. Const: the const queries build
  // plans on first use.
  DeviceContext context() const;
  // Device CSR of an uploaded graph: Edges::out = rows of A, Edges::in = rows
  // of A^T (the same arrays on an undirected graph). UsageError for a graph
  // of another backend kind or for Edges::both.
  static CsrView csr_view(const DeviceGraph& graph, Edges edges);
  // Records a note for notes(); repeated notes are kept once, so a fallback
  // taken in every iteration reports once.
  void add_note(std::string note);

 private:
  template <class Semiring>
  void run_spmv(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const typename Semiring::value_type> x,
                std::span<typename Semiring::value_type> y);

  BackendOptions options_;
  int device_;
  int multiprocessors_;
  std::string device_name_;
  Stream stream_;
  // DeviceContext::beside. Mutable: forking queues work, as the stream does.
  mutable ForkedStream beside_;
  // Mutable: allocating scratch or a plan changes no state a caller sees.
  mutable DeviceMemoryResource memory_;
  std::vector<std::string> notes_;
};

}  // namespace graphrun::cuda
