#include "cpu/spmm.hpp"

#include <algorithm>
#include <vector>

#include "cpu/row_partition.hpp"
#include "cpu/semiring_ops.hpp"

namespace graphrun::cpu {
namespace {

// Y[r, :] = sum over entries k of row r of w_k X[col_k, :]: a row of Y stays in
// cache while whole rows of X stream through it (contiguous, vectorisable).
template <bool UseWeights>
void spmm_rows(const Csr& a, const float* x, float* y, std::size_t width, vertex_t begin, vertex_t end) {
  const edge_t* offsets = a.offsets.data();
  const vertex_t* columns = a.indices.data();
  const float* values = a.values.data();
  for (vertex_t r = begin; r < end; ++r) {
    float* y_row = y + static_cast<std::size_t>(r) * width;
    std::fill(y_row, y_row + width, 0.0f);
    for (edge_t k = offsets[r]; k < offsets[r + 1]; ++k) {
      const float weight = entry_weight<UseWeights>(values, k);
      const float* x_row = x + static_cast<std::size_t>(columns[k]) * width;
      for (std::size_t c = 0; c < width; ++c) y_row[c] += weight * x_row[c];
    }
  }
}

}  // namespace

void spmm(const CpuGraph& a, const SpmvDescriptor& d, const float* x, float* y, std::size_t width, int threads) {
  const Csr& matrix = a.rows(d.edges);
  const int parts = threads_for_work(row_work(matrix) * static_cast<std::int64_t>(width), threads);
  const std::vector<vertex_t> splits = balanced_row_splits(matrix, parts);
  with_weights_flag(d.use_weights && matrix.weighted(), [&](auto use_weights) {
#pragma omp parallel for num_threads(parts) schedule(static, 1) if (parts > 1)
    for (int p = 0; p < parts; ++p)
      spmm_rows<decltype(use_weights)::value>(matrix, x, y, width, splits[p], splits[p + 1]);
  });
}

}  // namespace graphrun::cpu
