#pragma once
// The OpenMP backend: every primitive of Backend on host memory. Each
// override checks its arguments and hands raw arrays to a kernel file.
#include <memory>
#include <string>
#include <vector>

#include "graphrun/backend.hpp"
#include "kernels/cpu/host_memory.hpp"
#include "kernels/cpu/spmv_kernel.hpp"

namespace graphrun::cpu {

class CpuBackend final : public Backend {
 public:
  // Throws UsageError for an unknown spmv_kernel or negative thread count.
  explicit CpuBackend(const BackendOptions& options);

  BackendKind kind() const override { return BackendKind::cpu; }
  std::string device_name() const override;
  MemoryResource& memory() override { return *memory_; }
  void synchronize() override {}  // every primitive has finished when it returns
  std::vector<std::string> notes() const override { return notes_; }

  std::unique_ptr<DeviceGraph> upload(const Graph& graph) override;

  std::vector<std::string> spmv_kernels() const override;
  std::string spmv_kernel_for(const DeviceGraph& a, Edges edges) const override;
  std::vector<std::string> spmm_kernels() const override;
  std::string spmm_kernel_for(const DeviceGraph& a, std::size_t width) const override;

  std::vector<double> time_runs(const std::function<void()>& work, const std::function<void()>& between, int warmup,
                                int repetitions) override;

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
  void degree_power(std::span<const vertex_t> degree, vertex_t add, float exponent, std::span<float> out) override;
  void flag_zero(std::span<const float> values, std::span<std::uint8_t> flags) override;
  void reciprocal(std::span<const float> x, std::span<float> out) override;
  void scale_rows(std::span<float> x, std::size_t width, std::span<const float> scale) override;
  void gather(std::span<const vertex_t> values, std::span<const vertex_t> indices, std::span<vertex_t> out) override;
  void minimum(std::span<const vertex_t> x, std::span<vertex_t> y) override;
  void pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                       std::span<const float> share, std::span<const float> rank, std::span<float> next_rank,
                       std::span<float> contribution, std::span<RankSums> sums) override;

  double sum(std::span<const float> x) override;
  double sum(std::span<const float> x, VertexMask mask) override;
  double l1_distance(std::span<const float> x, std::span<const float> y) override;
  std::size_t count_nonzero(std::span<const std::uint8_t> x) override;
  std::size_t count_different(std::span<const vertex_t> x, std::span<const vertex_t> y) override;

 private:
  template <class Semiring>
  void checked_spmv(const char* primitive, const DeviceGraph& a, const SpmvDescriptor& d,
                    std::span<const typename Semiring::value_type> x, std::span<typename Semiring::value_type> y);

  // Shared with every uploaded graph, whose views live in it.
  std::shared_ptr<HostMemoryResource> memory_ = std::make_shared<HostMemoryResource>();
  SpmvKernel spmv_kernel_;
  int threads_;
  std::vector<std::string> notes_;
};

}  // namespace graphrun::cpu
