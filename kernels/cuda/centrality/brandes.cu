#include "cuda/centrality/brandes.cuh"

#include <algorithm>
#include <string>

#include "graphrun/algorithms/kernels/centrality_kernels.hpp"
#include "graphrun/error.hpp"
#include "graphrun/memory.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/device_flag.cuh"
#include "cuda/runtime/warp_append.cuh"

namespace graphrun::cuda {
namespace {

constexpr int lanes = BrandesSumOrder::lanes;
constexpr int wide_lanes = BrandesSumOrder::wide_lanes;
constexpr unsigned full_warp = 0xffffffffu;
static_assert(lanes == 32 && wide_lanes % lanes == 0 && wide_lanes / lanes == lanes,
              "a warp is one run of lanes, and a block's runs combine in one warp");

// Tuning of the two row kernels (CUB-style policy).
struct BrandesPolicy {
  static constexpr int narrow_threads = 256;  // 8 warps, a row each
  static constexpr int narrow_blocks_per_multiprocessor = 8;
  static constexpr int wide_blocks_per_multiprocessor = 2;  // of wide_lanes threads
};

// Lane `lane` of `count` strided lanes over [begin, end): its entries' terms
// in row order, from 0.0.
template <class Term>
__device__ __forceinline__ double lane_partial(edge_t begin, edge_t end, int lane, int count, const Term& term) {
  double sum = 0.0;
  for (edge_t k = begin + lane; k < end; k += count) sum = __dadd_rn(sum, term(k));
  return sum;
}

// The halving tree over the warp's 32 values: lane 0 ends with the sum (lane
// j < h adds lane j + h, for h = 16, ..., 1).
__device__ __forceinline__ double warp_tree(double value) {
  for (int h = lanes / 2; h >= 1; h /= 2) value = __dadd_rn(value, __shfl_down_sync(full_warp, value, h));
  return value;
}

// One warp per listed vertex, grid-stride. Rows longer than wide_row go to
// `wide` for wide_rows_kernel; an id outside the graph raises `bad`.
template <class Term, class Store>
__global__ void __launch_bounds__(BrandesPolicy::narrow_threads)
    narrow_rows_kernel(const vertex_t* list, std::int64_t count, const edge_t* offsets, vertex_t num_rows, int* bad,
                       vertex_t* wide, unsigned int* wide_count, Term term, Store store) {
  const int lane = static_cast<int>(threadIdx.x) % lanes;
  const std::int64_t warps = static_cast<std::int64_t>(gridDim.x) * (blockDim.x / lanes);
  for (std::int64_t i = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / lanes; i < count;
       i += warps) {
    const vertex_t v = list[i];
    if (!is_vertex(v, num_rows)) {
      if (lane == 0) *bad = 1;
      continue;
    }
    const edge_t begin = offsets[v], end = offsets[v + 1];
    if (end - begin > BrandesSumOrder::wide_row) {
      if (lane == 0) wide[atomicAdd(wide_count, 1u)] = v;
      continue;
    }
    const double sum = warp_tree(lane_partial(begin, end, lane, lanes, term));
    if (lane == 0) store(v, sum);
  }
}

// One block of wide_lanes threads per listed wide row, grid-stride over the
// list narrow_rows_kernel filled.
template <class Term, class Store>
__global__ void __launch_bounds__(wide_lanes)
    wide_rows_kernel(const vertex_t* wide, const unsigned int* wide_count, const edge_t* offsets, Term term,
                     Store store) {
  __shared__ double run_sums[wide_lanes / lanes];
  const int lane = static_cast<int>(threadIdx.x) % lanes, run = static_cast<int>(threadIdx.x) / lanes;
  const unsigned int rows = *wide_count;
  for (unsigned int h = blockIdx.x; h < rows; h += gridDim.x) {
    const vertex_t v = wide[h];
    const double run_sum = warp_tree(lane_partial(offsets[v], offsets[v + 1], static_cast<int>(threadIdx.x),
                                                  wide_lanes, term));
    if (lane == 0) run_sums[run] = run_sum;
    __syncthreads();
    if (run == 0) {
      const double sum = warp_tree(run_sums[lane]);
      if (lane == 0) store(v, sum);
    }
    __syncthreads();
  }
}

// store(v, sum of term over v's row in BrandesSumOrder) for every listed v.
template <class Term, class Store>
void sum_listed_rows(const DeviceContext& context, const CsrView& rows, std::span<const vertex_t> vertices,
                     const char* step, Term term, Store store) {
  const auto count = static_cast<std::int64_t>(vertices.size());
  // At most one wide row per wide_row + 1 entries of the graph.
  const auto wide_capacity = static_cast<std::size_t>(
      std::min<std::int64_t>(count, rows.num_entries / (BrandesSumOrder::wide_row + 1) + 1));
  DeviceVector<vertex_t> wide(context.memory, wide_capacity);
  DeviceVector<unsigned int> wide_count(context.memory, 1);
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(wide_count.data(), 0, sizeof(unsigned int), context.stream));
  DeviceFlag bad(context);
  constexpr int warps_per_block = BrandesPolicy::narrow_threads / lanes;
  const int narrow_blocks = static_cast<int>(std::clamp<std::int64_t>(
      (count + warps_per_block - 1) / warps_per_block, 1,
      static_cast<std::int64_t>(context.multiprocessors) * BrandesPolicy::narrow_blocks_per_multiprocessor));
  narrow_rows_kernel<<<narrow_blocks, BrandesPolicy::narrow_threads, 0, context.stream>>>(
      vertices.data(), count, rows.offsets, rows.num_rows, bad.data(), wide.data(), wide_count.data(), term, store);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  const int wide_blocks = std::max(1, context.multiprocessors * BrandesPolicy::wide_blocks_per_multiprocessor);
  wide_rows_kernel<<<wide_blocks, wide_lanes, 0, context.stream>>>(wide.data(), wide_count.data(), rows.offsets,
                                                                    term, store);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  if (bad.raised())
    throw UsageError(std::string(step) + ": a vertex id is outside 0.." +
                     std::to_string(std::int64_t{rows.num_rows} - 1));
}

}  // namespace

