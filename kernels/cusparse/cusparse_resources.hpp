#pragma once
// RAII owners of the cuSPARSE objects the backend uses (library handle,
// sparse matrix, dense vector and dense matrix descriptors) and the factory
// functions that create them with every status checked.
#include <cuda_runtime.h>
#include <cusparse.h>

#include <cstdint>
#include <type_traits>
#include <utility>

#include "cusparse/cusparse_check.hpp"

namespace graphrun::cusparse {

// Move-only owner of one cuSPARSE object. The destroy status is ignored: a
// destructor cannot report it, and throwing there would terminate.
template <class Raw, auto Destroy>
class Owned {
 public:
  Owned() = default;
  explicit Owned(Raw raw) noexcept : raw_(raw) {}
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  Owned(Owned&& other) noexcept : raw_(std::exchange(other.raw_, nullptr)) {}
  Owned& operator=(Owned&& other) noexcept {
    if (this != &other) {
      reset();
      raw_ = std::exchange(other.raw_, nullptr);
    }
    return *this;
  }
  ~Owned() { reset(); }

  Raw get() const noexcept { return raw_; }
  explicit operator bool() const noexcept { return raw_ != nullptr; }

 private:
  void reset() noexcept {
    if (raw_) (void)Destroy(raw_);
    raw_ = nullptr;
  }
  Raw raw_ = nullptr;
};

using Handle = Owned<cusparseHandle_t, &cusparseDestroy>;
using SparseMatrix = Owned<cusparseConstSpMatDescr_t, &cusparseDestroySpMat>;
using MutableSparseMatrix = Owned<cusparseSpMatDescr_t, &cusparseDestroySpMat>;
using SpsvDescriptor = Owned<cusparseSpSVDescr_t, &cusparseSpSV_destroyDescr>;
using InputVector = Owned<cusparseConstDnVecDescr_t, &cusparseDestroyDnVec>;
using OutputVector = Owned<cusparseDnVecDescr_t, &cusparseDestroyDnVec>;
using InputMatrix = Owned<cusparseConstDnMatDescr_t, &cusparseDestroyDnMat>;
using OutputMatrix = Owned<cusparseDnMatDescr_t, &cusparseDestroyDnMat>;

template <class T>
constexpr cudaDataType data_type_of() {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>, "cuSPARSE values are float or double here");
  return std::is_same_v<T, float> ? CUDA_R_32F : CUDA_R_64F;
}

// A handle whose work is queued on `stream`.
inline Handle make_handle(cudaStream_t stream) {
  cusparseHandle_t raw = nullptr;
  GRAPHRUN_CUSPARSE_CHECK(cusparseCreate(&raw));
  Handle handle(raw);
  GRAPHRUN_CUSPARSE_CHECK(cusparseSetStream(handle.get(), stream));
  return handle;
}

// Vertex ids as cuSPARSE's 32-bit indices, which are signed: the same bits
// for every id the backend accepts (require_cusparse_vertex_range).
inline const std::int32_t* cusparse_indices(const vertex_t* ids) { return reinterpret_cast<const std::int32_t*>(ids); }

// cuSPARSE's name of an index width.
template <class Index>
constexpr cusparseIndexType_t index_type_of() {
  static_assert(std::is_same_v<Index, std::int32_t> || std::is_same_v<Index, std::int64_t>,
                "cuSPARSE indices are 32- or 64-bit here");
  return std::is_same_v<Index, std::int32_t> ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I;
}

// CSR with row offsets and column indices of one width, float values (the
// backend's are 32-bit: one row block, row_blocks.hpp).
template <class Index>
SparseMatrix make_csr(std::int64_t rows, std::int64_t cols, std::int64_t entries, const Index* offsets,
                      const Index* columns, const float* values) {
  cusparseConstSpMatDescr_t raw = nullptr;
  GRAPHRUN_CUSPARSE_CHECK(cusparseCreateConstCsr(&raw, rows, cols, entries, offsets, columns, values,
                                                 index_type_of<Index>(), index_type_of<Index>(),
                                                 CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  return SparseMatrix(raw);
}

// CSR with 32-bit offsets and columns and values of `type`, in a descriptor
// attributes can be set on (SpSV's fill mode) or outputs written to
// (SpGEMM's product); cuSPARSE only reads the arrays of an input.
inline MutableSparseMatrix make_mutable_csr(std::int64_t rows, std::int64_t cols, std::int64_t entries,
                                            const std::int32_t* offsets, const std::int32_t* columns,
                                            const void* values, cudaDataType type) {
  cusparseSpMatDescr_t raw = nullptr;
  GRAPHRUN_CUSPARSE_CHECK(cusparseCreateCsr(&raw, rows, cols, entries, const_cast<std::int32_t*>(offsets),
                                            const_cast<std::int32_t*>(columns), const_cast<void*>(values),
                                            CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, type));
  return MutableSparseMatrix(raw);
}

// COO (structure of arrays, sorted by row) with indices of one width, float values.
template <class Index>
SparseMatrix make_coo(std::int64_t rows, std::int64_t cols, std::int64_t entries, const Index* row_ids,
                      const Index* columns, const float* values) {
  cusparseConstSpMatDescr_t raw = nullptr;
  GRAPHRUN_CUSPARSE_CHECK(cusparseCreateConstCoo(&raw, rows, cols, entries, row_ids, columns, values,
                                                 index_type_of<Index>(), CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  return SparseMatrix(raw);
}

template <class T>
InputVector make_input_vector(std::int64_t size, const T* values) {
  cusparseConstDnVecDescr_t raw = nullptr;
  GRAPHRUN_CUSPARSE_CHECK(cusparseCreateConstDnVec(&raw, size, values, data_type_of<T>()));
  return InputVector(raw);
}

template <class T>
OutputVector make_output_vector(std::int64_t size, T* values) {
  cusparseDnVecDescr_t raw = nullptr;
  GRAPHRUN_CUSPARSE_CHECK(cusparseCreateDnVec(&raw, size, values, data_type_of<T>()));
  return OutputVector(raw);
}

// Row-major rows x cols float matrix with leading dimension cols.
inline InputMatrix make_input_matrix(std::int64_t rows, std::int64_t cols, const float* values) {
  cusparseConstDnMatDescr_t raw = nullptr;
  GRAPHRUN_CUSPARSE_CHECK(cusparseCreateConstDnMat(&raw, rows, cols, cols, values, CUDA_R_32F, CUSPARSE_ORDER_ROW));
  return InputMatrix(raw);
}

inline OutputMatrix make_output_matrix(std::int64_t rows, std::int64_t cols, float* values) {
  cusparseDnMatDescr_t raw = nullptr;
  GRAPHRUN_CUSPARSE_CHECK(cusparseCreateDnMat(&raw, rows, cols, cols, values, CUDA_R_32F, CUSPARSE_ORDER_ROW));
  return OutputMatrix(raw);
}

}  // namespace graphrun::cusparse
