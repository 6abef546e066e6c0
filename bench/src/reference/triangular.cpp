#include "reference/triangular.hpp"

namespace graphrun::bench {

std::vector<double> forward_substitution(const Graph& lower, const std::vector<double>& b) {
  const Csr& rows = lower.out_edges();
  std::vector<double> x(b.size(), 0.0);
  for (vertex_t i = 0; i < lower.num_vertices(); ++i) {
    double rest = b[static_cast<std::size_t>(i)];
    const edge_t diagonal = rows.offsets[i + 1] - 1;
    for (edge_t k = rows.offsets[i]; k < diagonal; ++k)
      rest -= static_cast<double>(rows.value(k)) * x[static_cast<std::size_t>(rows.indices[k])];
    x[static_cast<std::size_t>(i)] = rest / static_cast<double>(rows.value(diagonal));
  }
  return x;
}

}  // namespace graphrun::bench
