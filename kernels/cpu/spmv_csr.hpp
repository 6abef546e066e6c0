#pragma once
// Row-parallel CSR SpMV: each block of rows is one thread's, so every y_i is
// folded by one thread in entry order (results independent of thread count).
#include <vector>

#include "graphrun/graph.hpp"
#include "graphrun/semiring.hpp"
#include "cpu/row_partition.hpp"
#include "cpu/semiring_ops.hpp"

namespace graphrun::cpu {

template <class Semiring, bool UseWeights>
void spmv_csr_rows(const Csr& a, MaskView mask, bool accumulate, const typename Semiring::value_type* x,
                   typename Semiring::value_type* y, vertex_t begin, vertex_t end) {
  using T = typename Semiring::value_type;
  const edge_t* offsets = a.offsets.data();
  const vertex_t* columns = a.indices.data();
  const float* values = a.values.data();
  for (vertex_t r = begin; r < end; ++r) {
    if (!mask.selects(r)) continue;
    T total = Semiring::identity();
    for (edge_t k = offsets[r]; k < offsets[r + 1]; ++k)
      total = Semiring::add(total, entry_product<Semiring, UseWeights>(values, k, x[columns[k]]));
    y[r] = accumulate ? Semiring::add(y[r], total) : total;
  }
}

// y<mask> (+)= A x over `parts` blocks of rows with equal entry counts
// (parts = 1: serial, no parallel region).
template <class Semiring>
void spmv_csr(const Csr& a, const SpmvDescriptor& d, const typename Semiring::value_type* x,
              typename Semiring::value_type* y, int parts) {
  const std::vector<vertex_t> splits = balanced_row_splits(a, parts);
  const MaskView mask(d.mask);
  with_weights_flag(d.use_weights && a.weighted(), [&](auto use_weights) {
#pragma omp parallel for num_threads(parts) schedule(static, 1) if (parts > 1)
    for (int p = 0; p < parts; ++p)
      spmv_csr_rows<Semiring, decltype(use_weights)::value>(a, mask, d.accumulate, x, y, splits[p], splits[p + 1]);
  });
}

}  // namespace graphrun::cpu
