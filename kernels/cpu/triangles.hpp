#pragma once
// Triangle sums on the host (contract: TriangleKernels in graphrun/
// algorithms/kernels/triangle_kernels.hpp; the graph is undirected there).
// The edges are oriented from lower to higher (degree, id) rank into a
// compact CSR of their own, then each oriented edge (u, v) intersects the
// oriented rows of u and v by merging (rows stay sorted by id).
#include <cstdint>
#include <span>

#include "cpu/cpu_graph.hpp"

namespace graphrun::cpu {

std::uint64_t triangle_sums(const CpuGraph& graph, bool weighted, std::span<std::uint64_t> sums, int threads);

}  // namespace graphrun::cpu
