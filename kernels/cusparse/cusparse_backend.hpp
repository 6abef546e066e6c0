#pragma once
// CusparseBackend (--backend cusparse): the CUDA backend with its plus-times
// SpMV and its SpMM handed to cuSPARSE. Everything cuSPARSE cannot do (masked
// SpMV, other semirings) runs on the native CUDA kernels of the base class
// and leaves a note saying so; every other primitive is inherited unchanged.
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "cuda/cuda_backend.cuh"
#include "cusparse/cusparse_algorithms.hpp"
#include "cusparse/cusparse_resources.hpp"
#include "cusparse/row_blocks.hpp"

namespace graphrun::cusparse {

class CusparseGraphState;

class CusparseBackend final : public cuda::CudaBackend {
 public:
  // options.spmv_kernel / spmm_kernel name cuSPARSE algorithms (UsageError
  // otherwise); the native kernels of fallbacks run with their "auto" choice.
  explicit CusparseBackend(const BackendOptions& options);

  // Row blocks (row_blocks.hpp) of at most `entries` entries for the graphs
  // whose cuSPARSE state is made after this call; RowBlockPolicy::max_entries unless
  // a test asks for several blocks on a small graph.
  void limit_row_blocks(edge_t entries);

 protected:
  // The cuda graph, and what this backend adds to it on its first products:
  // the all-ones values, each adjacency's block offsets and, under a COO
  // algorithm, its row ids (the plan counts them up front: cuSPARSE has no
  // copy-free fallback).
  std::size_t resident_bytes(const Graph& graph) const override;

  BackendKind do_kind() const override;
  // The device, then "cuSPARSE <major.minor.patch>".
  std::string do_device_name() const override;

  std::vector<std::string> do_kernel_names(Product product) const override;
  std::string do_spmv_kernel_for(const DeviceGraph& a, Edges edges) const override;
  std::string do_spmm_kernel_for(const DeviceGraph& a, std::size_t width) const override;

  // Plus-times without a mask on cuSPARSE; masked SpMV and the other
  // semirings on the native kernels, with a note.
  void do_spmv(const DeviceGraph& a, SemiringId semiring, const SpmvDescriptor& d, ConstRawSpan x, RawSpan y) override;
  void do_spmm(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const float> x, std::span<float> y,
               std::size_t width) override;

  // cuSPARSE has no shortest-path route: the native steps run, with a note
  // (the weight check opens every search).
  SsspWeights do_sssp_weights(const DeviceGraph& a) override;
  // Triangles (cusparse_triangles.cpp): the total by cuSPARSE SpGEMM (L·L
  // summed over L); per-vertex or weighted sums, and an SpGEMM the device
  // cannot hold, on the native kernel with a note.
  std::uint64_t do_triangle_sums(const DeviceGraph& a, bool weighted, std::span<std::uint64_t> sums) override;

  // The triangular solve on cuSPARSE SpSV (cusparse_trsv.cpp): the only
  // method, `library`; L's shape is checked as the cuda backend checks it.
  std::vector<TrsvMethod> do_methods() const override;
  std::unique_ptr<TrsvAnalysis> do_analyse_lower(const DeviceGraph& lower, TrsvMethod method,
                                                 TrsvPrecision precision) override;
  void do_solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const double> b,
                      std::span<double> x) override;
  void do_solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const float> b,
                      std::span<float> x) override;

  // The unfused step, not CudaBackend's fused native one: cuSPARSE's SpMV,
  // then the update pass (a benchmark of the cusparse backend times
  // cuSPARSE's SpMV, not the native row kernels).
  void do_pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull, std::span<const float> carried,
                        std::span<const float> teleport, float damping, std::span<const float> share,
                        std::span<float> next_carried, std::span<RankSums> sums) override;

 private:
  std::uint64_t spgemm_triangles(const DeviceGraph& a, cusparseSpGEMMAlg_t algorithm);
  template <class T>
  void spsv_solve(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const T> b, std::span<T> x);
  template <class T>
  void plus_times_spmv(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const T> x, std::span<T> y);
  // The graph's cuSPARSE state, created in its extension slot on first use.
  CusparseGraphState& state_of(const DeviceGraph& a);

  const SpmvAlgorithm* spmv_algorithm_;
  const SpmmAlgorithm* spmm_algorithm_;
  std::string library_version_;
  Handle handle_;  // bound to the base class's stream
  edge_t block_entries_;
};

}  // namespace graphrun::cusparse
