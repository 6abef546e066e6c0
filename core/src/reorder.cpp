#include "graphrun/reorder.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

#include "graphrun/internal/parallel.hpp"

namespace graphrun {

namespace {

std::vector<vertex_t> degree_order(const Graph& graph) {
  // In edge_t: a directed graph's out- plus in-degree reaches 2n - 2.
  const std::vector<vertex_t> out = graph.out_degrees();
  std::vector<edge_t> degree(out.begin(), out.end());
  if (graph.directed()) {
    const std::vector<vertex_t> in = graph.in_degrees();
    for (std::size_t v = 0; v < degree.size(); ++v) degree[v] += in[v];
  }
  std::vector<vertex_t> order(degree.size());
  std::iota(order.begin(), order.end(), vertex_t{0});
  std::stable_sort(order.begin(), order.end(), [&](vertex_t a, vertex_t b) { return degree[a] > degree[b]; });
  return order;
}

// Row r of the result is row order[r] of `csr` with every column renamed by
// new_id and the row re-sorted by the new column ids.
Csr permute(const Csr& csr, const std::vector<vertex_t>& order, const std::vector<vertex_t>& new_id) {
  const auto n = static_cast<std::int64_t>(order.size());
  Csr result;
  std::vector<edge_t> counts(order.size());
  for (std::int64_t r = 0; r < n; ++r) counts[r] = csr.offsets[order[r] + 1] - csr.offsets[order[r]];
  detail::exclusive_scan_to_offsets(counts);
  result.offsets = std::move(counts);
  result.indices.resize(csr.indices.size());
  result.values.resize(csr.values.size());
#pragma omp parallel for schedule(dynamic, 1024) if (n > detail::parallel_threshold)
  for (std::int64_t r = 0; r < n; ++r) {
    const vertex_t old_row = order[r];
    const edge_t from = csr.offsets[old_row];
    const edge_t length = csr.offsets[old_row + 1] - from;
    std::vector<std::pair<vertex_t, float>> row(static_cast<std::size_t>(length));
    for (edge_t k = 0; k < length; ++k) row[k] = {new_id[csr.indices[from + k]], csr.value(from + k)};
    std::sort(row.begin(), row.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    const edge_t to = result.offsets[r];
    for (edge_t k = 0; k < length; ++k) {
      result.indices[to + k] = row[k].first;
      if (csr.weighted()) result.values[to + k] = row[k].second;
    }
  }
  return result;
}

}  // namespace

ReorderedGraph reorder_by_degree(const Graph& graph) {
  std::vector<vertex_t> order = degree_order(graph);
  std::vector<vertex_t> new_id(order.size());
  for (std::size_t r = 0; r < order.size(); ++r) new_id[order[r]] = static_cast<vertex_t>(r);
  IdMap ids;
  if (graph.ids().named()) {
    ids.base = 0;
    ids.names.resize(order.size());
    for (std::size_t r = 0; r < order.size(); ++r) ids.names[r] = graph.ids().label(order[r]);
  } else {
    ids.ids.resize(order.size());
    for (std::size_t r = 0; r < order.size(); ++r) ids.ids[r] = graph.ids().original(order[r]);
  }
  Csr out = permute(graph.out_edges(), order, new_id);
  Graph reordered = Graph::from_csr(std::move(out), graph.directed(), std::move(ids), graph.stats());
  return ReorderedGraph{std::move(reordered), std::move(order)};
}

}  // namespace graphrun