void brandes_paths(const DeviceContext& context, const CsrView& in, std::span<const vertex_t> vertices,
                   level_t depth, std::span<const level_t> level, std::span<double> paths) {
  const level_t* levels = level.data();
  const vertex_t* sources = in.indices;
  double* counts = paths.data();
  sum_listed_rows(
      context, in, vertices, "brandes_paths",
      [=] __device__(edge_t k) {
        const vertex_t u = sources[k];
        return levels[u] == depth - 1 ? counts[u] : 0.0;
      },
      [=] __device__(vertex_t v, double sum) { counts[v] = sum; });
}

void brandes_dependencies(const DeviceContext& context, const CsrView& out, std::span<const vertex_t> vertices,
                          level_t depth, std::span<const level_t> level, std::span<const double> paths,
                          std::span<double> dependency, std::span<double> centrality) {
  const level_t* levels = level.data();
  const vertex_t* targets = out.indices;
  const double* counts = paths.data();
  double* depends = dependency.data();
  double* total = centrality.data();
  sum_listed_rows(
      context, out, vertices, "brandes_dependencies",
      [=] __device__(edge_t k) {
        const vertex_t w = targets[k];
        return levels[w] == depth + 1 ? __ddiv_rn(__dadd_rn(1.0, depends[w]), counts[w]) : 0.0;
      },
      [=] __device__(vertex_t v, double sum) {
        const double own = __dmul_rn(counts[v], sum);
        depends[v] = own;
        total[v] = __dadd_rn(total[v], own);
      });
}

}  // namespace graphrun::cuda
