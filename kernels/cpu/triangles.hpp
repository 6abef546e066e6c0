#pragma once
// Triangle sums on the host (contract: TriangleKernels in graphrun/
// algorithms/kernels/triangle_kernels.hpp; the graph is undirected there).
// Vertices are ranked by (degree, id) and the edges oriented from lower to
// higher rank into a CSR over ranks with sorted rows; each oriented edge
// (r, s) then merges the part of r's row above s with s's row, so every
// triangle r < s < t is met once and no merge scans ranks below s.
#include <cstdint>
#include <span>

#include "cpu/cpu_graph.hpp"

namespace graphrun::cpu {

std::uint64_t triangle_sums(const CpuGraph& graph, bool weighted, std::span<std::uint64_t> sums, int threads);

}  // namespace graphrun::cpu
