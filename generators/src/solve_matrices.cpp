#include "graphrun/generators/solve_matrices.hpp"

#include <vector>

#include "graphrun/lower_triangle.hpp"

namespace graphrun::generators {

Graph gauss_seidel_lower(const Graph& graph) {
  const Csr& rows = graph.out_edges();
  const vertex_t n = graph.num_vertices();
  Csr lower;
  lower.offsets.assign(static_cast<std::size_t>(n) + 1, 0);
  for (vertex_t i = 0; i < n; ++i) {
    edge_t below = 0;
    for (edge_t k = rows.offsets[i]; k < rows.offsets[i + 1] && rows.indices[k] < i; ++k) ++below;
    lower.offsets[static_cast<std::size_t>(i) + 1] = lower.offsets[static_cast<std::size_t>(i)] + below + 1;
  }
  lower.indices.resize(static_cast<std::size_t>(lower.offsets.back()));
  lower.values.resize(lower.indices.size());
#pragma omp parallel for schedule(dynamic, 1024)
  for (vertex_t i = 0; i < n; ++i) {
    auto at = static_cast<std::size_t>(lower.offsets[static_cast<std::size_t>(i)]);
    for (edge_t k = rows.offsets[i]; k < rows.offsets[i + 1] && rows.indices[k] < i; ++k) {
      lower.indices[at] = rows.indices[k];
      lower.values[at++] = -1.0f;
    }
    lower.indices[at] = i;
    lower.values[at] = 1.0f + static_cast<float>(rows.degree(i));
  }
  return Graph::from_csr(std::move(lower), true, graph.ids());
}

Graph solvable_lower(const Graph& matrix) {
  return has_usable_diagonal(matrix) ? lower_triangle(matrix, "the matrix") : gauss_seidel_lower(matrix);
}

}  // namespace graphrun::generators
