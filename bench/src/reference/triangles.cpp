#include "reference/triangles.hpp"

#include <vector>

#include "graphrun/undirected_simple.hpp"

namespace graphrun::bench {

std::uint64_t triangle_reference(const Graph& graph) {
  const Graph simple = undirected_simple(graph, EdgeCounts::none);
  const Csr& rows = simple.out_edges();
  const vertex_t n = simple.num_vertices();
  // Rank by (degree, id): each vertex keeps few higher-ranked neighbours.
  const auto higher = [&](vertex_t u, vertex_t v) {
    const vertex_t du = rows.degree(u), dv = rows.degree(v);
    return du < dv || (du == dv && u < v);
  };
  std::uint64_t total = 0;
#pragma omp parallel reduction(+ : total)
  {
    std::vector<vertex_t> mark(static_cast<std::size_t>(n), no_vertex);
#pragma omp for schedule(dynamic, 256)
    for (vertex_t u = 0; u < n; ++u) {
      for (edge_t k = rows.offsets[u]; k < rows.offsets[u + 1]; ++k)
        if (higher(u, rows.indices[k])) mark[static_cast<std::size_t>(rows.indices[k])] = u;
      for (edge_t k = rows.offsets[u]; k < rows.offsets[u + 1]; ++k) {
        const vertex_t v = rows.indices[k];
        if (!higher(u, v)) continue;
        for (edge_t j = rows.offsets[v]; j < rows.offsets[v + 1]; ++j) {
          const vertex_t w = rows.indices[j];
          if (higher(v, w) && mark[static_cast<std::size_t>(w)] == u) ++total;
        }
      }
    }
  }
  return total;
}

}  // namespace graphrun::bench
