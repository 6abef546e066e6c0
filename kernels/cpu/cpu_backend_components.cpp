// CpuBackend: union-find linking and compression for connected components
// (argument checks, then the kernels of components.cpp).
#include "kernels/cpu/argument_checks.hpp"
#include "kernels/cpu/components.hpp"
#include "kernels/cpu/cpu_backend.hpp"
#include "kernels/cpu/cpu_graph.hpp"

namespace graphrun::cpu {
namespace {

// Ids beyond the vector or a parent chain that loops would send the kernels
// out of bounds or round forever: one read of parent rules both out.
void require_forest(std::span<const vertex_t> parent, int threads, const char* primitive) {
  require_true(is_decreasing_forest(parent, threads), primitive,
               "parent must satisfy 0 <= parent[v] <= v (a forest whose roots are the smallest id of their tree)");
}

}  // namespace

void CpuBackend::link_neighbours(const DeviceGraph& a, Edges edges, edge_t first, edge_t count, vertex_t skip,
                                 std::span<vertex_t> parent) {
  constexpr const char* primitive = "link_neighbours";
  const CpuGraph& graph = as_cpu_graph(a);
  require_true(edges != Edges::both, primitive, "Edges::both is not one adjacency (call it for out and for in)");
  require_true(first >= 0, primitive, "first must not be negative");
  require_true(count >= 0, primitive, "count must not be negative");
  require_size(primitive, "parent", parent.size(), static_cast<std::size_t>(graph.num_vertices()));
  require_forest(parent, threads_, primitive);
  cpu::link_neighbours(graph, edges, first, count, skip, parent, threads_);
}

void CpuBackend::compress(std::span<vertex_t> parent) {
  require_forest(parent, threads_, "compress");
  cpu::compress(parent, threads_);
}

}  // namespace graphrun::cpu
