// CentralityKernels' public calls: the checks every backend shares, then its
// do_ virtual. An empty vertex list does nothing, on every backend.
#include "graphrun/algorithms/kernels/centrality_kernels.hpp"

#include "kernels/family_access.hpp"
#include "graphrun/internal/primitive_checks.hpp"

namespace graphrun {

void CentralityKernels::brandes_paths(const DeviceGraph& a, std::span<const vertex_t> vertices, level_t depth,
                                      std::span<const level_t> level, std::span<double> paths) {
  const auto n = static_cast<std::size_t>(a.num_vertices());
  engine_detail::require_size("brandes_paths", "level", level.size(), n);
  engine_detail::require_size("brandes_paths", "paths", paths.size(), n);
  engine_detail::require(depth >= 1, "brandes_paths", "the source's level 0 has no paths to count");
  if (vertices.empty()) return;
  do_brandes_paths(a, vertices, depth, level, paths);
}

void CentralityKernels::brandes_dependencies(const DeviceGraph& a, std::span<const vertex_t> vertices,
                                             level_t depth, std::span<const level_t> level,
                                             std::span<const double> paths, std::span<double> dependency,
                                             std::span<double> centrality) {
  const auto n = static_cast<std::size_t>(a.num_vertices());
  engine_detail::require_size("brandes_dependencies", "level", level.size(), n);
  engine_detail::require_size("brandes_dependencies", "paths", paths.size(), n);
  engine_detail::require_size("brandes_dependencies", "dependency", dependency.size(), n);
  engine_detail::require_size("brandes_dependencies", "centrality", centrality.size(), n);
  if (vertices.empty()) return;
  do_brandes_dependencies(a, vertices, depth, level, paths, dependency, centrality);
}

CentralityKernels& centrality_kernels(Backend& backend) {
  return algorithms_detail::kernel_family<CentralityKernels>(backend, "centrality");
}

}  // namespace graphrun
