#include "cusparse/cusparse_products.hpp"

#include "cusparse/cusparse_check.hpp"
#include "cusparse/cusparse_resources.hpp"

namespace graphrun::cusparse {
namespace {

// First use of a block's plan: size its workspace, then let cuSPARSE analyse
// the matrix into it. Later calls skip both (the point of caching the plan).
template <class QueryBytes, class Preprocess>
void prepare_once(BlockPlan& plan, MemoryResource& memory, QueryBytes query_bytes, Preprocess preprocess) {
  if (plan.prepared) return;
  plan.workspace = DeviceVector<std::byte>(memory, query_bytes());
  preprocess(static_cast<void*>(plan.workspace.data()));
  plan.prepared = true;
}

}  // namespace

template <class T>
void run_spmv(cusparseHandle_t handle, Plan& plan, cusparseSpMVAlg_t algorithm, const SpmvOperands& operands,
              const T* x, T* y, MemoryResource& memory) {
  constexpr cudaDataType compute_type = data_type_of<T>();
  constexpr cusparseOperation_t no_transpose = CUSPARSE_OPERATION_NON_TRANSPOSE;
  const T alpha = 1;
  const T beta = operands.accumulate ? 1 : 0;
  // Vector descriptors only record pointer, size and type: made per call.
  // Every block reads all of x and writes its own rows of y.
  const InputVector x_vector = make_input_vector(operands.cols, x);
  for (BlockPlan& block : plan.blocks) {
    const OutputVector y_vector = make_output_vector(block.rows.rows, y + block.rows.first_row);
    prepare_once(
        block, memory,
        [&] {
          std::size_t bytes = 0;
          GRAPHRUN_CUSPARSE_CHECK(cusparseSpMV_bufferSize(handle, no_transpose, &alpha, block.matrix.get(),
                                                          x_vector.get(), &beta, y_vector.get(), compute_type,
                                                          algorithm, &bytes));
          return bytes;
        },
        [&](void* workspace) {
          GRAPHRUN_CUSPARSE_CHECK(cusparseSpMV_preprocess(handle, no_transpose, &alpha, block.matrix.get(),
                                                          x_vector.get(), &beta, y_vector.get(), compute_type,
                                                          algorithm, workspace));
        });
    GRAPHRUN_CUSPARSE_CHECK(cusparseSpMV(handle, no_transpose, &alpha, block.matrix.get(), x_vector.get(), &beta,
                                         y_vector.get(), compute_type, algorithm, block.workspace.data()));
  }
}

template void run_spmv<float>(cusparseHandle_t, Plan&, cusparseSpMVAlg_t, const SpmvOperands&, const float*, float*,
                              MemoryResource&);
template void run_spmv<double>(cusparseHandle_t, Plan&, cusparseSpMVAlg_t, const SpmvOperands&, const double*, double*,
                               MemoryResource&);

void run_spmm(cusparseHandle_t handle, Plan& plan, cusparseSpMMAlg_t algorithm, std::int64_t cols,
              std::size_t width, const float* x, float* y, MemoryResource& memory) {
  constexpr cusparseOperation_t no_transpose = CUSPARSE_OPERATION_NON_TRANSPOSE;
  const float alpha = 1.0f;
  const float beta = 0.0f;
  const auto columns = static_cast<std::int64_t>(width);
  const InputMatrix x_matrix = make_input_matrix(cols, columns, x);
  for (BlockPlan& block : plan.blocks) {
    const OutputMatrix y_matrix =
        make_output_matrix(block.rows.rows, columns, y + block.rows.first_row * static_cast<std::int64_t>(width));
    prepare_once(
        block, memory,
        [&] {
          std::size_t bytes = 0;
          GRAPHRUN_CUSPARSE_CHECK(cusparseSpMM_bufferSize(handle, no_transpose, no_transpose, &alpha,
                                                          block.matrix.get(), x_matrix.get(), &beta, y_matrix.get(),
                                                          CUDA_R_32F, algorithm, &bytes));
          return bytes;
        },
        [&](void* workspace) {
          GRAPHRUN_CUSPARSE_CHECK(cusparseSpMM_preprocess(handle, no_transpose, no_transpose, &alpha,
                                                          block.matrix.get(), x_matrix.get(), &beta, y_matrix.get(),
                                                          CUDA_R_32F, algorithm, workspace));
        });
    GRAPHRUN_CUSPARSE_CHECK(cusparseSpMM(handle, no_transpose, no_transpose, &alpha, block.matrix.get(),
                                         x_matrix.get(), &beta, y_matrix.get(), CUDA_R_32F, algorithm,
                                         block.workspace.data()));
  }
}

}  // namespace graphrun::cusparse
