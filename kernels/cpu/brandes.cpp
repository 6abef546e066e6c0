#include "cpu/brandes.hpp"

#include "cpu/parallel_for.hpp"

namespace graphrun::cpu {

bool brandes_paths(const CpuGraph& graph, std::span<const vertex_t> vertices, vertex_t depth,
                   std::span<const vertex_t> level, std::span<double> paths, int threads) {
  const Csr& in = graph.rows(Edges::in);
  const vertex_t n = in.num_rows();
  return !parallel_any(vertices.size(), threads, [&](std::size_t i) {
    const vertex_t v = vertices[i];
    if (v < 0 || v >= n) return true;
    double sum = 0.0;
    for (edge_t k = in.offsets[v]; k < in.offsets[v + 1]; ++k) {
      const vertex_t u = in.indices[k];
      if (level[static_cast<std::size_t>(u)] == depth - 1) sum += paths[static_cast<std::size_t>(u)];
    }
    paths[static_cast<std::size_t>(v)] = sum;
    return false;
  });
}

bool brandes_dependencies(const CpuGraph& graph, std::span<const vertex_t> vertices, vertex_t depth,
                          std::span<const vertex_t> level, std::span<const double> paths,
                          std::span<double> dependency, std::span<double> centrality, int threads) {
  const Csr& out = graph.rows(Edges::out);
  const vertex_t n = out.num_rows();
  return !parallel_any(vertices.size(), threads, [&](std::size_t i) {
    const vertex_t v = vertices[i];
    if (v < 0 || v >= n) return true;
    double sum = 0.0;
    for (edge_t k = out.offsets[v]; k < out.offsets[v + 1]; ++k) {
      const auto w = static_cast<std::size_t>(out.indices[k]);
      if (level[w] == depth + 1) sum += (1.0 + dependency[w]) / paths[w];
    }
    const double own = paths[static_cast<std::size_t>(v)] * sum;
    dependency[static_cast<std::size_t>(v)] = own;
    centrality[static_cast<std::size_t>(v)] += own;
    return false;
  });
}

}  // namespace graphrun::cpu
