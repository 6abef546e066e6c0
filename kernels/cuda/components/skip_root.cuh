#pragma once
// Afforest's skip root on the device: the value most sampled vertices hold
// in parent (after a compress, the largest tree's root with high
// probability), written into ForestState::skip without a host round trip.
#include <cstdint>
#include <span>

#include "graphrun/forest_state.hpp"
#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"

namespace graphrun::cuda {

// state->skip = the value held by the most of parent[sampled_vertex(i, n)],
// i < samples (1..max_root_samples), the smallest on a tie; no_vertex when
// parent is empty.
void pick_skip_root(const DeviceContext& context, std::span<const vertex_t> parent, std::uint32_t samples,
                    ForestState* state);

}  // namespace graphrun::cuda
