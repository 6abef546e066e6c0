// CusparseBackend's triangle count: the total by cuSPARSE SpGEMM, C = L·L
// with L the edges oriented by (degree, id) rank (ones), summed over L's
// pattern (the masked SpGEMM L·L .* L). Per-vertex or weighted sums (lcc), and an
// SpGEMM that neither the default nor the chunked algorithm can hold, run
// the native kernel, with a note.
#include <string>

#include "graphrun/error.hpp"
#include "cuda/cuda_graph.cuh"
#include "cusparse/cusparse_backend.hpp"
#include "cusparse/cusparse_graph_state.hpp"
#include "cusparse/triangle_masks.hpp"

namespace graphrun::cusparse {
namespace {

using SpgemmDescriptor = Owned<cusparseSpGEMMDescr_t, &cusparseSpGEMM_destroyDescr>;

struct SpgemmPolicy {
  // ALG3 computes C in chunks of this share of its products.
  static constexpr float chunk_fraction = 0.2f;
};

MutableSparseMatrix csr_of(vertex_t n, std::int64_t entries, const std::int32_t* offsets, const std::int32_t* columns,
                           const double* values) {
  return make_mutable_csr(n, n, entries, offsets, columns, values, CUDA_R_64F);
}

}  // namespace

std::uint64_t CusparseBackend::spgemm_triangles(const DeviceGraph& a, cusparseSpGEMMAlg_t algorithm) {
  const cuda::CsrView csr = csr_view(a, Edges::out);
  require_cusparse_index_range(csr.num_entries, "tc (cuSPARSE SpGEMM)");
  require_cusparse_vertex_range(csr.num_rows);  // rank_oriented's columns are int32
  const vertex_t n = csr.num_rows;
  if (n == 0) return 0;
  LowerPattern lower = rank_oriented(context(), csr);
  if (lower.entries == 0) return 0;
  const MutableSparseMatrix left = csr_of(n, lower.entries, lower.offsets.data(), lower.columns.data(),
                                          lower.values.data());
  const MutableSparseMatrix right = csr_of(n, lower.entries, lower.offsets.data(), lower.columns.data(),
                                           lower.values.data());
  DeviceVector<std::int32_t> c_offsets(memory(), static_cast<std::size_t>(n) + 1);
  MutableSparseMatrix product = csr_of(n, 0, c_offsets.data(), nullptr, nullptr);
  cusparseSpGEMMDescr_t raw = nullptr;
  GRAPHRUN_CUSPARSE_CHECK(cusparseSpGEMM_createDescr(&raw));
  const SpgemmDescriptor spgemm(raw);
  const double one = 1.0, zero = 0.0;
  constexpr cusparseOperation_t plain = CUSPARSE_OPERATION_NON_TRANSPOSE;
  std::size_t estimate_bytes = 0, compute_bytes = 0;
  GRAPHRUN_CUSPARSE_CHECK(cusparseSpGEMM_workEstimation(handle_.get(), plain, plain, &one, left.get(), right.get(),
                                                        &zero, product.get(), CUDA_R_64F, algorithm, spgemm.get(),
                                                        &estimate_bytes, nullptr));
  DeviceVector<std::byte> estimate(memory(), estimate_bytes > 0 ? estimate_bytes : 1);
  GRAPHRUN_CUSPARSE_CHECK(cusparseSpGEMM_workEstimation(handle_.get(), plain, plain, &one, left.get(), right.get(),
                                                        &zero, product.get(), CUDA_R_64F, algorithm, spgemm.get(),
                                                        &estimate_bytes, estimate.data()));
  if (algorithm == CUSPARSE_SPGEMM_ALG3) {  // chunked: its compute buffer comes from estimateMemory
    std::size_t scratch_bytes = 0;
    GRAPHRUN_CUSPARSE_CHECK(cusparseSpGEMM_estimateMemory(
        handle_.get(), plain, plain, &one, left.get(), right.get(), &zero, product.get(), CUDA_R_64F, algorithm,
        spgemm.get(), SpgemmPolicy::chunk_fraction, &scratch_bytes, nullptr, nullptr));
    DeviceVector<std::byte> scratch(memory(), scratch_bytes > 0 ? scratch_bytes : 1);
    GRAPHRUN_CUSPARSE_CHECK(cusparseSpGEMM_estimateMemory(
        handle_.get(), plain, plain, &one, left.get(), right.get(), &zero, product.get(), CUDA_R_64F, algorithm,
        spgemm.get(), SpgemmPolicy::chunk_fraction, &scratch_bytes, scratch.data(), &compute_bytes));
  } else {
    GRAPHRUN_CUSPARSE_CHECK(cusparseSpGEMM_compute(handle_.get(), plain, plain, &one, left.get(), right.get(), &zero,
                                                   product.get(), CUDA_R_64F, algorithm, spgemm.get(),
                                                   &compute_bytes, nullptr));
  }
  DeviceVector<std::byte> compute(memory(), compute_bytes > 0 ? compute_bytes : 1);
  GRAPHRUN_CUSPARSE_CHECK(cusparseSpGEMM_compute(handle_.get(), plain, plain, &one, left.get(), right.get(), &zero,
                                                 product.get(), CUDA_R_64F, algorithm, spgemm.get(), &compute_bytes,
                                                 compute.data()));
  std::int64_t c_rows = 0, c_cols = 0, c_entries = 0;
  GRAPHRUN_CUSPARSE_CHECK(cusparseSpMatGetSize(product.get(), &c_rows, &c_cols, &c_entries));
  DeviceVector<std::int32_t> c_columns(memory(), static_cast<std::size_t>(c_entries > 0 ? c_entries : 1));
  DeviceVector<double> c_values(memory(), static_cast<std::size_t>(c_entries > 0 ? c_entries : 1));
  GRAPHRUN_CUSPARSE_CHECK(cusparseCsrSetPointers(product.get(), c_offsets.data(), c_columns.data(), c_values.data()));
  GRAPHRUN_CUSPARSE_CHECK(cusparseSpGEMM_copy(handle_.get(), plain, plain, &one, left.get(), right.get(), &zero,
                                              product.get(), CUDA_R_64F, algorithm, spgemm.get()));
  if (c_entries == 0) return 0;
  return masked_sum(context(), lower, n, c_offsets.data(), c_columns.data(), c_values.data());
}

std::uint64_t CusparseBackend::do_triangle_sums(const DeviceGraph& a, bool weighted, std::span<std::uint64_t> sums) {
  if (!sums.empty() || weighted) {
    add_note(std::string("cusparse: per-vertex and weighted triangle sums ran on the native cuda kernel ") +
             "(the SpGEMM route counts the total)");
    return CudaBackend::do_triangle_sums(a, weighted, sums);
  }
  // The default algorithm first; where it lacks resources (hub rows make
  // L·L large), the chunked ALG3; then the native kernel.
  std::string failure;
  for (const cusparseSpGEMMAlg_t algorithm : {CUSPARSE_SPGEMM_DEFAULT, CUSPARSE_SPGEMM_ALG3}) {
    try {
      return spgemm_triangles(a, algorithm);
    } catch (const RuntimeError& error) {  // out of device memory or cuSPARSE's resources
      failure = error.what();
    }
  }
  add_note("cusparse: triangle counting ran on the native cuda kernel: cuSPARSE SpGEMM failed (" + failure + ")");
  return CudaBackend::do_triangle_sums(a, weighted, sums);
}

}  // namespace graphrun::cusparse
