// CudaBackend: union-find linking, compression and the skip root for
// connected components (argument checks, then the launchers of components/).
// The cusparse backend inherits all three. None reads back: a broken forest
// raises ForestState::broken on the device.
#include <string>

#include "graphrun/error.hpp"
#include "kernels/cuda/components/local_forest.cuh"
#include "kernels/cuda/components/skip_root.cuh"
#include "kernels/cuda/components/union_find.cuh"
#include "kernels/cuda/cuda_backend.cuh"
#include "kernels/cuda/cuda_graph.cuh"
#include "kernels/cuda/spmv/selection/row_stats.hpp"

namespace graphrun::cuda {

namespace {

void require(bool condition, const char* primitive, const std::string& reason) {
  if (!condition) throw UsageError(std::string(primitive) + ": " + reason);
}

ForestState* require_state(std::span<ForestState> state, const char* primitive) {
  require(state.size() == 1, primitive, "state has " + std::to_string(state.size()) + " entries, expected 1");
  return state.data();
}

void require_parent_size(std::span<const vertex_t> parent, const DeviceGraph& a, const char* primitive) {
  require(parent.size() == static_cast<std::size_t>(a.num_vertices()), primitive,
          "parent has " + std::to_string(parent.size()) + " entries, expected " + std::to_string(a.num_vertices()));
}

// The row statistics of a's `edges` plan that the link passes use (built
// with the plan on first use: the caller activates the device first).
RowExtent row_extent(const DeviceGraph& a, Edges edges) {
  const spmv::RowStats& stats = as_cuda_graph(a).plan(edges).stats();
  return RowExtent{stats.longest_row, stats.longest_reach};
}

}  // namespace

void CudaBackend::link_neighbours(const DeviceGraph& a, Edges edges, edge_t first, edge_t count,
                                  std::span<vertex_t> parent, std::span<ForestState> state) {
  constexpr const char* primitive = "link_neighbours";
  require(edges != Edges::both, primitive, "Edges::both is not one adjacency (call it for out and for in)");
  require(first >= 0, primitive, "first must not be negative");
  require(count >= 0, primitive, "count must not be negative");
  const CsrView rows = csr_view(a, edges);
  require_parent_size(parent, a, primitive);
  ForestState* forest_state = require_state(state, primitive);
  activate();
  cuda::link_neighbours(context(), rows, row_extent(a, edges), first, count, parent, forest_state);
}

void CudaBackend::compress(std::span<vertex_t> parent, std::span<ForestState> state) {
  cuda::compress(context(), parent, require_state(state, "compress"));
}

void CudaBackend::pick_skip_root(std::span<const vertex_t> parent, std::uint32_t samples,
                                 std::span<ForestState> state) {
  constexpr const char* primitive = "pick_skip_root";
  require(samples >= 1 && samples <= max_root_samples, primitive, "samples must be in 1..max_root_samples (1024)");
  cuda::pick_skip_root(context(), parent, samples, require_state(state, primitive));
}

vertex_t CudaBackend::local_block_vertices(const DeviceGraph& a, Edges edges) const {
  require(edges != Edges::both, "local_block_vertices", "Edges::both is not one adjacency");
  activate();  // the plan (and its row statistics) may be built here, on first use
  const spmv::RowStats& stats = as_cuda_graph(a).plan(edges).stats();
  const bool local = stats.longest_reach <= LocalForestPolicy::max_reach &&
                     stats.longest_row <= LocalForestPolicy::max_row_entries;
  return local && a.num_vertices() > 0 ? LocalForestPolicy::preferred_block_vertices : 0;
}

void CudaBackend::local_forest(const DeviceGraph& a, Edges edges, vertex_t block_vertices,
                               std::span<vertex_t> parent) {
  constexpr const char* primitive = "local_forest";
  require(edges != Edges::both, primitive, "Edges::both is not one adjacency (call it for out and for in)");
  require(block_vertices > 0 && block_vertices <= LocalForestPolicy::max_block_vertices, primitive,
          "block_vertices is " + std::to_string(block_vertices) + ", expected 1.." +
              std::to_string(LocalForestPolicy::max_block_vertices) + " (one thread block's shared memory)");
  const CsrView rows = csr_view(a, edges);
  require_parent_size(parent, a, primitive);
  cuda::local_forest(context(), rows, !a.directed(), block_vertices, parent);
}

void CudaBackend::link_across_blocks(const DeviceGraph& a, Edges edges, vertex_t block_vertices,
                                     std::span<vertex_t> parent, std::span<ForestState> state) {
  constexpr const char* primitive = "link_across_blocks";
  require(edges != Edges::both, primitive, "Edges::both is not one adjacency (call it for out and for in)");
  require(block_vertices > 0, primitive, "block_vertices must be positive");
  const CsrView rows = csr_view(a, edges);
  require_parent_size(parent, a, primitive);
  ForestState* forest_state = require_state(state, primitive);
  activate();
  cuda::link_across_blocks(context(), rows, row_extent(a, edges), !a.directed(), block_vertices, parent,
                           forest_state);
}

}  // namespace graphrun::cuda
