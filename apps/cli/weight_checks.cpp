#include "weight_checks.hpp"

#include "graphrun/error.hpp"

namespace graphrun::cli {

void refuse_negative_weights(const Graph& graph, const std::string& file, const std::string& needed_by) {
  const Csr& out = graph.out_edges();
  if (!out.weighted()) return;
  for (vertex_t u = 0; u < graph.num_vertices(); ++u)
    for (edge_t k = out.offsets[u]; k < out.offsets[u + 1]; ++k)
      if (!(out.values[k] >= 0.0f))
        throw InputError(file, 0,
                         needed_by + " needs non-negative weights: edge " + graph.ids().label(u) + " -> " +
                             graph.ids().label(out.indices[k]) + " has weight " + std::to_string(out.values[k]));
}

}  // namespace graphrun::cli
