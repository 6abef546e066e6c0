#include "cuda/triangles/triangle_sums.cuh"

#include <cub/device/device_scan.cuh>

#include "graphrun/algorithms/kernels/triangle_kernels.hpp"
#include "graphrun/memory.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/runtime/segment_search.cuh"

namespace graphrun::cuda {
namespace {

constexpr unsigned full_warp = 0xffffffffu;
constexpr int warp_size = 32;

struct OrientedRows {
  const edge_t* offsets;
  const vertex_t* columns;
  const std::uint32_t* weights;  // nullptr: every weight is 1
};

// u before v: the lower degree first, the lower id on a tie.
__device__ __forceinline__ bool before(const edge_t* offsets, vertex_t u, vertex_t v) {
  const edge_t du = offsets[u + 1] - offsets[u], dv = offsets[v + 1] - offsets[v];
  return du < dv || (du == dv && u < v);
}

// Pass 1 (fill == false): kept[u] = the row's kept entries. Pass 2: writes
// them at offsets[u].. in row order (a ballot per 32 entries).
template <bool fill>
__global__ void __launch_bounds__(TrianglePolicy::threads_per_block)
    orient_rows(CsrView graph, edge_t* kept, const edge_t* out_offsets, vertex_t* out_columns,
                std::uint32_t* out_weights) {
  const int lane = static_cast<int>(threadIdx.x) % warp_size;
  const std::int64_t warps = static_cast<std::int64_t>(gridDim.x) * (blockDim.x / warp_size);
  for (std::int64_t u = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / warp_size;
       u < graph.num_rows; u += warps) {
    const edge_t begin = graph.offsets[u], end = graph.offsets[u + 1];
    edge_t at = fill ? out_offsets[u] : 0;
    for (edge_t base = begin; base < end; base += warp_size) {
      const edge_t k = base + lane;
      const bool keep = k < end && before(graph.offsets, static_cast<vertex_t>(u), graph.indices[k]);
      const unsigned ballot = __ballot_sync(full_warp, keep);
      if (fill && keep) {
        const edge_t slot = at + __popc(ballot & ((1u << lane) - 1u));
        out_columns[slot] = graph.indices[k];
        if (out_weights != nullptr) out_weights[slot] = triangle_weight(graph.values[k]);
      }
      at += __popc(ballot);
    }
    if (!fill && lane == 0) kept[u] = at;
  }
}

// The entry of `list` (sorted, length n) equal to `key`, or -1.
__device__ __forceinline__ std::int64_t find(const vertex_t* list, std::int64_t n, vertex_t key) {
  const std::int64_t k = lower_bound(list, n, key);
  return k < n && list[k] == key ? k : -1;
}

__global__ void __launch_bounds__(TrianglePolicy::threads_per_block)
    count_triangles(OrientedRows rows, vertex_t num_rows, edge_t num_oriented, unsigned long long* sums,
                    unsigned long long* total) {
  unsigned long long found = 0;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t e = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; e < num_oriented;
       e += stride) {
    const auto u = static_cast<vertex_t>(segment_of(rows.offsets, static_cast<std::int64_t>(num_rows) + 1,
                                                     static_cast<edge_t>(e)));
    const vertex_t v = rows.columns[e];
    const edge_t a_begin = rows.offsets[u], b_begin = rows.offsets[v];
    const std::int64_t a_size = rows.offsets[u + 1] - a_begin, b_size = rows.offsets[v + 1] - b_begin;
    // Search the longer row for each entry of the shorter.
    const bool a_shorter = a_size <= b_size;
    const edge_t short_begin = a_shorter ? a_begin : b_begin, long_begin = a_shorter ? b_begin : a_begin;
    const std::int64_t short_size = a_shorter ? a_size : b_size, long_size = a_shorter ? b_size : a_size;
    for (std::int64_t i = 0; i < short_size; ++i) {
      const vertex_t w = rows.columns[short_begin + i];
      const std::int64_t j = find(rows.columns + long_begin, long_size, w);
      if (j < 0) continue;
      ++found;
      if (sums == nullptr) continue;
      const edge_t in_a = a_shorter ? short_begin + i : long_begin + j;
      const edge_t in_b = a_shorter ? long_begin + j : short_begin + i;
      const auto weight = [&](edge_t k) -> unsigned long long { return rows.weights ? rows.weights[k] : 1ull; };
      atomicAdd(sums + u, weight(in_b));  // the edge {v, w}
      atomicAdd(sums + v, weight(in_a));  // the edge {u, w}
      atomicAdd(sums + w, weight(e));     // the edge {u, v}
    }
  }
  for (int distance = warp_size / 2; distance > 0; distance /= 2) found += __shfl_down_sync(full_warp, found, distance);
  if (static_cast<int>(threadIdx.x) % warp_size == 0 && found != 0) atomicAdd(total, found);
}

}  // namespace

std::uint64_t triangle_sums(const DeviceContext& context, const CsrView& graph, bool weighted,
                            std::span<std::uint64_t> sums) {
  const vertex_t n = graph.num_rows;
  if (!sums.empty())
    GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(sums.data(), 0, sums.size_bytes(), context.stream));
  if (n == 0 || graph.num_entries == 0) return 0;
  weighted = weighted && graph.values != nullptr;  // a pattern graph: every weight 1
  constexpr int threads = TrianglePolicy::threads_per_block;
  constexpr int warps_per_block = threads / warp_size;
  const int row_blocks = capped_grid_blocks(context, n, warps_per_block, TrianglePolicy::blocks_per_multiprocessor);

  DeviceVector<edge_t> kept(context.memory, static_cast<std::size_t>(n) + 1);
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(kept.data() + n, 0, sizeof(edge_t), context.stream));
  orient_rows<false><<<row_blocks, threads, 0, context.stream>>>(graph, kept.data(), nullptr, nullptr, nullptr);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  DeviceVector<edge_t> offsets(context.memory, static_cast<std::size_t>(n) + 1);
  run_cub(context, "cub::DeviceScan::ExclusiveSum", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, kept.data(), offsets.data(),
                                         static_cast<std::int64_t>(n) + 1, context.stream);
  });
  const edge_t oriented = read_scalar(context, static_cast<const edge_t*>(offsets.data() + n));
  DeviceVector<vertex_t> columns(context.memory, static_cast<std::size_t>(oriented));
  DeviceVector<std::uint32_t> weights(context.memory, weighted ? static_cast<std::size_t>(oriented) : 0);
  orient_rows<true><<<row_blocks, threads, 0, context.stream>>>(graph, nullptr, offsets.data(), columns.data(),
                                                                 weighted ? weights.data() : nullptr);
  GRAPHRUN_CUDA_CHECK_LAUNCH();

  DeviceVector<unsigned long long> total(context.memory, 1);
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(total.data(), 0, sizeof(unsigned long long), context.stream));
  if (oriented > 0) {
    const OrientedRows rows{offsets.data(), columns.data(), weighted ? weights.data() : nullptr};
    const int blocks = capped_grid_blocks(context, oriented, threads, TrianglePolicy::blocks_per_multiprocessor);
    count_triangles<<<blocks, threads, 0, context.stream>>>(
        rows, n, oriented, sums.empty() ? nullptr : reinterpret_cast<unsigned long long*>(sums.data()),
        total.data());
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  }
  return read_scalar(context, static_cast<const unsigned long long*>(total.data()));
}

}  // namespace graphrun::cuda
