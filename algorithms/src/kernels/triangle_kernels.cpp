// TriangleKernels' public call: the checks every backend shares, then its
// do_ virtual.
#include "graphrun/algorithms/kernels/triangle_kernels.hpp"

#include "kernels/family_access.hpp"
#include "graphrun/internal/primitive_checks.hpp"

namespace graphrun {

std::uint64_t TriangleKernels::triangle_sums(const DeviceGraph& a, bool weighted, std::span<std::uint64_t> sums) {
  engine_detail::require(!a.directed(), "triangle_sums",
                         "the graph must be undirected (undirected_simple gives the undirected graph beneath one)");
  if (!sums.empty())
    engine_detail::require_size("triangle_sums", "sums", sums.size(), static_cast<std::size_t>(a.num_vertices()));
  return do_triangle_sums(a, weighted, sums);
}

TriangleKernels& triangle_kernels(Backend& backend) {
  return algorithms_detail::kernel_family<TriangleKernels>(backend, "triangle");
}

}  // namespace graphrun
