// CpuBackend: union-find linking, compression and the skip root for
// connected components (argument checks, then the kernels of components.cpp).
#include "kernels/cpu/argument_checks.hpp"
#include "kernels/cpu/components.hpp"
#include "kernels/cpu/cpu_backend.hpp"
#include "kernels/cpu/cpu_graph.hpp"

namespace graphrun::cpu {
namespace {

ForestState& require_state(std::span<ForestState> state, const char* primitive) {
  require_size(primitive, "state", state.size(), 1);
  return state.front();
}

// Ids beyond the vector or a parent chain that loops would send the kernels
// out of bounds or round forever: one read of parent rules both out. A
// broken forest raises forest.broken and is left as it is (false).
bool accept_forest(std::span<const vertex_t> parent, int threads, ForestState& forest) {
  if (is_decreasing_forest(parent, threads)) return true;
  forest.broken = 1;
  return false;
}

}  // namespace

void CpuBackend::link_neighbours(const DeviceGraph& a, Edges edges, edge_t first, edge_t count,
                                 std::span<vertex_t> parent, std::span<ForestState> state) {
  constexpr const char* primitive = "link_neighbours";
  const CpuGraph& graph = as_cpu_graph(a);
  require_true(edges != Edges::both, primitive, "Edges::both is not one adjacency (call it for out and for in)");
  require_true(first >= 0, primitive, "first must not be negative");
  require_true(count >= 0, primitive, "count must not be negative");
  require_size(primitive, "parent", parent.size(), static_cast<std::size_t>(graph.num_vertices()));
  ForestState& forest = require_state(state, primitive);
  if (!accept_forest(parent, threads_, forest)) return;
  cpu::link_neighbours(graph, edges, first, count, forest.skip, parent, threads_);
}

void CpuBackend::compress(std::span<vertex_t> parent, std::span<ForestState> state) {
  ForestState& forest = require_state(state, "compress");
  if (!accept_forest(parent, threads_, forest)) return;
  forest.roots = cpu::compress(parent, threads_);
}

void CpuBackend::pick_skip_root(std::span<const vertex_t> parent, std::uint32_t samples,
                                std::span<ForestState> state) {
  constexpr const char* primitive = "pick_skip_root";
  require_true(samples >= 1 && samples <= max_root_samples, primitive, "samples must be in 1..max_root_samples (1024)");
  require_state(state, primitive).skip = cpu::most_sampled_value(parent, samples);
}

// The cpu backend keeps Afforest for every graph: the block-by-block path
// exists for the GPU, where it saves Afforest's contended hooks in global
// memory on road maps. Its primitives are here all the same, as the
// reference the cuda ones are tested against.
vertex_t CpuBackend::local_block_vertices(const DeviceGraph&, Edges edges) const {
  require_true(edges != Edges::both, "local_block_vertices", "Edges::both is not one adjacency");
  return 0;
}

void CpuBackend::local_forest(const DeviceGraph& a, Edges edges, vertex_t block_vertices,
                              std::span<vertex_t> parent) {
  constexpr const char* primitive = "local_forest";
  const CpuGraph& graph = as_cpu_graph(a);
  require_true(edges != Edges::both, primitive, "Edges::both is not one adjacency (call it for out and for in)");
  require_true(block_vertices > 0, primitive, "block_vertices must be positive");
  require_size(primitive, "parent", parent.size(), static_cast<std::size_t>(graph.num_vertices()));
  cpu::local_forest(graph, edges, block_vertices, parent, threads_);
}

void CpuBackend::link_across_blocks(const DeviceGraph& a, Edges edges, vertex_t block_vertices,
                                    std::span<vertex_t> parent, std::span<ForestState> state) {
  constexpr const char* primitive = "link_across_blocks";
  const CpuGraph& graph = as_cpu_graph(a);
  require_true(edges != Edges::both, primitive, "Edges::both is not one adjacency (call it for out and for in)");
  require_true(block_vertices > 0, primitive, "block_vertices must be positive");
  require_size(primitive, "parent", parent.size(), static_cast<std::size_t>(graph.num_vertices()));
  ForestState& forest = require_state(state, primitive);
  if (!accept_forest(parent, threads_, forest)) return;
  cpu::link_across_blocks(graph, edges, block_vertices, forest.skip, parent, threads_);
}

}  // namespace graphrun::cpu
