// CSR transpose by parallel counting sort; used for the in-edges (CSC) view.
#include <algorithm>
#include <numeric>

#include "graphrun/internal/parallel.hpp"
#include "graphrun/graph.hpp"

namespace graphrun {

std::size_t Csr::bytes() const {
  return offsets.size() * sizeof(edge_t) + indices.size() * sizeof(vertex_t) + values.size() * sizeof(float);
}

Csr transpose(const Csr& matrix, vertex_t num_cols) {
  const vertex_t rows = matrix.num_rows();
  const edge_t entries = matrix.num_entries();

  std::vector<edge_t> cursor(static_cast<std::size_t>(num_cols), 0);
  const bool parallel = entries + num_cols > detail::parallel_threshold;
#pragma omp parallel for schedule(static) if (parallel)
  for (edge_t e = 0; e < entries; ++e) {
#pragma omp atomic
    ++cursor[matrix.indices[e]];
  }
  detail::exclusive_scan_to_offsets(cursor);

  Csr result;
  result.offsets = cursor;  // cursor advances during the scatter; offsets stay
  result.indices.resize(static_cast<std::size_t>(entries));
  result.values.resize(static_cast<std::size_t>(entries));

#pragma omp parallel for schedule(dynamic, 1024) if (parallel)
  for (vertex_t r = 0; r < rows; ++r) {
    for (edge_t e = matrix.offsets[r]; e < matrix.offsets[r + 1]; ++e) {
      const edge_t slot = detail::claim_slot(cursor[matrix.indices[e]]);
      result.indices[slot] = r;
      result.values[slot] = matrix.values[e];
    }
  }

  // The scatter interleaves source rows; restore column order within each row.
  // A CSR has no duplicates, so sorting by index alone is well defined.
#pragma omp parallel if (parallel)
  {
    std::vector<std::pair<vertex_t, float>> row;
#pragma omp for schedule(dynamic, 256)
    for (vertex_t c = 0; c < num_cols; ++c) {
      const edge_t begin = result.offsets[c], end = result.offsets[c + 1];
      if (std::is_sorted(result.indices.begin() + begin, result.indices.begin() + end)) continue;
      row.clear();
      for (edge_t e = begin; e < end; ++e) row.emplace_back(result.indices[e], result.values[e]);
      std::sort(row.begin(), row.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      for (edge_t e = begin; e < end; ++e) {
        result.indices[e] = row[e - begin].first;
        result.values[e] = row[e - begin].second;
      }
    }
  }
  return result;
}

}  // namespace graphrun
