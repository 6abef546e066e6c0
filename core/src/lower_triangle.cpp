#include "graphrun/lower_triangle.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

#include "graphrun/internal/parallel.hpp"

namespace graphrun {
namespace {

// Row i's entries up to its diagonal, or -1 when the row has no non-zero,
// finite diagonal entry.
edge_t kept_length(const Csr& rows, vertex_t i) {
  edge_t k = rows.offsets[i];
  while (k < rows.offsets[i + 1] && rows.indices[k] <= i) ++k;
  const bool diagonal = k > rows.offsets[i] && rows.indices[k - 1] == i;
  const float value = diagonal ? rows.value(k - 1) : 0.0f;
  return diagonal && value != 0.0f && std::isfinite(value) ? k - rows.offsets[i] : -1;
}

}  // namespace

bool has_usable_diagonal(const Graph& matrix) {
  const Csr& rows = matrix.out_edges();
  for (vertex_t i = 0; i < matrix.num_vertices(); ++i)
    if (kept_length(rows, i) < 0) return false;
  return true;
}

Graph lower_triangle(const Graph& matrix, const std::string& source) {
  const Csr& rows = matrix.out_edges();
  const vertex_t n = matrix.num_vertices();
  const std::int64_t count = n;
  // Each row's kept length (entries up to the diagonal), or -1 when the row
  // has no usable diagonal; the first bad row is reported.
  std::vector<edge_t> kept(static_cast<std::size_t>(n), 0);
#pragma omp parallel for schedule(static) if (count >= detail::parallel_threshold)
  for (std::int64_t r = 0; r < count; ++r) kept[static_cast<std::size_t>(r)] = kept_length(rows, static_cast<vertex_t>(r));
  for (vertex_t i = 0; i < n; ++i) {
    if (kept[static_cast<std::size_t>(i)] >= 0) continue;
    edge_t k = rows.offsets[i];
    while (k < rows.offsets[i + 1] && rows.indices[k] < i) ++k;
    const bool present = k < rows.offsets[i + 1] && rows.indices[k] == i;
    const std::string row = "row " + matrix.ids().label(i);
    if (!present) throw InputError(source, 0, row + " has no diagonal entry: the lower triangular solve needs one");
    throw InputError(source, 0,
                     row + " has diagonal entry " + std::to_string(rows.value(k)) +
                         ": the lower triangular solve divides by it, so it must be finite and non-zero");
  }
  Csr lower;
  lower.offsets = kept;
  detail::exclusive_scan_to_offsets(lower.offsets);
  const edge_t total = lower.offsets.back();
  lower.indices.resize(static_cast<std::size_t>(total));
  if (rows.weighted()) lower.values.resize(static_cast<std::size_t>(total));
#pragma omp parallel for schedule(static) if (count >= detail::parallel_threshold)
  for (std::int64_t r = 0; r < count; ++r) {
    const auto i = static_cast<std::size_t>(r);
    const edge_t from = rows.offsets[i];
    for (edge_t k = 0; k < kept[i]; ++k) {
      lower.indices[static_cast<std::size_t>(lower.offsets[i] + k)] = rows.indices[from + k];
      if (rows.weighted()) lower.values[static_cast<std::size_t>(lower.offsets[i] + k)] = rows.values[from + k];
    }
  }
  return Graph::from_csr(std::move(lower), true, matrix.ids());
}

}  // namespace graphrun
