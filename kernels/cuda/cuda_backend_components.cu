// CudaBackend: union-find linking and compression for connected components
// (argument checks, then the launchers of components/union_find.cu). The
// cusparse backend inherits both.
#include <string>

#include "graphrun/error.hpp"
#include "kernels/cuda/components/union_find.cuh"
#include "kernels/cuda/cuda_backend.cuh"
#include "kernels/cuda/cuda_graph.cuh"

namespace graphrun::cuda {

namespace {

void require(bool condition, const char* primitive, const std::string& reason) {
  if (!condition) throw UsageError(std::string(primitive) + ": " + reason);
}

constexpr const char* forest_violation =
    "parent must satisfy 0 <= parent[v] <= v (a forest whose roots are the smallest id of their tree)";

}  // namespace

void CudaBackend::link_neighbours(const DeviceGraph& a, Edges edges, edge_t first, edge_t count, vertex_t skip,
                                  std::span<vertex_t> parent) {
  constexpr const char* primitive = "link_neighbours";
  require(edges != Edges::both, primitive, "Edges::both is not one adjacency (call it for out and for in)");
  require(first >= 0, primitive, "first must not be negative");
  require(count >= 0, primitive, "count must not be negative");
  const CsrView rows = csr_view(a, edges);
  require(parent.size() == static_cast<std::size_t>(a.num_vertices()), primitive,
          "parent has " + std::to_string(parent.size()) + " entries, expected " + std::to_string(a.num_vertices()));
  require(cuda::link_neighbours(context(), rows, first, count, skip, parent), primitive, forest_violation);
}

void CudaBackend::compress(std::span<vertex_t> parent) {
  require(cuda::compress(context(), parent), "compress", forest_violation);
}

}  // namespace graphrun::cuda
