#pragma once
// Entry-parallel COO SpMV: the entry range is cut into equal segments, one
// per thread, whatever the row lengths, so a row holding most of the entries
// is shared by all threads. No atomics: a row cut by a segment boundary leaves
// a partial result per segment, and those are combined in segment order after
// the parallel loop (deterministic for a given thread count).
#include <span>
#include <vector>

#include "graphrun/graph.hpp"
#include "graphrun/semiring.hpp"
#include "cpu/semiring_ops.hpp"

namespace graphrun::cpu {

// A row's fold over one segment's share of its entries.
template <class T>
struct RowPartial {
  vertex_t row = no_vertex;  // no_vertex: none
  T value{};
};

// Folds entries [begin, end) run by run. A run that touches a segment end may
// continue in the neighbouring segment, so the first and last runs are
// returned as partials; every other run is a whole row, owned by this segment
// alone, and goes straight into y.
template <class Semiring, bool UseWeights>
void spmv_coo_segment(const vertex_t* rows, const vertex_t* columns, const float* values, MaskView mask,
                      const typename Semiring::value_type* x, typename Semiring::value_type* y, edge_t begin,
                      edge_t end, RowPartial<typename Semiring::value_type>& first,
                      RowPartial<typename Semiring::value_type>& last) {
  using T = typename Semiring::value_type;
  edge_t k = begin;
  while (k < end) {
    const vertex_t r = rows[k];
    const edge_t run_begin = k;
    if (!mask.selects(r)) {
      while (k < end && rows[k] == r) ++k;
      continue;
    }
    T total = Semiring::identity();
    for (; k < end && rows[k] == r; ++k)
      total = Semiring::add(total, entry_product<Semiring, UseWeights>(values, k, x[columns[k]]));
    if (run_begin == begin)
      first = {r, total};
    else if (k == end)
      last = {r, total};
    else
      y[r] = Semiring::add(y[r], total);
  }
}

// y<mask> (+)= A x with `entry_rows` the row of every entry of `a` (parts = 1:
// serial, no parallel region).
template <class Semiring>
void spmv_coo(const Csr& a, std::span<const vertex_t> entry_rows, const SpmvDescriptor& d,
              const typename Semiring::value_type* x, typename Semiring::value_type* y, int parts) {
  using T = typename Semiring::value_type;
  const MaskView mask(d.mask);
  const vertex_t num_rows = a.num_rows();
  const edge_t num_entries = a.num_entries();

  // Every selected y_i starts at the identity (or its old value when
  // accumulating) and runs are added into it; this also sets empty rows.
  if (!d.accumulate) {
#pragma omp parallel for num_threads(parts) schedule(static) if (parts > 1)
    for (vertex_t r = 0; r < num_rows; ++r)
      if (mask.selects(r)) y[r] = Semiring::identity();
  }

  std::vector<RowPartial<T>> first(static_cast<std::size_t>(parts)), last(static_cast<std::size_t>(parts));
  with_weights_flag(d.use_weights && a.weighted(), [&](auto use_weights) {
#pragma omp parallel for num_threads(parts) schedule(static, 1) if (parts > 1)
    for (int p = 0; p < parts; ++p)
      spmv_coo_segment<Semiring, decltype(use_weights)::value>(
          entry_rows.data(), a.indices.data(), a.values.data(), mask, x, y, num_entries * p / parts,
          num_entries * (p + 1) / parts, first[p], last[p]);
  });

  for (int p = 0; p < parts; ++p)
    for (const RowPartial<T>* partial : {&first[p], &last[p]})
      if (partial->row != no_vertex) y[partial->row] = Semiring::add(y[partial->row], partial->value);
}

}  // namespace graphrun::cpu
