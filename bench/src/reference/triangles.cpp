#include "reference/triangles.hpp"

#include <utility>
#include <vector>

#include "graphrun/undirected_simple.hpp"

namespace graphrun::bench {
namespace {

// The simple graph's edges oriented towards the higher rank, (degree, id)
// order: each row keeps at most sqrt(2m) entries, so walking two of them per
// oriented edge costs O(m sqrt(m)) even around hubs.
struct OrientedRows {
  std::vector<edge_t> offsets;
  std::vector<vertex_t> columns;
};

OrientedRows orient(const Csr& rows) {
  const vertex_t n = rows.num_rows();
  const auto higher = [&](vertex_t u, vertex_t v) {
    const vertex_t du = rows.degree(u), dv = rows.degree(v);
    return du < dv || (du == dv && u < v);
  };
  OrientedRows oriented;
  oriented.offsets.assign(static_cast<std::size_t>(n) + 1, 0);
#pragma omp parallel for schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u) {
    edge_t kept = 0;
    for (edge_t k = rows.offsets[u]; k < rows.offsets[u + 1]; ++k) kept += higher(u, rows.indices[k]) ? 1 : 0;
    oriented.offsets[static_cast<std::size_t>(u) + 1] = kept;
  }
  for (std::size_t u = 0; u < static_cast<std::size_t>(n); ++u) oriented.offsets[u + 1] += oriented.offsets[u];
  oriented.columns.resize(static_cast<std::size_t>(oriented.offsets.back()));
#pragma omp parallel for schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u) {
    auto at = static_cast<std::size_t>(oriented.offsets[static_cast<std::size_t>(u)]);
    for (edge_t k = rows.offsets[u]; k < rows.offsets[u + 1]; ++k)
      if (higher(u, rows.indices[k])) oriented.columns[at++] = rows.indices[k];
  }
  return oriented;
}

}  // namespace

std::uint64_t triangle_reference(const Graph& graph) {
  const Graph simple = undirected_simple(graph, EdgeCounts::none);
  const OrientedRows up = orient(simple.out_edges());
  const vertex_t n = simple.num_vertices();
  const auto row = [&](vertex_t v) {
    const auto v_index = static_cast<std::size_t>(v);
    return std::pair{static_cast<std::size_t>(up.offsets[v_index]), static_cast<std::size_t>(up.offsets[v_index + 1])};
  };
  std::uint64_t total = 0;
#pragma omp parallel reduction(+ : total)
  {
    std::vector<vertex_t> mark(static_cast<std::size_t>(n), no_vertex);
#pragma omp for schedule(dynamic, 256)
    for (vertex_t u = 0; u < n; ++u) {
      const auto [u_begin, u_end] = row(u);
      for (std::size_t k = u_begin; k < u_end; ++k) mark[static_cast<std::size_t>(up.columns[k])] = u;
      for (std::size_t k = u_begin; k < u_end; ++k) {
        const auto [v_begin, v_end] = row(up.columns[k]);
        for (std::size_t j = v_begin; j < v_end; ++j) total += mark[static_cast<std::size_t>(up.columns[j])] == u ? 1 : 0;
      }
    }
  }
  return total;
}

}  // namespace graphrun::bench
