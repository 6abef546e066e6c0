#pragma once
// Brandes' per-level steps on the host (contract: CentralityKernels in
// graphrun/algorithms/kernels/centrality_kernels.hpp; sizes checked there).
// Each row is summed in BrandesSumOrder's lanes, so the results do not
// depend on the thread count. False when a listed id is out of range.
#include <span>

#include "cpu/cpu_graph.hpp"

namespace graphrun::cpu {

bool brandes_paths(const CpuGraph& graph, std::span<const vertex_t> vertices, level_t depth,
                   std::span<const level_t> level, std::span<double> paths, int threads);

bool brandes_dependencies(const CpuGraph& graph, std::span<const vertex_t> vertices, level_t depth,
                          std::span<const level_t> level, std::span<const double> paths,
                          std::span<double> dependency, std::span<double> centrality, int threads);

}  // namespace graphrun::cpu
