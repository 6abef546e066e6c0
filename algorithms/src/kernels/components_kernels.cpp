// ComponentsKernels' public primitives: the checks every backend shares,
// then its do_ virtual.
#include "graphrun/algorithms/kernels/components_kernels.hpp"

#include <string>

#include "kernels/family_access.hpp"
#include "graphrun/internal/primitive_checks.hpp"

namespace graphrun {

using engine_detail::require;
using engine_detail::require_single_adjacency;
using engine_detail::require_size;

namespace {

ForestState* require_state(const char* primitive, std::span<ForestState> state) {
  require_size(primitive, "state", state.size(), 1);
  return state.data();
}

void require_parent_size(const char* primitive, const DeviceGraph& a, std::span<const vertex_t> parent) {
  require_size(primitive, "parent", parent.size(), static_cast<std::size_t>(a.num_vertices()));
}

void require_block_vertices(const char* primitive, vertex_t block_vertices) {
  require(block_vertices > 0, primitive, "block_vertices must be positive");
}

}  // namespace

void ComponentsKernels::link_neighbours(const DeviceGraph& a, Edges edges, edge_t first, edge_t count,
                                        std::span<vertex_t> parent, std::span<ForestState> state) {
  constexpr const char* primitive = "link_neighbours";
  require_single_adjacency(primitive, edges);
  require(first >= 0, primitive, "first must not be negative");
  require(count >= 0, primitive, "count must not be negative");
  require_parent_size(primitive, a, parent);
  do_link_neighbours(a, edges, first, count, parent, require_state(primitive, state));
}

void ComponentsKernels::compress(std::span<vertex_t> parent, std::span<ForestState> state) {
  do_compress(parent, require_state("compress", state));
}

void ComponentsKernels::pick_skip_root(std::span<const vertex_t> parent, std::uint32_t samples,
                                       std::span<ForestState> state) {
  constexpr const char* primitive = "pick_skip_root";
  require(samples >= 1 && samples <= max_root_samples, primitive,
          "samples must be in 1..max_root_samples (" + std::to_string(max_root_samples) + ")");
  do_pick_skip_root(parent, samples, require_state(primitive, state));
}

vertex_t ComponentsKernels::local_block_vertices(const DeviceGraph& a, Edges edges) const {
  require_single_adjacency("local_block_vertices", edges);
  return do_local_block_vertices(a, edges);
}

void ComponentsKernels::local_forest(const DeviceGraph& a, Edges edges, vertex_t block_vertices,
                                     std::span<vertex_t> parent) {
  constexpr const char* primitive = "local_forest";
  require_single_adjacency(primitive, edges);
  require_block_vertices(primitive, block_vertices);
  require_parent_size(primitive, a, parent);
  do_local_forest(a, edges, block_vertices, parent);
}

void ComponentsKernels::link_across_blocks(const DeviceGraph& a, Edges edges, vertex_t block_vertices,
                                           std::span<vertex_t> parent, std::span<ForestState> state) {
  constexpr const char* primitive = "link_across_blocks";
  require_single_adjacency(primitive, edges);
  require_block_vertices(primitive, block_vertices);
  require_parent_size(primitive, a, parent);
  do_link_across_blocks(a, edges, block_vertices, parent, require_state(primitive, state));
}

ComponentsKernels& components_kernels(Backend& backend) {
  return algorithms_detail::kernel_family<ComponentsKernels>(backend, "connected components");
}

}  // namespace graphrun
