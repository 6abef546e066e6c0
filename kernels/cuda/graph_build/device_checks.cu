#include "cuda/graph_build/device_checks.cuh"

#include <cub/block/block_reduce.cuh>

#include <bit>
#include <limits>

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/device_flag.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/runtime/segment_search.cuh"

namespace graphrun::cuda {
namespace {

constexpr int kThreads = GridStridePolicy::threads_per_block;

// One block's tally of the ids, and the grid's (combined with atomics).
struct IdCounters {
  long long largest;
  unsigned long long first_negative;  // max: none
  unsigned long long self_loops;
};

struct CombineCounters {
  __device__ IdCounters operator()(const IdCounters& a, const IdCounters& b) const {
    return {a.largest > b.largest ? a.largest : b.largest,
            a.first_negative < b.first_negative ? a.first_negative : b.first_negative, a.self_loops + b.self_loops};
  }
};

// One block-reduced tally per block, then three atomics.
template <class Id>
__global__ void __launch_bounds__(kThreads)
    scan_ids_kernel(const Id* src, const Id* dst, std::int64_t count, IdCounters* out) {
  IdCounters mine{-1, std::numeric_limits<unsigned long long>::max(), 0};
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride) {
    const auto u = static_cast<long long>(src[i]), v = static_cast<long long>(dst[i]);
    if ((u < 0 || v < 0) && static_cast<unsigned long long>(i) < mine.first_negative)
      mine.first_negative = static_cast<unsigned long long>(i);
    mine.largest = max(mine.largest, max(u, v));
    mine.self_loops += u == v;
  }
  using Reduce = cub::BlockReduce<IdCounters, kThreads>;
  __shared__ typename Reduce::TempStorage temp;
  const IdCounters block = Reduce(temp).Reduce(mine, CombineCounters{});
  if (threadIdx.x == 0) {
    atomicMax(&out->largest, block.largest);
    atomicMin(&out->first_negative, block.first_negative);
    atomicAdd(&out->self_loops, block.self_loops);
  }
}

// Rows: offsets within 0..entries and not decreasing (raises `bad`); a
// good row marks its first entry in `starts` and counts its self-loop (a
// binary search, the columns being sorted once the entry pass agrees).
__global__ void __launch_bounds__(kThreads)
    check_rows_kernel(const edge_t* offsets, const vertex_t* indices, vertex_t n, edge_t entries,
                      std::uint8_t* starts, int* bad, unsigned long long* self_loops) {
  unsigned long long loops = 0;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t r = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; r <= n; r += stride) {
    const edge_t begin = offsets[r];
    if ((r == 0 && begin != 0) || (r == n && begin != entries)) *bad = 1;
    if (r == n) continue;
    const edge_t end = offsets[r + 1];
    if (begin < 0 || begin > end || end > entries) {
      *bad = 1;
      continue;
    }
    if (begin == end) continue;
    starts[begin] = 1;
    const edge_t first = begin + lower_bound(indices + begin, end - begin, r);  // first column >= r
    loops += first < end && indices[first] == r;
  }
  using Reduce = cub::BlockReduce<unsigned long long, kThreads>;
  __shared__ typename Reduce::TempStorage temp;
  const unsigned long long block = Reduce(temp).Sum(loops);
  if (threadIdx.x == 0 && block > 0) atomicAdd(self_loops, block);
}

}  // namespace

