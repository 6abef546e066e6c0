#include "graphrun/undirected_simple.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "graphrun/host_memory.hpp"
#include "graphrun/internal/parallel.hpp"

namespace graphrun {
namespace {

// Merges row v of `out` and of `in` (both sorted), skipping v; calls
// emit(w, count) once per neighbour w, count = rows holding w (1 or 2).
template <class Emit>
void merged_row(const Csr& out, const Csr& in, vertex_t v, Emit emit) {
  edge_t a = out.offsets[v], a_end = out.offsets[v + 1];
  edge_t b = in.offsets[v], b_end = in.offsets[v + 1];
  while (a < a_end || b < b_end) {
    const vertex_t x = a < a_end ? out.indices[a] : no_vertex;
    const vertex_t y = b < b_end ? in.indices[b] : no_vertex;
    vertex_t w;
    int count = 1;
    if (b == b_end || (a < a_end && x < y)) {
      w = x;
      ++a;
    } else if (a == a_end || y < x) {
      w = y;
      ++b;
    } else {
      w = x;
      count = 2;
      ++a;
      ++b;
    }
    if (w != v) emit(w, count);
  }
}

}  // namespace

Graph undirected_simple(const Graph& graph, EdgeCounts counts) {
  const Csr& out = graph.out_edges();
  const Csr& in = graph.in_edges();  // out itself when undirected
  const vertex_t n = graph.num_vertices();
  const bool weighted = counts == EdgeCounts::by_direction;
  const std::int64_t rows = n;
  std::vector<edge_t> length(static_cast<std::size_t>(n) + 1, 0);
#pragma omp parallel for schedule(dynamic, 1024) if (rows >= detail::parallel_threshold)
  for (std::int64_t v = 0; v < rows; ++v) {
    edge_t count = 0;
    merged_row(out, in, static_cast<vertex_t>(v), [&](vertex_t, int) { ++count; });
    length[static_cast<std::size_t>(v)] = count;
  }
  Csr result;
  result.offsets.resize(static_cast<std::size_t>(n) + 1);
  edge_t total = 0;
  for (std::size_t v = 0; v < static_cast<std::size_t>(n); ++v) {
    result.offsets[v] = total;
    total += length[v];
  }
  result.offsets[static_cast<std::size_t>(n)] = total;
  require_host_memory(static_cast<std::uint64_t>(total) * (sizeof(vertex_t) + (weighted ? sizeof(float) : 0)),
                      "the undirected simple graph of " + std::to_string(total) + " entries",
                      "free host memory or use a smaller graph");
  result.indices.resize(static_cast<std::size_t>(total));
  if (weighted) result.values.resize(static_cast<std::size_t>(total));
#pragma omp parallel for schedule(dynamic, 1024) if (rows >= detail::parallel_threshold)
  for (std::int64_t v = 0; v < rows; ++v) {
    auto at = static_cast<std::size_t>(result.offsets[static_cast<std::size_t>(v)]);
    merged_row(out, in, static_cast<vertex_t>(v), [&](vertex_t w, int count) {
      result.indices[at] = w;
      // An undirected graph stores each edge both ways, in out == in: 2.
      if (weighted) result.values[at] = static_cast<float>(count);
      ++at;
    });
  }
  return Graph::from_csr(std::move(result), false, graph.ids());
}

}  // namespace graphrun
