// CudaBackend: union-find linking, compression, the skip root and the block
// primitives for connected components (the launchers of components/;
// ComponentsKernels checked the arguments, this file the cuda limits).
// The cusparse backend inherits them all. None reads back: a broken forest
// raises ForestState::broken on the device.
#include <string>

#include "graphrun/error.hpp"
#include "cuda/components/local_forest.cuh"
#include "cuda/components/skip_root.cuh"
#include "cuda/components/union_find.cuh"
#include "cuda/cuda_backend.cuh"
#include "cuda/cuda_graph.cuh"
#include "cuda/spmv/selection/row_stats.hpp"

namespace graphrun::cuda {

namespace {

// The row statistics of a's `edges` plan that the link passes use (built
// with the plan on first use: the caller activates the device first).
RowExtent row_extent(const DeviceGraph& a, Edges edges) {
  const spmv::RowStats& stats = as_cuda_graph(a).plan(edges).stats();
  return RowExtent{stats.longest_row, stats.longest_reach};
}

}  // namespace

void CudaBackend::do_link_neighbours(const DeviceGraph& a, Edges edges, edge_t first, edge_t count,
                                     std::span<vertex_t> parent, ForestState* state) {
  const CsrView rows = csr_view(a, edges);
  activate();
  cuda::link_neighbours(context(), rows, row_extent(a, edges), first, count, parent, state);
}

void CudaBackend::do_compress(std::span<vertex_t> parent, ForestState* state) {
  cuda::compress(context(), parent, state);
}

void CudaBackend::do_pick_skip_root(std::span<const vertex_t> parent, std::uint32_t samples, ForestState* state) {
  cuda::pick_skip_root(context(), parent, samples, state);
}

vertex_t CudaBackend::do_local_block_vertices(const DeviceGraph& a, Edges edges) const {
  activate();  // the plan (and its row statistics) may be built here, on first use
  const spmv::RowStats& stats = as_cuda_graph(a).plan(edges).stats();
  const bool local = stats.longest_reach <= LocalForestPolicy::max_reach &&
                     stats.longest_row <= LocalForestPolicy::max_row_entries;
  return local && a.num_vertices() > 0 ? LocalForestPolicy::preferred_block_vertices : 0;
}

void CudaBackend::do_local_forest(const DeviceGraph& a, Edges edges, vertex_t block_vertices,
                                  std::span<vertex_t> parent) {
  if (block_vertices > LocalForestPolicy::max_block_vertices)
    throw UsageError("local_forest: block_vertices is " + std::to_string(block_vertices) + ", expected 1.." +
                     std::to_string(LocalForestPolicy::max_block_vertices) + " (one thread block's shared memory)");
  const CsrView rows = csr_view(a, edges);
  cuda::local_forest(context(), rows, !a.directed(), block_vertices, parent);
}

void CudaBackend::do_link_across_blocks(const DeviceGraph& a, Edges edges, vertex_t block_vertices,
                                        std::span<vertex_t> parent, ForestState* state) {
  const CsrView rows = csr_view(a, edges);
  activate();
  cuda::link_across_blocks(context(), rows, row_extent(a, edges), !a.directed(), block_vertices, parent, state);
}

}  // namespace graphrun::cuda
