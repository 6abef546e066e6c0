#include "cuda/centrality/brandes.cuh"

#include <string>

#include "graphrun/error.hpp"
#include "graphrun/memory.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"

namespace graphrun::cuda {
namespace {

// Raises the flag on a listed id outside the graph; the step then throws.
void throw_if_flagged(const DeviceContext& context, const DeviceVector<int>& flag, const char* step,
                      vertex_t num_rows) {
  if (read_scalar(context, static_cast<const int*>(flag.data())) != 0)
    throw UsageError(std::string(step) + ": a vertex id is outside 0.." + std::to_string(num_rows - 1));
}

// The i-th listed vertex, or no_vertex with the flag raised when the id lies
// outside the graph.
__device__ __forceinline__ vertex_t listed(const vertex_t* list, std::int64_t i, vertex_t num_rows, int* bad) {
  const vertex_t v = list[i];
  if (v >= 0 && v < num_rows) return v;
  *bad = 1;
  return no_vertex;
}

DeviceVector<int> fresh_flag(const DeviceContext& context) {
  DeviceVector<int> flag(context.memory, 1);
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(flag.data(), 0, sizeof(int), context.stream));
  return flag;
}

}  // namespace

void brandes_paths(const DeviceContext& context, const CsrView& in, std::span<const vertex_t> vertices,
                   vertex_t depth, std::span<const vertex_t> level, std::span<double> paths) {
  DeviceVector<int> flag = fresh_flag(context);
  int* bad = flag.data();
  const vertex_t* list = vertices.data();
  const vertex_t* levels = level.data();
  double* counts = paths.data();
  const CsrView rows = in;
  for_each_index(context, static_cast<std::int64_t>(vertices.size()), [=] __device__(std::int64_t i) {
    const vertex_t v = listed(list, i, rows.num_rows, bad);
    if (v == no_vertex) return;
    double sum = 0.0;
    for (edge_t k = rows.offsets[v]; k < rows.offsets[v + 1]; ++k) {
      const vertex_t u = rows.indices[k];
      if (levels[u] == depth - 1) sum += counts[u];
    }
    counts[v] = sum;
  });
  throw_if_flagged(context, flag, "brandes_paths", in.num_rows);
}

void brandes_dependencies(const DeviceContext& context, const CsrView& out, std::span<const vertex_t> vertices,
                          vertex_t depth, std::span<const vertex_t> level, std::span<const double> paths,
                          std::span<double> dependency, std::span<double> centrality) {
  DeviceVector<int> flag = fresh_flag(context);
  int* bad = flag.data();
  const vertex_t* list = vertices.data();
  const vertex_t* levels = level.data();
  const double* counts = paths.data();
  double* depends = dependency.data();
  double* total = centrality.data();
  const CsrView rows = out;
  for_each_index(context, static_cast<std::int64_t>(vertices.size()), [=] __device__(std::int64_t i) {
    const vertex_t v = listed(list, i, rows.num_rows, bad);
    if (v == no_vertex) return;
    double sum = 0.0;
    for (edge_t k = rows.offsets[v]; k < rows.offsets[v + 1]; ++k) {
      const vertex_t w = rows.indices[k];
      if (levels[w] == depth + 1) sum = __dadd_rn(sum, __ddiv_rn(__dadd_rn(1.0, depends[w]), counts[w]));
    }
    const double own = __dmul_rn(counts[v], sum);
    depends[v] = own;
    total[v] = __dadd_rn(total[v], own);
  });
  throw_if_flagged(context, flag, "brandes_dependencies", out.num_rows);
}

}  // namespace graphrun::cuda
