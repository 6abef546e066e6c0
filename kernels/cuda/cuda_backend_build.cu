// CudaBackend: graphs built on the device (Backend::build_graph's device
// path; the kernels are in graph_build/). The cusparse backend inherits it.
#include <chrono>
#include <cmath>
#include <string>

#include "graphrun/host_memory.hpp"  // format_gib
#include "cuda/cuda_backend.cuh"
#include "cuda/graph_build/device_csr_build.cuh"
#include "cuda/runtime/check.cuh"

namespace graphrun::cuda {
namespace {

// Share of the free device memory a build may plan to use: the rest is
// headroom for the pool's rounding and the driver.
constexpr double usable_free_memory = 0.9;

}  // namespace

std::optional<Graph> CudaBackend::do_build_on_device(EdgeList& edges, const BuildOptions& options, std::string& why) {
  const auto start = std::chrono::steady_clock::now();
  const BuildPlan plan = plan_build(edges, options);  // the host build's checks and errors
  activate();
  std::size_t free_bytes = 0, total_bytes = 0;
  GRAPHRUN_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  const std::size_t needed = device_build_bytes(edges.size(), plan.vertices, edges.weighted(), plan.undirected);
  if (static_cast<double>(needed) > usable_free_memory * static_cast<double>(free_bytes)) {
    why = "the device build needs " + format_gib(needed) + ", and " + format_gib(free_bytes) +
          " of device memory is free";
    return std::nullopt;
  }

  DeviceBuildResult built = build_csr_on_device(context(), edges, plan);
  if (built.overflow) throw sum_overflow_error(options, edges.ids, built.overflow_row, built.overflow_column);

  BuildStats stats;
  stats.file_entries = edges.size();
  stats.self_loops = built.self_loops;
  stats.self_loops_dropped = plan.drop_self_loops ? plan.file_self_loops : 0;
  stats.duplicates_merged = built.scattered - built.csr.indices.size();
  IdMap ids = std::move(edges.ids);
  edges = EdgeList{};
  stats.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return Graph::from_csr(std::move(built.csr), !plan.undirected, std::move(ids), stats);
}

}  // namespace graphrun::cuda
