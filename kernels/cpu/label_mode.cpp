#include "cpu/label_mode.hpp"

#include <algorithm>
#include <vector>

#include "cpu/neighbourhood.hpp"
#include "cpu/row_partition.hpp"

namespace graphrun::cpu {
namespace {

// Most frequent value of `values` (reordered), the smallest among equally
// frequent ones; `fallback` when empty. Sorting makes equal labels adjacent
// and puts the smallest first, so the first longest run is the answer.
vertex_t most_frequent(std::vector<vertex_t>& values, vertex_t fallback) {
  if (values.empty()) return fallback;
  std::sort(values.begin(), values.end());
  vertex_t best = values.front();
  std::size_t best_count = 0;
  for (std::size_t run = 0; run < values.size();) {
    std::size_t run_end = run + 1;
    while (run_end < values.size() && values[run_end] == values[run]) ++run_end;
    if (run_end - run > best_count) {
      best = values[run];
      best_count = run_end - run;
    }
    run = run_end;
  }
  return best;
}

}  // namespace

void label_mode(const CpuGraph& a, Edges edges, std::span<const vertex_t> labels, std::span<vertex_t> out,
                int threads) {
  const Neighbourhood neighbours(a, edges);
  // Blocks of equal neighbour counts: a hub's sort should not share a thread
  // with a large share of the remaining rows.
  const std::vector<vertex_t> splits = balanced_row_splits(
      a.num_vertices(), threads, [&](vertex_t v) { return neighbours.entries_before(v) + static_cast<edge_t>(v); });
#pragma omp parallel for num_threads(threads) schedule(static, 1) if (threads > 1)
  for (int p = 0; p < threads; ++p) {
    std::vector<vertex_t> neighbour_labels;  // reused across this block's vertices
    for (vertex_t v = splits[p]; v < splits[p + 1]; ++v) {
      neighbour_labels.clear();
      neighbours.for_each(v, [&](vertex_t u) { neighbour_labels.push_back(labels[static_cast<std::size_t>(u)]); });
      out[static_cast<std::size_t>(v)] = most_frequent(neighbour_labels, labels[static_cast<std::size_t>(v)]);
    }
  }
}

}  // namespace graphrun::cpu
