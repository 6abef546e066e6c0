#include "reference/label_propagation.hpp"

#include <algorithm>
#include <numeric>

namespace graphrun::bench {
namespace {

// Most frequent value of `labels` (sorted in place), smallest on a tie.
vertex_t mode_of(std::vector<vertex_t>& labels) {
  std::sort(labels.begin(), labels.end());
  vertex_t best = labels.front();
  std::size_t best_count = 0;
  for (std::size_t i = 0; i < labels.size();) {
    std::size_t j = i;
    while (j < labels.size() && labels[j] == labels[i]) ++j;
    if (j - i > best_count) {  // strictly more: ties keep the smaller, earlier label
      best_count = j - i;
      best = labels[i];
    }
    i = j;
  }
  return best;
}

}  // namespace

std::vector<vertex_t> label_propagation_reference(const Graph& graph, int rounds) {
  const vertex_t n = graph.num_vertices();
  std::vector<vertex_t> label(static_cast<std::size_t>(n)), next(static_cast<std::size_t>(n));
  std::iota(label.begin(), label.end(), vertex_t{0});
  const Csr& out = graph.out_edges();
  const Csr& in = graph.in_edges();
  const bool both = graph.directed();
  for (int round = 0; round < rounds; ++round) {
#pragma omp parallel
    {
      std::vector<vertex_t> neighbour_labels;
#pragma omp for schedule(dynamic, 256)
      for (vertex_t v = 0; v < n; ++v) {
        neighbour_labels.clear();
        for (edge_t k = out.offsets[v]; k < out.offsets[v + 1]; ++k)
          neighbour_labels.push_back(label[static_cast<std::size_t>(out.indices[static_cast<std::size_t>(k)])]);
        if (both)
          for (edge_t k = in.offsets[v]; k < in.offsets[v + 1]; ++k)
            neighbour_labels.push_back(label[static_cast<std::size_t>(in.indices[static_cast<std::size_t>(k)])]);
        next[static_cast<std::size_t>(v)] =
            neighbour_labels.empty() ? label[static_cast<std::size_t>(v)] : mode_of(neighbour_labels);
      }
    }
    label.swap(next);
  }
  return label;
}

}  // namespace graphrun::bench
