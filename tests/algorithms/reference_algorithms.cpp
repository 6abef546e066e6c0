#include "reference_algorithms.hpp"

#include <cmath>
#include <deque>
#include <map>
#include <numeric>

namespace graphrun::test {
namespace {

// Calls visit(u, v, w) for every stored entry u->v of the out-CSR.
template <class Visit>
void for_each_entry(const Graph& graph, Visit&& visit) {
  const Csr& out = graph.out_edges();
  for (vertex_t u = 0; u < out.num_rows(); ++u)
    for (edge_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) visit(u, out.indices[e], out.values[e]);
}

}  // namespace

std::vector<double> reference_pagerank(const Graph& graph, double damping, int iterations, bool weighted,
                                       const std::vector<double>& teleport_in) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  const std::vector<double> teleport = teleport_in.empty() ? std::vector<double>(n, 1.0 / n) : teleport_in;
  std::vector<double> out_strength(n, 0.0);
  for_each_entry(graph, [&](vertex_t u, vertex_t, float w) { out_strength[u] += weighted ? w : 1.0; });

  std::vector<double> rank = teleport;
  for (int i = 0; i < iterations; ++i) {
    double dangling = 0.0;
    for (std::size_t u = 0; u < n; ++u)
      if (out_strength[u] == 0.0) dangling += rank[u];
    std::vector<double> next(n);
    for (std::size_t v = 0; v < n; ++v) next[v] = ((1.0 - damping) + damping * dangling) * teleport[v];
    for_each_entry(graph, [&](vertex_t u, vertex_t v, float w) {
      next[v] += damping * rank[u] * (weighted ? w : 1.0) / out_strength[u];
    });
    rank = std::move(next);
  }
  return rank;
}

ReferenceBfs reference_bfs(const Graph& graph, vertex_t source) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  ReferenceBfs result{std::vector<vertex_t>(n, -1), std::vector<vertex_t>(n, -1)};
  const Csr& out = graph.out_edges();
  result.level[source] = 0;
  result.parent[source] = source;
  std::deque<vertex_t> queue{source};
  while (!queue.empty()) {
    const vertex_t u = queue.front();
    queue.pop_front();
    for (edge_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
      const vertex_t v = out.indices[e];
      if (result.level[v] == -1) {
        result.level[v] = result.level[u] + 1;
        queue.push_back(v);
      }
    }
  }
  // Parents by definition: the smallest in-neighbour one level up.
  for_each_entry(graph, [&](vertex_t u, vertex_t v, float) {
    if (v == source || result.level[u] < 0 || result.level[v] != result.level[u] + 1) return;
    if (result.parent[v] == -1 || u < result.parent[v]) result.parent[v] = u;
  });
  return result;
}

std::vector<vertex_t> reference_cdlp(const Graph& graph, int rounds) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  // Neighbour lists per LDBC: out-neighbours, plus in-neighbours when directed.
  std::vector<std::vector<vertex_t>> neighbours(n);
  for_each_entry(graph, [&](vertex_t u, vertex_t v, float) {
    neighbours[u].push_back(v);
    if (graph.directed()) neighbours[v].push_back(u);
  });
  std::vector<vertex_t> label(n);
  std::iota(label.begin(), label.end(), 0);
  for (int round = 0; round < rounds; ++round) {
    std::vector<vertex_t> next(label);
    for (std::size_t v = 0; v < n; ++v) {
      std::map<vertex_t, int> count;
      for (const vertex_t u : neighbours[v]) ++count[label[u]];
      int best = 0;
      for (const auto& [candidate, occurrences] : count)  // ascending: first maximum is the smallest label
        if (occurrences > best) {
          best = occurrences;
          next[v] = candidate;
        }
    }
    label = std::move(next);
  }
  return label;
}

std::vector<vertex_t> reference_wcc(const Graph& graph) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  std::vector<vertex_t> root(n);
  std::iota(root.begin(), root.end(), 0);
  auto find = [&](vertex_t v) {
    while (root[v] != v) v = root[v] = root[root[v]];
    return v;
  };
  // Union by smaller root id keeps each root the component's smallest vertex.
  for_each_entry(graph, [&](vertex_t u, vertex_t v, float) {
    const vertex_t a = find(u);
    const vertex_t b = find(v);
    if (a < b) root[b] = a;
    if (b < a) root[a] = b;
  });
  std::vector<vertex_t> component(n);
  for (std::size_t v = 0; v < n; ++v) component[v] = find(static_cast<vertex_t>(v));
  return component;
}

std::vector<double> reference_aggregate(const Graph& graph, std::span<const float> features, std::size_t width,
                                        ReferenceNorm norm, bool weighted) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  std::vector<double> in_degree(n, 0.0);
  for_each_entry(graph, [&](vertex_t, vertex_t v, float) { in_degree[v] += 1.0; });
  // Coefficient of edge u->v (and of the GCN self term) in row v.
  auto coefficient = [&](vertex_t u, vertex_t v, float w) -> double {
    switch (norm) {
      case ReferenceNorm::sum: return weighted ? w : 1.0;
      case ReferenceNorm::mean: return 1.0 / in_degree[v];
      case ReferenceNorm::gcn: return 1.0 / std::sqrt((in_degree[u] + 1.0) * (in_degree[v] + 1.0));
    }
    return 0.0;
  };
  std::vector<double> out(n * width, 0.0);
  auto add_row = [&](vertex_t u, vertex_t v, double c) {
    for (std::size_t k = 0; k < width; ++k) out[v * width + k] += c * features[u * width + k];
  };
  for_each_entry(graph, [&](vertex_t u, vertex_t v, float w) { add_row(u, v, coefficient(u, v, w)); });
  if (norm == ReferenceNorm::gcn)
    for (std::size_t v = 0; v < n; ++v) add_row(static_cast<vertex_t>(v), static_cast<vertex_t>(v), 1.0 / (in_degree[v] + 1.0));
  return out;
}

}  // namespace graphrun::test
