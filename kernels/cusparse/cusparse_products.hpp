#pragma once
// The two cuSPARSE products the backend runs, y = A x + beta y (SpMV) and
// Y = A X (SpMM, row-major), on a cached Plan, one call per row block: each
// block's workspace is sized and *_preprocess runs on the first call only,
// later calls go straight to the product.
#include <cusparse.h>

#include <cstddef>
#include <cstdint>

#include "graphrun/memory.hpp"
#include "cusparse/cusparse_graph_state.hpp"

namespace graphrun::cusparse {

struct SpmvOperands {
  std::int64_t cols;
  bool accumulate;  // beta = 1 (y += A x) instead of 0
};

// T = float or double; the matrix values are float either way (cuSPARSE's
// SpMV lists A = CUDA_R_32F with X/Y/compute = CUDA_R_64F as a supported
// mixed-precision combination, so double products need no double copy;
// the cusparse backend tests check them against a double host reference).
template <class T>
void run_spmv(cusparseHandle_t handle, Plan& plan, cusparseSpMVAlg_t algorithm, const SpmvOperands& operands,
              const T* x, T* y, MemoryResource& memory);

// Y (rows x width) = A (rows x cols) X (cols x width), both row-major.
void run_spmm(cusparseHandle_t handle, Plan& plan, cusparseSpMMAlg_t algorithm, std::int64_t cols,
              std::size_t width, const float* x, float* y, MemoryResource& memory);

}  // namespace graphrun::cusparse
