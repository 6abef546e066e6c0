// SsspKernels' public steps: the checks every backend shares, then its do_
// virtual. An empty frontier or far list lists nothing, on every backend.
#include "graphrun/algorithms/kernels/sssp_kernels.hpp"

#include <limits>

#include "kernels/family_access.hpp"
#include "graphrun/internal/primitive_checks.hpp"

namespace graphrun {

namespace {

void check_lists(const char* step, std::size_t n, SsspMarks marks, std::span<vertex_t> near,
                 std::span<vertex_t> other, const char* other_name, std::int32_t round) {
  engine_detail::require_size(step, "near_round", marks.near_round.size(), n);
  engine_detail::require_size(step, "in_far", marks.in_far.size(), n);
  engine_detail::require_at_least(step, "near", near.size(), n);
  engine_detail::require_at_least(step, other_name, other.size(), n);
  engine_detail::require_disjoint(step, near, other, "the near list may not alias the other list");
  engine_detail::require(round >= 1, step, "rounds count from 1 (0 marks a vertex never listed)");
}

}  // namespace

SsspWeights SsspKernels::sssp_weights(const DeviceGraph& a) {
  if (a.num_entries() == 0) return {};
  return do_sssp_weights(a);
}

SsspListed SsspKernels::sssp_relax(const DeviceGraph& a, std::span<const vertex_t> frontier, float limit,
                                   std::int32_t round, std::span<float> distance, SsspMarks marks,
                                   std::span<vertex_t> near, std::span<vertex_t> far, std::size_t far_size) {
  const auto n = static_cast<std::size_t>(a.num_vertices());
  engine_detail::require_size("sssp_relax", "distance", distance.size(), n);
  check_lists("sssp_relax", n, marks, near, far, "far", round);
  engine_detail::require_disjoint("sssp_relax", near, frontier, "near may not alias frontier");
  engine_detail::require_disjoint("sssp_relax", far, frontier, "far may not alias frontier");
  engine_detail::require(far_size <= n, "sssp_relax", "far_size exceeds the vertex count");
  if (frontier.empty() || n == 0) return {.far = far_size};
  return do_sssp_relax(a, frontier, limit, round, distance, marks, near, far, far_size);
}

SsspListed SsspKernels::sssp_split(std::span<const vertex_t> far, float lower, float limit, std::int32_t round,
                                   std::span<const float> distance, SsspMarks marks, std::span<vertex_t> near,
                                   std::span<vertex_t> kept) {
  const std::size_t n = distance.size();
  check_lists("sssp_split", n, marks, near, kept, "kept", round);
  engine_detail::require(far.size() <= n, "sssp_split", "the far list exceeds the vertex count");
  engine_detail::require_disjoint("sssp_split", kept, far, "kept may not alias far");
  engine_detail::require_disjoint("sssp_split", near, far, "near may not alias far");
  engine_detail::require(lower <= limit, "sssp_split", "lower must not exceed limit");
  if (far.empty()) return {.smallest_far = std::numeric_limits<float>::infinity()};
  return do_sssp_split(far, lower, limit, round, distance, marks, near, kept);
}

bool SsspKernels::sssp_run(const DeviceGraph& a, vertex_t source, float delta, std::span<float> distance,
                           SsspWork& work) {
  engine_detail::require_size("sssp_run", "distance", distance.size(), static_cast<std::size_t>(a.num_vertices()));
  engine_detail::require(is_vertex(source, a.num_vertices()), "sssp_run", "the source is outside the graph");
  engine_detail::require(delta > 0.0f, "sssp_run", "delta must be positive");
  return do_sssp_run(a, source, delta, distance, work);
}

SsspKernels& sssp_kernels(Backend& backend) { return algorithms_detail::kernel_family<SsspKernels>(backend, "SSSP"); }

}  // namespace graphrun
