// CudaBackend: union-find linking, compression and the skip root for
// connected components (argument checks, then the launchers of components/).
// The cusparse backend inherits all three. None reads back: a broken forest
// raises ForestState::broken on the device.
#include <string>

#include "graphrun/error.hpp"
#include "kernels/cuda/components/skip_root.cuh"
#include "kernels/cuda/components/union_find.cuh"
#include "kernels/cuda/cuda_backend.cuh"
#include "kernels/cuda/cuda_graph.cuh"

namespace graphrun::cuda {

namespace {

void require(bool condition, const char* primitive, const std::string& reason) {
  if (!condition) throw UsageError(std::string(primitive) + ": " + reason);
}

ForestState* require_state(std::span<ForestState> state, const char* primitive) {
  require(state.size() == 1, primitive, "state has " + std::to_string(state.size()) + " entries, expected 1");
  return state.data();
}

}  // namespace

void CudaBackend::link_neighbours(const DeviceGraph& a, Edges edges, edge_t first, edge_t count,
                                  std::span<vertex_t> parent, std::span<ForestState> state) {
  constexpr const char* primitive = "link_neighbours";
  require(edges != Edges::both, primitive, "Edges::both is not one adjacency (call it for out and for in)");
  require(first >= 0, primitive, "first must not be negative");
  require(count >= 0, primitive, "count must not be negative");
  const CsrView rows = csr_view(a, edges);
  require(parent.size() == static_cast<std::size_t>(a.num_vertices()), primitive,
          "parent has " + std::to_string(parent.size()) + " entries, expected " + std::to_string(a.num_vertices()));
  cuda::link_neighbours(context(), rows, first, count, parent, require_state(state, primitive));
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

}  // namespace graphrun::cuda
