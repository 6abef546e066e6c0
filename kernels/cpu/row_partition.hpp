#pragma once
// Splitting rows into contiguous blocks of equal work for a static schedule.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "graphrun/graph.hpp"
#include "graphrun/types.hpp"
#include "cpu/tuning.hpp"

namespace graphrun::cpu {

// Row boundaries of `parts` contiguous blocks: block p holds rows
// [splits[p], splits[p+1]). `prefix_work(r)` is the work of rows [0, r) and
// must not decrease with r. Each block gets an equal share of the total work,
// so a few huge rows of a power-law graph do not load one thread with most of
// the entries, as an equal split of the row range would.
template <class PrefixWork>
std::vector<vertex_t> balanced_row_splits(vertex_t num_rows, int parts, PrefixWork prefix_work) {
  const int count = std::max(parts, 1);
  std::vector<vertex_t> splits(static_cast<std::size_t>(count) + 1, num_rows);
  splits[0] = 0;
  if (num_rows == 0) return splits;
  const auto total = static_cast<double>(prefix_work(num_rows));
  for (int p = 1; p < count; ++p) {
    const double target = total * p / count;
    // First row whose preceding work reaches the target (binary search over rows).
    vertex_t low = splits[p - 1], high = num_rows;
    while (low < high) {
      const vertex_t middle = low + (high - low) / 2;
      if (static_cast<double>(prefix_work(middle)) < target)
        low = middle + 1;
      else
        high = middle;
    }
    splits[p] = low;
  }
  return splits;
}

// Threads worth waking for `work` units (entries plus rows) with at most
// `threads` available: at least CpuTuning::min_row_work_per_thread each, and
// at least one.
inline int threads_for_work(std::int64_t work, int threads) {
  const std::int64_t worth = work / CpuTuning::min_row_work_per_thread;
  return static_cast<int>(std::clamp<std::int64_t>(worth, 1, std::max(threads, 1)));
}

// A product's work over the whole matrix: its entries plus its rows, as
// balanced_row_splits weighs them.
inline std::int64_t row_work(const Csr& matrix) {
  return static_cast<std::int64_t>(matrix.num_entries()) + matrix.num_rows();
}

// Work of a CSR row = its entries plus one for the row itself (reading the
// offsets and writing y), so long runs of empty rows are also spread evenly.
inline std::vector<vertex_t> balanced_row_splits(const Csr& matrix, int parts) {
  const edge_t* offsets = matrix.offsets.data();
  return balanced_row_splits(matrix.num_rows(), parts,
                             [offsets](vertex_t r) { return offsets[r] + static_cast<edge_t>(r); });
}

}  // namespace graphrun::cpu
