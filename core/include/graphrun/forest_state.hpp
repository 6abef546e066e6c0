#pragma once
// What the union-find primitives (Backend::link_neighbours, compress,
// pick_skip_root) keep besides the parent forest: one ForestState in backend
// memory, read and written on the device from call to call, so that a whole
// connected-components run needs no host round trip until the host wants
// its answer. Written once for every backend (host and device code): both
// must sample the same vertices to pick the same skip root.
#include <cstdint>

#include "graphrun/semiring.hpp"
#include "graphrun/types.hpp"

namespace graphrun {

struct ForestState {
  // link_neighbours passes over every vertex u with parent[u] == skip
  // (no_vertex: over none). Set by pick_skip_root, or by the caller.
  vertex_t skip = no_vertex;
  // Raised (1) by a primitive that met a parent value outside 0 <= parent[v]
  // <= v; never lowered by one. parent is then unspecified.
  std::int32_t broken = 0;
  // Set by compress: how many vertices are roots (parent[v] == v) after it,
  // the number of trees; unspecified when it found the forest broken.
  vertex_t roots = 0;
};

// Most vertices pick_skip_root may sample: one block of the cuda kernel.
inline constexpr std::uint32_t max_root_samples = 1024;

// The i-th sampled vertex of n > 0: a fixed hash of i (splitmix64's
// finalizer), so runs repeat and every backend samples the same vertices.
GRAPHRUN_HOST_DEVICE vertex_t sampled_vertex(std::uint32_t i, vertex_t n) {
  std::uint64_t z = 0x5eedULL + (static_cast<std::uint64_t>(i) + 1) * 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return static_cast<vertex_t>(z % static_cast<std::uint64_t>(n));
}

// pick_skip_root's order on the sampled values: a value held by more samples
// ranks higher, and on a tie the smaller value does. One 64-bit key, so a
// device block can take the best with a plain max-reduction.
GRAPHRUN_HOST_DEVICE std::uint64_t skip_root_rank(std::uint32_t times, vertex_t value) {
  return (static_cast<std::uint64_t>(times) << 32) | (0xffffffffULL - static_cast<std::uint32_t>(value));
}
GRAPHRUN_HOST_DEVICE vertex_t skip_root_of_rank(std::uint64_t rank) {
  return static_cast<vertex_t>(0xffffffffULL - (rank & 0xffffffffULL));
}

}  // namespace graphrun
