// CusparseBackend's triangular solve: cuSPARSE SpSV (lower fill, non-unit
// diagonal) on L's 32-bit offsets, with the values widened to double for a
// double solve. The analysis is cusparseSpSV_analysis; each solve is one
// cusparseSpSV_solve on the caller's vectors.
#include <memory>
#include <type_traits>

#include "graphrun/error.hpp"
#include "cuda/cuda_graph.cuh"
#include "cuda/triangular/trsv.cuh"
#include "cusparse/cusparse_backend.hpp"
#include "cusparse/cusparse_graph_state.hpp"
#include "cusparse/derived_arrays.hpp"

namespace graphrun::cusparse {
namespace {

class SpsvAnalysis final : public TrsvAnalysis {
 public:
  SpsvAnalysis(TrsvPrecision precision, MemoryResource& memory)
      : TrsvAnalysis(TrsvMethod::library, precision, 0), widened(memory, 0), workspace(memory, 0) {}
  MutableSparseMatrix matrix;
  SpsvDescriptor descriptor;
  DeviceVector<double> widened;  // double solves: L's values as double
  DeviceVector<std::byte> workspace;
};

cudaDataType value_type(TrsvPrecision precision) {
  return precision == TrsvPrecision::double_precision ? CUDA_R_64F : CUDA_R_32F;
}

}  // namespace

std::vector<TrsvMethod> CusparseBackend::do_methods() const { return {TrsvMethod::library}; }

std::unique_ptr<TrsvAnalysis> CusparseBackend::do_analyse_lower(const DeviceGraph& lower, TrsvMethod,
                                                                TrsvPrecision precision) {
  const cuda::CsrView csr = csr_view(lower, Edges::out);
  cuda::check_lower_shape(context(), csr);
  require_cusparse_index_range(csr.num_entries, "trsv (cuSPARSE SpSV)");
  auto analysis = std::make_unique<SpsvAnalysis>(precision, memory());
  if (csr.num_rows == 0) return analysis;
  CusparseGraphState& state = state_of(lower);
  const float* values = state.values(Edges::out, csr.values != nullptr);
  const void* entry_values = values;
  if (precision == TrsvPrecision::double_precision) {
    analysis->widened = DeviceVector<double>(memory(), static_cast<std::size_t>(csr.num_entries));
    convert(context(), values, analysis->widened.data(), csr.num_entries);
    entry_values = analysis->widened.data();
  }
  analysis->matrix = make_mutable_csr(csr.num_rows, csr.num_cols, csr.num_entries, state.offsets32(Edges::out),
                                      cusparse_indices(csr.indices), entry_values, value_type(precision));
  cusparseSpMatDescr_t raw_matrix = analysis->matrix.get();
  cusparseFillMode_t fill = CUSPARSE_FILL_MODE_LOWER;
  cusparseDiagType_t diagonal = CUSPARSE_DIAG_TYPE_NON_UNIT;
  GRAPHRUN_CUSPARSE_CHECK(cusparseSpMatSetAttribute(raw_matrix, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof(fill)));
  GRAPHRUN_CUSPARSE_CHECK(cusparseSpMatSetAttribute(raw_matrix, CUSPARSE_SPMAT_DIAG_TYPE, &diagonal, sizeof(diagonal)));
  cusparseSpSVDescr_t raw_descriptor = nullptr;
  GRAPHRUN_CUSPARSE_CHECK(cusparseSpSV_createDescr(&raw_descriptor));
  analysis->descriptor = SpsvDescriptor(raw_descriptor);
  // The analysis wants vectors: scratch ones of the solve's type.
  const std::size_t element = precision == TrsvPrecision::double_precision ? sizeof(double) : sizeof(float);
  DeviceVector<std::byte> scratch(memory(), 2 * element * static_cast<std::size_t>(csr.num_rows));
  cusparseDnVecDescr_t raw_b = nullptr, raw_x = nullptr;
  GRAPHRUN_CUSPARSE_CHECK(cusparseCreateDnVec(&raw_b, csr.num_rows, scratch.data(), value_type(precision)));
  const OutputVector b(raw_b);
  GRAPHRUN_CUSPARSE_CHECK(cusparseCreateDnVec(&raw_x, csr.num_rows, scratch.data() + element * csr.num_rows,
                                              value_type(precision)));
  const OutputVector x(raw_x);
  const double one_double = 1.0;
  const float one_float = 1.0f;
  const void* alpha = precision == TrsvPrecision::double_precision ? static_cast<const void*>(&one_double)
                                                                   : static_cast<const void*>(&one_float);
  std::size_t bytes = 0;
  GRAPHRUN_CUSPARSE_CHECK(cusparseSpSV_bufferSize(handle_.get(), CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, raw_matrix,
                                                  b.get(), x.get(), value_type(precision), CUSPARSE_SPSV_ALG_DEFAULT,
                                                  raw_descriptor, &bytes));
  analysis->workspace = DeviceVector<std::byte>(memory(), bytes > 0 ? bytes : 1);
  GRAPHRUN_CUSPARSE_CHECK(cusparseSpSV_analysis(handle_.get(), CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, raw_matrix,
                                                b.get(), x.get(), value_type(precision), CUSPARSE_SPSV_ALG_DEFAULT,
                                                raw_descriptor, analysis->workspace.data()));
  return analysis;
}

template <class T>
void CusparseBackend::spsv_solve(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const T> b,
                                 std::span<T> x) {
  const SpsvAnalysis& spsv = analysis_of<SpsvAnalysis>(analysis);
  const auto rows = static_cast<std::int64_t>(lower.num_vertices());
  const InputVector b_vector = make_input_vector(rows, b.data());
  const OutputVector x_vector = make_output_vector(rows, x.data());
  const T one = 1;
  GRAPHRUN_CUSPARSE_CHECK(cusparseSpSV_solve(handle_.get(), CUSPARSE_OPERATION_NON_TRANSPOSE, &one,
                                             spsv.matrix.get(), b_vector.get(), x_vector.get(), data_type_of<T>(),
                                             CUSPARSE_SPSV_ALG_DEFAULT, spsv.descriptor.get()));
}

void CusparseBackend::do_solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis,
                                     std::span<const double> b, std::span<double> x) {
  spsv_solve(lower, analysis, b, x);
}

void CusparseBackend::do_solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const float> b,
                                     std::span<float> x) {
  spsv_solve(lower, analysis, b, x);
}

}  // namespace graphrun::cusparse
