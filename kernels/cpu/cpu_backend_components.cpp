// CpuBackend: union-find linking, compression, the skip root and the block
// primitives for connected components (the kernels of components.cpp;
// ComponentsKernels checked the arguments).
#include "cpu/components.hpp"
#include "cpu/cpu_backend.hpp"
#include "cpu/cpu_graph.hpp"

namespace graphrun::cpu {
namespace {

// Ids beyond the vector or a parent chain that loops would send the kernels
// out of bounds or round forever: one read of parent rules both out. A
// broken forest raises forest.broken and is left as it is (false).
bool accept_forest(std::span<const vertex_t> parent, int threads, ForestState& forest) {
  if (is_decreasing_forest(parent, threads)) return true;
  forest.broken = 1;
  return false;
}

}  // namespace

void CpuBackend::do_link_neighbours(const DeviceGraph& a, Edges edges, edge_t first, edge_t count,
                                    std::span<vertex_t> parent, ForestState* state) {
  const CpuGraph& graph = as_cpu_graph(a);
  if (!accept_forest(parent, threads_, *state)) return;
  cpu::link_neighbours(graph, edges, first, count, state->skip, parent, threads_);
}

void CpuBackend::do_compress(std::span<vertex_t> parent, ForestState* state) {
  if (!accept_forest(parent, threads_, *state)) return;
  state->roots = cpu::compress(parent, threads_);
}

void CpuBackend::do_pick_skip_root(std::span<const vertex_t> parent, std::uint32_t samples, ForestState* state) {
  state->skip = cpu::most_sampled_value(parent, samples);
}

// The cpu backend keeps Afforest for every graph: the block-by-block path
// exists for the GPU, where it saves Afforest's contended hooks in global
// memory on road maps. Its primitives are here all the same, as the
// reference the cuda ones are tested against.
vertex_t CpuBackend::do_local_block_vertices(const DeviceGraph&, Edges) const { return 0; }

void CpuBackend::do_local_forest(const DeviceGraph& a, Edges edges, vertex_t block_vertices,
                                 std::span<vertex_t> parent) {
  cpu::local_forest(as_cpu_graph(a), edges, block_vertices, parent, threads_);
}

void CpuBackend::do_link_across_blocks(const DeviceGraph& a, Edges edges, vertex_t block_vertices,
                                       std::span<vertex_t> parent, ForestState* state) {
  const CpuGraph& graph = as_cpu_graph(a);
  if (!accept_forest(parent, threads_, *state)) return;
  cpu::link_across_blocks(graph, edges, block_vertices, state->skip, parent, threads_);
}

}  // namespace graphrun::cpu
