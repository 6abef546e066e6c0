#include "byte_model.hpp"

#include <limits>

namespace graphrun::bench {
namespace {
constexpr double offset_bytes = 8.0, index_bytes = 4.0, value_bytes = 4.0, vector_bytes = 4.0;
}

double csr_bytes(std::int64_t rows, std::int64_t entries, bool weighted) {
  return static_cast<double>(rows + 1) * offset_bytes +
         static_cast<double>(entries) * (index_bytes + (weighted ? value_bytes : 0.0));
}

double spmv_bytes(std::int64_t n, std::int64_t entries, bool weighted) {
  return csr_bytes(n, entries, weighted) + 2.0 * static_cast<double>(n) * vector_bytes;
}

double spmm_bytes(std::int64_t n, std::int64_t entries, std::size_t width, bool weighted) {
  return csr_bytes(n, entries, weighted) + 2.0 * static_cast<double>(n) * static_cast<double>(width) * vector_bytes;
}

double spmv_flops(std::int64_t entries) { return 2.0 * static_cast<double>(entries); }

double spmm_flops(std::int64_t entries, std::size_t width) {
  return 2.0 * static_cast<double>(entries) * static_cast<double>(width);
}

double giga_per_second(double amount, double milliseconds) {
  if (!(milliseconds > 0.0)) return std::numeric_limits<double>::quiet_NaN();
  return amount / (milliseconds * 1e-3) / 1e9;
}

const char* byte_model_description() {
  return "minimum bytes: SpMV = offsets (n+1)*8 + indices nnz*4 + values nnz*4 (weighted graphs only) + x n*4 + y n*4; "
         "SpMM = the same matrix arrays + X n*F*4 + Y n*F*4; GFLOP/s counts 2*nnz (SpMV) and 2*nnz*F (SpMM); "
         "GB/s = 10^9 bytes/s";
}

}  // namespace graphrun::bench
