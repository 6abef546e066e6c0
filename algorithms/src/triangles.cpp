// Triangle counting and the local clustering coefficient.
//
// Contract: triangles.hpp. Both run one primitive, TriangleKernels::
// triangle_sums, on the undirected simple graph S beneath the input.
//
// Maths. A triangle is a set {u, v, w} of distinct, pairwise adjacent
// vertices of S. For LCC, the directed edges among N(v) are the pairs of
// adjacent neighbours of v, i.e. the triangles {v, u, w}, each weighed by how
// many of u -> w and w -> u the input has: S's edge weight under
// EdgeCounts::by_direction. So numerator(v) = triangle_sums(S, weighted)[v],
// and d(v) is v's degree in S. On an undirected input every weight is 2:
// lcc(v) = 2 t(v) / (d (d - 1)), the undirected definition.
//
// The backends count each triangle once by orienting S's edges from lower
// to higher (degree, id) rank, so every vertex keeps at most sqrt(2m)
// out-neighbours (Schank and Wagner; GAP's tc orders by degree too), and
// intersecting the oriented rows of each oriented edge's two ends.
#include "graphrun/algorithms/triangles.hpp"

#include "device_buffers.hpp"
#include "graphrun/algorithms/kernels/triangle_kernels.hpp"

namespace graphrun {

using algorithms_detail::make_buffer;

TriangleCountResult triangle_count(Engine& engine, const DeviceGraph& simple, bool per_vertex) {
  TriangleKernels& kernels = triangle_kernels(engine.backend());
  TriangleCountResult result;
  if (!per_vertex) {
    result.total = kernels.triangle_sums(simple, false, {});
    return result;
  }
  DeviceVector<std::uint64_t> sums = make_buffer<std::uint64_t>(engine.backend(), simple.num_vertices());
  result.total = kernels.triangle_sums(simple, false, sums.span());
  result.per_vertex = sums.to_host();
  return result;
}

LocalClusteringResult local_clustering(Engine& engine, const DeviceGraph& closure) {
  Backend& backend = engine.backend();
  const auto n = static_cast<std::size_t>(closure.num_vertices());
  DeviceVector<std::uint64_t> sums = make_buffer<std::uint64_t>(backend, n);
  triangle_kernels(backend).triangle_sums(closure, true, sums.span());
  DeviceVector<vertex_t> degree = make_buffer<vertex_t>(backend, n);
  backend.degrees(closure, Edges::out, degree.span());
  const std::vector<std::uint64_t> numerator = sums.to_host();
  const std::vector<vertex_t> d = degree.to_host();
  LocalClusteringResult result;
  result.coefficient.resize(n, 0.0);
  double total = 0.0;
  for (std::size_t v = 0; v < n; ++v) {
    if (d[v] < 2) continue;
    const double pairs = static_cast<double>(d[v]) * static_cast<double>(d[v] - 1);
    result.coefficient[v] = static_cast<double>(numerator[v]) / pairs;
    total += result.coefficient[v];
  }
  result.average = n == 0 ? 0.0 : total / static_cast<double>(n);
  return result;
}

}  // namespace graphrun
