#include "cusparse/cusparse_backend.hpp"

#include <memory>
#include <string>

#include "graphrun/error.hpp"
#include "graphrun/primitive_dispatch.hpp"
#include "backends.hpp"
#include "cuda/cuda_graph.cuh"
#include "cusparse/cusparse_check.hpp"
#include "cusparse/cusparse_graph_state.hpp"
#include "cusparse/cusparse_products.hpp"

namespace graphrun::cusparse {
namespace {

// The base class validates kernel names against the native kernels; ours are
// cuSPARSE's, so it gets "auto" (which its fallbacks then use).
BackendOptions native_options(BackendOptions options) {
  options.spmv_kernel = "auto";
  options.spmm_kernel = "auto";
  return options;
}

std::string cusparse_version() {
  int major = 0, minor = 0, patch = 0;
  GRAPHRUN_CUSPARSE_CHECK(cusparseGetProperty(MAJOR_VERSION, &major));
  GRAPHRUN_CUSPARSE_CHECK(cusparseGetProperty(MINOR_VERSION, &minor));
  GRAPHRUN_CUSPARSE_CHECK(cusparseGetProperty(PATCH_LEVEL, &patch));
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

std::string native_fallback_note(const std::string& what) {
  return std::string("cusparse: ") + what + " ran on the native cuda kernel";
}

// The kernel names of an algorithm table (spmv_algorithms(), spmm_algorithms()).
template <class Algorithm>
std::vector<std::string> names_of(const std::vector<Algorithm>& algorithms) {
  std::vector<std::string> names;
  for (const Algorithm& algorithm : algorithms) names.emplace_back(algorithm.name);
  return names;
}

}  // namespace

CusparseBackend::CusparseBackend(const BackendOptions& options)
    : CudaBackend(native_options(options)),
      spmv_algorithm_(&resolve_spmv_algorithm(options.spmv_kernel)),
      spmm_algorithm_(&resolve_spmm_algorithm(options.spmm_kernel)),
      library_version_(cusparse_version()),
      handle_(make_handle(stream())),
      block_entries_(RowBlockPolicy::max_entries) {}

void CusparseBackend::limit_row_blocks(edge_t entries) {
  if (entries < 1) throw UsageError("cusparse: the row blocks' entry limit must be positive");
  block_entries_ = entries;
}

std::size_t CusparseBackend::resident_bytes(const Graph& graph) const {
  const auto entries = static_cast<std::size_t>(graph.num_entries());
  const auto rows = static_cast<std::size_t>(graph.num_vertices());
  const std::size_t adjacencies = graph.directed() ? 2 : 1;
  const std::size_t blocks = entries / static_cast<std::size_t>(RowBlockPolicy::max_entries) + 2;  // alignment cuts
  std::size_t bytes = CudaBackend::resident_bytes(graph) + entries * sizeof(float);
  bytes += adjacencies * (rows + blocks) * sizeof(std::int32_t);
  if (spmv_algorithm_->format == SparseFormat::coo) bytes += adjacencies * entries * sizeof(std::int32_t);
  return bytes;
}

BackendKind CusparseBackend::do_kind() const { return BackendKind::cusparse; }

std::string CusparseBackend::do_device_name() const {
  return CudaBackend::do_device_name() + ", cuSPARSE " + library_version_;
}

std::vector<std::string> CusparseBackend::do_kernel_names(Product product) const {
  return product == Product::spmv ? names_of(spmv_algorithms()) : names_of(spmm_algorithms());
}

std::string CusparseBackend::do_spmv_kernel_for(const DeviceGraph& a, Edges edges) const {
  (void)csr_view(a, edges);  // same validation as a product on this adjacency
  return spmv_algorithm_->name;
}

std::string CusparseBackend::do_spmm_kernel_for(const DeviceGraph& a, std::size_t) const {
  (void)csr_view(a, Edges::out);
  return spmm_algorithm_->name;
}

CusparseGraphState& CusparseBackend::state_of(const DeviceGraph& a) {
  const cuda::CudaGraph& graph = cuda::as_cuda_graph(a);
  if (graph.extension() == nullptr)
    graph.set_extension(std::make_unique<CusparseGraphState>(graph, context(), block_entries_));
  auto* state = dynamic_cast<CusparseGraphState*>(graph.extension());
  if (state == nullptr)
    throw RuntimeError("cusparse backend: the graph's extension slot holds another backend's state");
  return *state;
}

template <class T>
void CusparseBackend::plus_times_spmv(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const T> x,
                                      std::span<T> y) {
  const cuda::CsrView csr = csr_view(a, d.edges);
  if (csr.num_rows == 0) return;
  if (csr.num_entries == 0) {  // A = 0: nothing for cuSPARSE to multiply
    if (!d.accumulate) fill(y, T(0));
    return;
  }
  const SpmvAlgorithm& algorithm = *spmv_algorithm_;
  Plan& plan = state_of(a).spmv_plan(SpmvPlanKey{d.edges, algorithm.id, data_type_of<T>(), d.use_weights, d.accumulate},
                                     algorithm.format);
  const SpmvOperands operands{csr.num_cols, d.accumulate};
  cusparse::run_spmv(handle_.get(), plan, algorithm.id, operands, x.data(), y.data(), device_memory());
}

// cuSPARSE multiplies over plus-times only, and has no masked SpMV.
void CusparseBackend::do_spmv(const DeviceGraph& a, SemiringId semiring, const SpmvDescriptor& d, ConstRawSpan x,
                              RawSpan y) {
  const bool plus_times = semiring == SemiringId::plus_times_float || semiring == SemiringId::plus_times_double;
  if (!plus_times || d.mask.flags != nullptr) {
    add_note(
        native_fallback_note(plus_times ? std::string("masked SpMV") : std::string(semiring_name(semiring)) + " SpMV"));
    CudaBackend::do_spmv(a, semiring, d, x, y);
    return;
  }
  if (semiring == SemiringId::plus_times_float)
    plus_times_spmv(a, d, x.as<float>(), y.as<float>());
  else
    plus_times_spmv(a, d, x.as<double>(), y.as<double>());
}

SsspWeights CusparseBackend::do_sssp_weights(const DeviceGraph& a) {
  add_note(native_fallback_note("SSSP (delta-stepping steps)"));
  return CudaBackend::do_sssp_weights(a);
}

void CusparseBackend::do_spmm(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const float> x,
                              std::span<float> y, std::size_t width) {
  const cuda::CsrView csr = csr_view(a, d.edges);
  if (width == 0 || csr.num_rows == 0) return;
  if (csr.num_entries == 0) {  // A = 0
    fill(y, 0.0f);
    return;
  }
  Plan& plan = state_of(a).spmm_plan(SpmmPlanKey{d.edges, spmm_algorithm_->id, d.use_weights, width});
  cusparse::run_spmm(handle_.get(), plan, spmm_algorithm_->id, csr.num_cols, width, x.data(), y.data(),
                     device_memory());
}

void CusparseBackend::do_pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull,
                                       std::span<const float> carried, std::span<const float> teleport, float damping,
                                       std::span<const float> share, std::span<float> next_carried,
                                       std::span<RankSums> sums) {
  unfused_pagerank_step(a, pull, carried, teleport, damping, share, next_carried, sums);
}

}  // namespace graphrun::cusparse

namespace graphrun {

KernelListing cusparse_kernel_listing() {
  KernelListing listing;
  for (const cusparse::SpmvAlgorithm& algorithm : cusparse::spmv_algorithms())
    listing.spmv.push_back({algorithm.name, "cuSPARSE", "cusparseSpMV with preprocessing"});
  for (const cusparse::SpmmAlgorithm& algorithm : cusparse::spmm_algorithms())
    listing.spmm.push_back({algorithm.name, "cuSPARSE", "cusparseSpMM, row-major dense matrices"});
  return listing;
}

std::shared_ptr<Backend> make_cusparse_backend(const BackendOptions& options) {
  return std::make_shared<cusparse::CusparseBackend>(options);
}

}  // namespace graphrun
