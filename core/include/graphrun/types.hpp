#pragma once
// Index types shared by every layer.
#include <cstdint>
#include <limits>

namespace graphrun {

// Vertex ids are 32-bit: every kernel indexes x and y with them, and halving
// the index width halves the bytes a gather of x costs on the GPU. Unsigned,
// so that ids may reach 2^32 - 2 with no_vertex the one value left over.
using vertex_t = std::uint32_t;

// Edge offsets are 64-bit so graphs above 2^31 stored entries work.
using edge_t = std::int64_t;

// Largest vertex count a graph may have: ids 0..n-1, with no_vertex outside
// them. Stated, not derived from vertex_t, so that every limit check reads
// one number whatever vertex_t's signedness (decision 047).
inline constexpr std::int64_t max_vertices = 4294967294;  // 2^32 - 2

// Marks "no vertex" in results: a missing parent, an empty slot, padding.
// Its bits are an int32's -1, which is how Python and the output files show
// it.
inline constexpr vertex_t no_vertex = std::numeric_limits<vertex_t>::max();

// Host and device functions (CUDA translation units compile them for both).
#if defined(__CUDACC__)
#define GRAPHRUN_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define GRAPHRUN_HOST_DEVICE inline
#endif

// True when v is an id of a graph with n vertices (0 <= v < n). One unsigned
// comparison, right whether vertex_t is signed or unsigned: a negative id
// and no_vertex read as past every n <= max_vertices.
GRAPHRUN_HOST_DEVICE constexpr bool is_vertex(vertex_t v, vertex_t n) {
  return static_cast<std::uint32_t>(v) < static_cast<std::uint32_t>(n);
}

// True when a graph may have n vertices (0 <= n <= max_vertices). Takes the
// count widened, so a negative count and a wrapped one both fail.
GRAPHRUN_HOST_DEVICE constexpr bool is_vertex_count(std::int64_t n) { return n >= 0 && n <= max_vertices; }

// BFS levels and Brandes depths: signed whatever vertex_t is, so that
// no_level (-1) marks "not reached" and Python and JSON show it as -1. A
// level is at most n - 1.
using level_t = std::int32_t;
inline constexpr level_t no_level = -1;

}  // namespace graphrun
