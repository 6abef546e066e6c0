// LabelKernels::label_mode and count_changes: the checks every backend
// shares, then its do_ virtual. An empty graph has no labels to count, on
// every backend.
#include "graphrun/algorithms/kernels/label_kernels.hpp"

#include "kernels/family_access.hpp"
#include "graphrun/internal/primitive_checks.hpp"

namespace graphrun {

void LabelKernels::label_mode(const DeviceGraph& a, Edges edges, std::span<const vertex_t> labels,
                              std::span<vertex_t> out, LabelSet labels_are) {
  constexpr const char* primitive = "label_mode";
  const auto n = static_cast<std::size_t>(a.num_vertices());
  engine_detail::require_size(primitive, "labels", labels.size(), n);
  engine_detail::require_size(primitive, "out", out.size(), n);
  // Rounds are synchronous: every vertex must read the previous round's labels.
  engine_detail::require_disjoint(primitive, out, labels, "out may not alias labels");
  if (n == 0) return;
  do_label_mode(a, edges, labels, out, labels_are);
}

void LabelKernels::count_changes(std::span<const vertex_t> before, std::span<const vertex_t> after,
                                 std::span<LabelRounds> rounds) {
  constexpr const char* primitive = "count_changes";
  engine_detail::require_size(primitive, "after", after.size(), before.size());
  engine_detail::require_size(primitive, "rounds", rounds.size(), 1);
  do_count_changes(before, after, rounds);
}

LabelKernels& label_kernels(Backend& backend) {
  return algorithms_detail::kernel_family<LabelKernels>(backend, "label propagation");
}

}  // namespace graphrun
