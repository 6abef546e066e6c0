#pragma once
// Brandes' per-level steps on the device (contract: CentralityKernels in
// graphrun/algorithms/kernels/centrality_kernels.hpp; sizes checked there).
// A warp sums each listed vertex's row and a block each wide row (hubs), in
// BrandesSumOrder's lanes: the same bits as the cpu backend. Host-side entry
// points; UsageError (after a read-back) for a listed id out of range.
#include <span>

#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

void brandes_paths(const DeviceContext& context, const CsrView& in, std::span<const vertex_t> vertices,
                   level_t depth, std::span<const level_t> level, std::span<double> paths);

void brandes_dependencies(const DeviceContext& context, const CsrView& out, std::span<const vertex_t> vertices,
                          level_t depth, std::span<const level_t> level, std::span<const double> paths,
                          std::span<double> dependency, std::span<double> centrality);

}  // namespace graphrun::cuda