DeviceIdScan scan_device_ids(const DeviceContext& context, const DeviceEdgeArrays& entries) {
  DeviceIdScan scan;
  const auto count = static_cast<std::int64_t>(entries.count);
  if (count == 0) return scan;
  DeviceVector<IdCounters> counters(context.memory, 1);
  const IdCounters start{-1, std::numeric_limits<unsigned long long>::max(), 0};
  context.memory.copy(counters.data(), &start, sizeof start, CopyKind::host_to_backend);
  const int blocks = grid_stride_blocks(context, count);
  if (entries.id_width == IdWidth::bits64)
    scan_ids_kernel<<<blocks, kThreads, 0, context.stream>>>(static_cast<const std::int64_t*>(entries.src),
                                                             static_cast<const std::int64_t*>(entries.dst),
                                                             count, counters.data());
  else
    scan_ids_kernel<<<blocks, kThreads, 0, context.stream>>>(static_cast<const std::int32_t*>(entries.src),
                                                             static_cast<const std::int32_t*>(entries.dst),
                                                             count, counters.data());
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  const IdCounters found = read_scalar(context, counters.data());
  scan.largest = found.largest;
  scan.self_loops = found.self_loops;
  if (found.first_negative != std::numeric_limits<unsigned long long>::max()) {
    scan.first_negative = static_cast<std::int64_t>(found.first_negative);
    const auto id_of = [&](const void* ids) -> std::int64_t {
      if (entries.id_width == IdWidth::bits64)
        return read_scalar(context, static_cast<const std::int64_t*>(ids) + scan.first_negative);
      return read_scalar(context, static_cast<const std::int32_t*>(ids) + scan.first_negative);
    };
    const std::int64_t u = id_of(entries.src);
    scan.negative_id = u < 0 ? u : id_of(entries.dst);
  }
  return scan;
}

DeviceCsrCheck check_device_csr(const DeviceContext& context, const DeviceCsrArrays& csr, bool symmetric) {
  DeviceCsrCheck check;
  const vertex_t n = csr.num_vertices;
  const edge_t entries = csr.num_entries;
  DeviceFlag bad(context);
  DeviceVector<std::uint8_t> starts(context.memory, static_cast<std::size_t>(entries));
  DeviceVector<unsigned long long> loops(context.memory, 1);
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(loops.data(), 0, sizeof(unsigned long long), context.stream));
  if (entries > 0)
    GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(starts.data(), 0, starts.size(), context.stream));
  check_rows_kernel<<<grid_stride_blocks(context, static_cast<std::int64_t>(n) + 1), kThreads, 0, context.stream>>>(
      csr.offsets, csr.indices, n, entries, starts.data(), bad.data(), loops.data());
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  if (bad.raised()) return check;

  {  // Entries: columns in range, strictly increasing after a row's first; values finite.
    const vertex_t* indices = csr.indices;
    const float* values = csr.values;
    const std::uint8_t* first = starts.data();
    int* raised = bad.data();
    for_each_index(context, entries, [=] __device__(std::int64_t k) {
      const vertex_t column = indices[k];
      if (!is_vertex(column, n) || (first[k] == 0 && indices[k - 1] >= column) ||
          (values != nullptr && !isfinite(values[k])))
        *raised = 1;
    });
  }
  if (bad.raised()) return check;

  if (symmetric && entries > 0) {  // the transpose equals the CSR, values up to their sign
    const OwnedDeviceCsr transposed = transpose_on_device(context, csr);
    const edge_t* offsets = csr.offsets;
    const edge_t* mirror_offsets = transposed.offsets.data();
    const vertex_t* indices = csr.indices;
    const vertex_t* mirror_indices = transposed.indices.data();
    const float* values = csr.values;
    const float* mirror_values = transposed.values.data();
    int* raised = bad.data();
    for_each_index(context, std::max<std::int64_t>(entries, static_cast<std::int64_t>(n) + 1),
                   [=] __device__(std::int64_t k) {
                     if (k <= n && offsets[k] != mirror_offsets[k]) *raised = 1;
                     if (k >= entries) return;
                     if (indices[k] != mirror_indices[k]) *raised = 1;
                     if (values != nullptr) {
                       const unsigned a = __float_as_uint(values[k]), b = __float_as_uint(mirror_values[k]);
                       if (a != b && (a ^ b) != 0x80000000u) *raised = 1;
                     }
                   });
    if (bad.raised()) return check;
  }
  check.passed = true;
  check.self_loops = read_scalar(context, loops.data());
  return check;
}

}  // namespace graphrun::cuda
