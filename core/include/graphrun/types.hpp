#pragma once
// Index types shared by every layer.
#include <cstdint>
#include <limits>

namespace graphrun {

// Vertex ids are 32-bit: every kernel indexes x and y with them, and halving
// the index width halves the bytes a gather of x costs on the GPU.
using vertex_t = std::int32_t;

// Edge offsets are 64-bit so graphs above 2^31 stored entries work.
using edge_t = std::int64_t;

// Largest vertex count a graph may have (ids 0..n-1 fit in vertex_t and n
// itself is representable).
inline constexpr std::int64_t max_vertices = std::numeric_limits<vertex_t>::max();

// Marks "no vertex" in results: a missing parent, an empty slot.
inline constexpr vertex_t no_vertex = -1;

// BFS levels and Brandes depths: signed whatever vertex_t is, so that
// no_level (-1) marks "not reached" and Python and JSON show it as -1. A
// level is at most n - 1.
using level_t = std::int32_t;
inline constexpr level_t no_level = -1;

}  // namespace graphrun
