#pragma once
// The kernel of triangle counting and the local clustering coefficient
// (algorithms/src/triangles.cpp). A backend that runs them derives from
// TriangleKernels beside Backend (kernels/); the algorithms reach it through
// triangle_kernels(backend).
//
// Non-virtual interface, as Backend's: the public call checks its arguments
// once for every backend (algorithms/src/kernels/triangle_kernels.cpp) and
// calls the protected do_ virtual (1).
#include <cmath>
#include <cstdint>
#include <span>

#include "graphrun/backend.hpp"
#include "graphrun/semiring.hpp"  // GRAPHRUN_HOST_DEVICE

namespace graphrun {

// The integer weight triangle_sums reads from a stored weight: rounded to
// the nearest integer, ties away from zero; negative or NaN weights read 0,
// weights past 2^32 - 1 read 2^32 - 1. One function for every backend.
GRAPHRUN_HOST_DEVICE std::uint32_t triangle_weight(float stored) {
  if (!(stored >= 0.0f)) return 0;
  // Saturate before rounding: llround of a value past long long's range is
  // unspecified. Floats below 2^32 stop at 2^32 - 256, which rounds exactly.
  if (stored >= 4294967296.0f) return 4294967295u;
  return static_cast<std::uint32_t>(llround(static_cast<double>(stored)));
}

class TriangleKernels {
 public:
  virtual ~TriangleKernels() = default;

  // Over the triangles {u, v, w} of the undirected graph `a` (three distinct
  // vertices, each pair adjacent; self-loops are ignored): returns how many
  // there are and, unless `sums` is empty, sets sums[x] for every vertex x
  // to the sum over the triangles holding x of the weight of the edge
  // opposite x (`weighted`: triangle_weight of the stored weight; otherwise
  // 1, so sums[x] counts x's triangles). sums has
  // num_vertices entries and is overwritten. A directed graph is a
  // UsageError: its adjacency is not symmetric.
  std::uint64_t triangle_sums(const DeviceGraph& a, bool weighted, std::span<std::uint64_t> sums);

 protected:
  // Called with an undirected graph and checked sizes.
  virtual std::uint64_t do_triangle_sums(const DeviceGraph& a, bool weighted, std::span<std::uint64_t> sums) = 0;
};

// The triangle kernel of `backend`; UsageError when it has none.
TriangleKernels& triangle_kernels(Backend& backend);

}  // namespace graphrun
