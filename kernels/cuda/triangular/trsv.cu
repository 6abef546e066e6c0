#include "cuda/triangular/trsv.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cuda/atomic>

#include <algorithm>
#include <bit>
#include <string>

#include "graphrun/error.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"

namespace graphrun::cuda {
namespace {

constexpr unsigned full_warp = 0xffffffffu;
constexpr int warp_size = 32;

// A row's dependency level: at most n - 1 <= 2^32 - 3, so 32 unsigned bits,
// with all ones (what a 0xff fill writes) for "not yet known".
using schedule_level = std::uint32_t;
constexpr schedule_level unknown_level = ~schedule_level{0};

// A group of Lanes consecutive lanes of a warp, working on one row.
template <int Lanes>
struct LaneGroup {
  static_assert(Lanes >= 1 && Lanes <= warp_size && (Lanes & (Lanes - 1)) == 0, "a power of two up to a warp");
  int lane;       // within the group
  unsigned mask;  // the group's lanes, for its shuffles only: another group may be waiting elsewhere
  __device__ LaneGroup() {
    const int warp_lane = static_cast<int>(threadIdx.x) % warp_size;
    lane = warp_lane % Lanes;
    mask = Lanes == warp_size ? full_warp : ((1u << Lanes) - 1u) << (warp_lane / Lanes * Lanes);
  }
  template <class T>
  __device__ T broadcast(T value) const {
    return __shfl_sync(mask, value, 0, Lanes);
  }
  template <class T>
  __device__ T sum(T value) const {  // lane 0 ends with the sum
    for (int h = Lanes / 2; h >= 1; h /= 2) value += __shfl_down_sync(mask, value, h, Lanes);
    return value;
  }
  template <class T>
  __device__ T max(T value) const {  // lane 0 ends with the largest
    for (int h = Lanes / 2; h >= 1; h /= 2) value = ::max(value, __shfl_down_sync(mask, value, h, Lanes));
    return value;
  }
  // The next ticket, the same for the whole group. 64-bit: a launch draws
  // the rows' tickets and one more per warp, past 2^32 for n near 2^32.
  __device__ unsigned long long take(unsigned long long* ticket) const {
    unsigned long long t = 0;
    if (lane == 0) t = atomicAdd(ticket, 1ull);
    return broadcast(t);
  }
};

template <class Flag>
using DeviceFlag = ::cuda::atomic_ref<Flag, ::cuda::thread_scope_device>;

template <class Flag>
__device__ __forceinline__ void store_release(Flag* flag, Flag value) {
  DeviceFlag<Flag>(*flag).store(value, ::cuda::memory_order_release);
}
// Polls *flag (relaxed loads) until ready(value), then orders the caller's
// later reads after the write it saw (acquire fence); returns the value.
// Backs off between polls (TrsvPolicy's pauses): thousands of waiting warps
// polling one flag at full speed delay the write they wait for.
template <class Flag, class Ready>
__device__ __forceinline__ Flag wait_until(Flag* flag, Ready ready) {
  unsigned int pause = TrsvPolicy::first_pause_ns;
  Flag value;
  while (!ready(value = DeviceFlag<Flag>(*flag).load(::cuda::memory_order_relaxed))) {
    __nanosleep(pause);
    pause = ::min(2 * pause, TrsvPolicy::longest_pause_ns);
  }
  ::cuda::atomic_thread_fence(::cuda::memory_order_acquire, ::cuda::thread_scope_device);
  return value;
}

// The first entry of [begin, end) whose column is >= column (sorted rows).
__device__ __forceinline__ edge_t first_at_or_after(const vertex_t* indices, edge_t begin, edge_t end, vertex_t column) {
  while (begin < end) {
    const edge_t middle = begin + (end - begin) / 2;
    if (indices[middle] < column) begin = middle + 1;
    else end = middle;
  }
  return begin;
}

// The first row of the recursive block's leaf holding row i: halves at the
// midpoint down to leaf_rows rows, as solve_lower's recursion splits.
__host__ __device__ __forceinline__ vertex_t leaf_first(vertex_t i, vertex_t n) {
  vertex_t first = 0, end = n;
  while (end - first > TrsvPolicy::leaf_rows) {
    const vertex_t middle = first + (end - first) / 2;
    if (i < middle) end = middle;
    else first = middle;
  }
  return first;
}

template <class T>
__device__ __forceinline__ T entry(const CsrView& rows, edge_t k) {
  return rows.values == nullptr ? T(1) : static_cast<T>(rows.values[k]);
}

// ---- analysis ----

// The smallest row that does not end with its non-zero, finite diagonal
// (first_bad starts at no_vertex, above every row).
__global__ void check_shape_kernel(CsrView rows, vertex_t* first_bad) {
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t row = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; row < rows.num_rows;
       row += stride) {
    const auto i = static_cast<vertex_t>(row);
    const edge_t begin = rows.offsets[i], end = rows.offsets[i + 1];
    bool bad = end == begin || rows.indices[end - 1] != i;
    if (!bad) {
      const float diagonal = rows.values == nullptr ? 1.0f : rows.values[end - 1];
      bad = diagonal == 0.0f || !isfinite(diagonal);
    }
    if (bad) atomicMin(first_bad, i);
  }
}

// level[i] = 0 for a row that reads nothing, else 1 + the largest level it
// reads; level[] starts at unknown_level and rows are taken in ascending
// order, so every wait is on a row already taken.
__global__ void levels_kernel(CsrView rows, schedule_level* level, unsigned long long* ticket) {
  constexpr int Lanes = warp_size;  // a warp per row: lane groups of one warp that wait apart serialise
  const LaneGroup<Lanes> group;
  for (;;) {
    const unsigned long long t = group.take(ticket);
    if (t >= rows.num_rows) return;
    const auto i = static_cast<vertex_t>(t);
    schedule_level own = 0;
    for (edge_t k = rows.offsets[i] + group.lane; k < rows.offsets[i + 1] - 1; k += Lanes) {
      const schedule_level read =
          wait_until(&level[rows.indices[k]], [](schedule_level known) { return known != unknown_level; });
      own = ::max(own, read + 1);
    }
    own = group.max(own);
    if (group.lane == 0) store_release(&level[i], own);
  }
}

// starts[l] = the first position of level l in the sorted levels (the
// keys' low 32 bits; no leaves).
__global__ void level_starts_kernel(const std::uint64_t* sorted_level, vertex_t n, std::size_t* starts) {
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t p = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; p < n; p += stride)
    if (p == 0 || sorted_level[p] != sorted_level[p - 1]) starts[sorted_level[p]] = static_cast<std::size_t>(p);
}

// ---- solves ----

// x_i for row i: (b_i - the row's terms over entries [begin, diagonal)) / L_ii.
// Wait: each read waits for solved[j] == solve, and row i's flag is raised
// after x_i is written.
template <class T, int Lanes, bool Wait>
__device__ __forceinline__ void solve_row(const LaneGroup<Lanes>& group, const CsrView& rows, vertex_t i,
                                          edge_t begin, const T* b, T* x, int* solved, int solve) {
  const edge_t diagonal = rows.offsets[i + 1] - 1;
  T sum = 0;
  for (edge_t k = begin + group.lane; k < diagonal; k += Lanes) {
    const vertex_t j = rows.indices[k];
    if constexpr (Wait) wait_until(&solved[j], [solve](int set_by) { return set_by == solve; });
    sum += entry<T>(rows, k) * x[j];
  }
  sum = group.sum(sum);
  if (group.lane == 0) {
    x[i] = (b[i] - sum) / entry<T>(rows, diagonal);
    if constexpr (Wait) store_release(&solved[i], solve);
  }
}

template <class T, int Lanes>
__global__ void level_rows_kernel(CsrView rows, const vertex_t* listed, std::int64_t count, const T* b, T* x) {
  const LaneGroup<Lanes> group;
  const std::int64_t groups = static_cast<std::int64_t>(gridDim.x) * (blockDim.x / Lanes);
  for (std::int64_t r = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / Lanes; r < count;
       r += groups) {
    const vertex_t i = listed[r];
    solve_row<T, Lanes, false>(group, rows, i, rows.offsets[i], b, x, nullptr, 0);
  }
}

// Tickets [base, base + (end - first)) solve rows [first, end): ticket
// base + t takes row order[t] (level order), reading columns >= first only
// (the rest were subtracted from b already). Each
// warp draws one ticket past the last, so a launch of G warps draws
// (end - first) + G.
template <class T>
__global__ void sync_free_kernel(CsrView rows, const vertex_t* order, vertex_t first, vertex_t end, const T* b, T* x,
                                 int* solved, int solve, unsigned long long* ticket, unsigned long long base) {
  const LaneGroup<warp_size> group;
  for (;;) {
    const unsigned long long t = group.take(ticket) - base;
    if (t >= static_cast<unsigned long long>(end - first)) return;
    const vertex_t i = order[t];
    const edge_t begin = first == 0 ? rows.offsets[i]
                                    : first_at_or_after(rows.indices, rows.offsets[i], rows.offsets[i + 1], first);
    solve_row<T, warp_size, true>(group, rows, i, begin, b, x, solved, solve);
  }
}

// r_i -= the terms of row i over columns [column_begin, column_end), for
// rows [first, end): the bottom block's reads of a solved top block.
template <class T, int Lanes>
__global__ void subtract_block_kernel(CsrView rows, vertex_t first, vertex_t end, vertex_t column_begin,
                                      vertex_t column_end, const T* x, T* r) {
  const LaneGroup<Lanes> group;
  const std::int64_t groups = static_cast<std::int64_t>(gridDim.x) * (blockDim.x / Lanes);
  for (std::int64_t g = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / Lanes;
       g < end - first; g += groups) {
    const vertex_t i = first + static_cast<vertex_t>(g);
    const edge_t row_end = rows.offsets[i + 1];
    const edge_t begin = first_at_or_after(rows.indices, rows.offsets[i], row_end, column_begin);
    const edge_t stop = first_at_or_after(rows.indices, begin, row_end, column_end);
    T sum = 0;
    for (edge_t k = begin + group.lane; k < stop; k += Lanes) sum += entry<T>(rows, k) * x[rows.indices[k]];
    sum = group.sum(sum);
    if (group.lane == 0 && stop > begin) r[i] -= sum;
  }
}

// Calls body(std::integral_constant<int, Lanes>) for the analysis' width.
template <class Body>
void with_lanes(int lanes, Body body) {
  switch (lanes) {
    case 2: return body(std::integral_constant<int, 2>{});
    case 4: return body(std::integral_constant<int, 4>{});
    case 8: return body(std::integral_constant<int, 8>{});
    case 16: return body(std::integral_constant<int, 16>{});
    default: return body(std::integral_constant<int, 32>{});
  }
}

// Blocks for `rows` rows of `lanes` lanes each, capped at the resident
// blocks (ticket loops and grid-stride loops take the rest).
int row_blocks(const DeviceContext& context, std::int64_t rows, int lanes) {
  return capped_grid_blocks(context, rows, TrsvPolicy::threads / lanes, GridStridePolicy::blocks_per_multiprocessor);
}

int lanes_for(const CsrView& rows) {
  const double mean_off_diagonal =
      rows.num_rows == 0 ? 0.0 : static_cast<double>(rows.num_entries) / rows.num_rows - 1.0;
  int lanes = TrsvPolicy::min_lanes;
  while (lanes < warp_size && lanes < mean_off_diagonal) lanes *= 2;
  return lanes;
}

void zero(const DeviceContext& context, void* data, std::size_t bytes) {
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(data, 0, bytes, context.stream));
}

// The most entries in one row of `rows` (one read-back).
edge_t longest_row(const DeviceContext& context, const CsrView& rows) {
  const auto size = static_cast<std::size_t>(rows.num_rows);
  DeviceVector<edge_t> length(context.memory, size);
  edge_t* out = length.data();
  const edge_t* offsets = rows.offsets;
  for_each_index(context, rows.num_rows, [=] __device__(std::int64_t i) { out[i] = offsets[i + 1] - offsets[i]; });
  DeviceVector<edge_t> longest(context.memory, 1);
  run_cub(context, "cub::DeviceReduce::Max", [&](void* temp, std::size_t& bytes) {
    return cub::DeviceReduce::Max(temp, bytes, length.data(), longest.data(), rows.num_rows, context.stream);
  });
  return read_scalar(context, static_cast<const edge_t*>(longest.data()));
}

// TrsvPolicy's rule for TrsvMethod::automatic.
TrsvMethod automatic_method(const DeviceContext& context, const CsrView& lower, std::size_t levels) {
  const vertex_t n = lower.num_rows;
  if (static_cast<double>(n) >= TrsvPolicy::level_set_rows_per_level * static_cast<double>(levels))
    return TrsvMethod::level_set;
  if (n / TrsvPolicy::leaf_rows >= TrsvPolicy::recursive_block_min_leaves &&
      longest_row(context, lower) >= TrsvPolicy::hub_row_entries)
    return TrsvMethod::recursive_block;
  return TrsvMethod::sync_free;
}

}  // namespace

void check_lower_shape(const DeviceContext& context, const CsrView& lower) {
  if (lower.num_rows == 0) return;
  DeviceVector<vertex_t> first_bad(context.memory, 1);
  first_bad.assign(std::span<const vertex_t>(&no_vertex, 1));
  check_shape_kernel<<<grid_stride_blocks(context, lower.num_rows), GridStridePolicy::threads_per_block, 0,
                       context.stream>>>(lower, first_bad.data());
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  const vertex_t bad = read_scalar(context, static_cast<const vertex_t*>(first_bad.data()));
  if (bad != no_vertex)
    throw UsageError("analyse_lower: row " + std::to_string(bad) +
                     " does not end with a non-zero diagonal entry (lower_triangle() makes L)");
}

std::unique_ptr<CudaTrsvAnalysis> analyse_lower(const DeviceContext& context, const CsrView& lower,
                                                TrsvMethod method, TrsvPrecision precision) {
  const vertex_t n = lower.num_rows;
  const auto size = static_cast<std::size_t>(n);
  if (n == 0)
    return std::make_unique<CudaTrsvAnalysis>(method == TrsvMethod::automatic ? TrsvMethod::sync_free : method,
                                              precision, 0, context.memory);
  check_lower_shape(context, lower);
  const int lanes = lanes_for(lower);
  DeviceVector<schedule_level> level(context.memory, size);
  GRAPHRUN_CUDA_CHECK(
      cudaMemsetAsync(level.data(), 0xff, size * sizeof(schedule_level), context.stream));  // unknown_level
  DeviceVector<unsigned long long> ticket(context.memory, 1);
  zero(context, ticket.data(), sizeof(unsigned long long));
  levels_kernel<<<row_blocks(context, n, warp_size), TrsvPolicy::threads, 0, context.stream>>>(lower, level.data(),
                                                                                             ticket.data());
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  DeviceVector<schedule_level> deepest(context.memory, 1);
  run_cub(context, "cub::DeviceReduce::Max", [&](void* temp, std::size_t& bytes) {
    return cub::DeviceReduce::Max(temp, bytes, level.data(), deepest.data(), n, context.stream);
  });
  const std::size_t levels =
      static_cast<std::size_t>(read_scalar(context, static_cast<const schedule_level*>(deepest.data()))) + 1;
  if (method == TrsvMethod::automatic) method = automatic_method(context, lower, levels);
  auto analysis = std::make_unique<CudaTrsvAnalysis>(method, precision, levels, context.memory);
  analysis->lanes = lanes;
  if (method != TrsvMethod::level_set) {
    analysis->solved = DeviceVector<int>(context.memory, size);
    zero(context, analysis->solved.data(), size * sizeof(int));
    analysis->ticket = DeviceVector<unsigned long long>(context.memory, 1);
    zero(context, analysis->ticket.data(), sizeof(unsigned long long));
  }
  // Rows sorted by (leaf, level), stable: ascending rows within a level.
  // Only recursive_block has leaves; for the others every row's leaf is 0.
  const bool leaves = method == TrsvMethod::recursive_block;
  DeviceVector<std::uint64_t> keys(context.memory, size);
  DeviceVector<vertex_t> rows(context.memory, size);
  std::uint64_t* key = keys.data();
  vertex_t* row_ids = rows.data();
  const schedule_level* row_level = level.data();
  for_each_index(context, n, [=] __device__(std::int64_t i) {
    const auto row = static_cast<vertex_t>(i);
    const std::uint64_t leaf = leaves ? static_cast<std::uint64_t>(leaf_first(row, n)) : 0;
    key[i] = leaf << 32 | row_level[i];
    row_ids[i] = row;
  });
  DeviceVector<std::uint64_t> sorted_keys(context.memory, size);
  analysis->order = DeviceVector<vertex_t>(context.memory, size);
  const int end_bit = leaves ? 64 : std::max(1, static_cast<int>(std::bit_width(levels)));
  run_cub(context, "cub::DeviceRadixSort::SortPairs", [&](void* temp, std::size_t& bytes) {
    return cub::DeviceRadixSort::SortPairs(temp, bytes, keys.data(), sorted_keys.data(), rows.data(),
                                           analysis->order.data(), n, 0, end_bit, context.stream);
  });
  if (method != TrsvMethod::level_set) return analysis;
  DeviceVector<std::size_t> starts(context.memory, levels + 1);
  starts.assign(std::vector<std::size_t>(levels + 1, size));  // starts[levels] = n
  level_starts_kernel<<<grid_stride_blocks(context, n), GridStridePolicy::threads_per_block, 0, context.stream>>>(
      sorted_keys.data(), n, starts.data());
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  analysis->starts = starts.to_host();
  return analysis;
}

template <class T>
void solve_lower(const DeviceContext& context, const CsrView& lower, const CudaTrsvAnalysis& analysis,
                 std::span<const T> b, std::span<T> x) {
  const vertex_t n = lower.num_rows;
  const auto size = static_cast<std::size_t>(n);
  with_lanes(analysis.lanes, [&](auto width) {
    constexpr int Lanes = decltype(width)::value;
    if (analysis.method() == TrsvMethod::level_set) {
      for (std::size_t l = 0; l + 1 < analysis.starts.size(); ++l) {
        const auto count = static_cast<std::int64_t>(analysis.starts[l + 1] - analysis.starts[l]);
        level_rows_kernel<T, Lanes><<<row_blocks(context, count, Lanes), TrsvPolicy::threads, 0, context.stream>>>(
            lower, analysis.order.data() + analysis.starts[l], count, b.data(), x.data());
        GRAPHRUN_CUDA_CHECK_LAUNCH();
      }
      return;
    }
    const int solve = ++analysis.solves;
    const auto leaf = [&](vertex_t first, vertex_t end, const vertex_t* order, const T* rhs) {
      const int blocks = row_blocks(context, end - first, warp_size);
      sync_free_kernel<T><<<blocks, TrsvPolicy::threads, 0, context.stream>>>(
          lower, order, first, end, rhs, x.data(), analysis.solved.data(), solve, analysis.ticket.data(),
          analysis.tickets_drawn);
      GRAPHRUN_CUDA_CHECK_LAUNCH();
      analysis.tickets_drawn += static_cast<unsigned long long>(end - first) +
                                static_cast<unsigned long long>(blocks) * (TrsvPolicy::threads / warp_size);
    };
    if (analysis.method() == TrsvMethod::sync_free) {
      leaf(0, n, analysis.order.data(), b.data());
      return;
    }
    // recursive_block: r = b, then halves in order.
    DeviceVector<T> r(context.memory, size);
    GRAPHRUN_CUDA_CHECK(cudaMemcpyAsync(r.data(), b.data(), size * sizeof(T), cudaMemcpyDeviceToDevice, context.stream));
    const auto block = [&](auto& self, vertex_t first, vertex_t end) -> void {
      if (end - first <= TrsvPolicy::leaf_rows) {
        leaf(first, end, analysis.order.data() + first, r.data());
        return;
      }
      const vertex_t middle = first + (end - first) / 2;
      self(self, first, middle);
      subtract_block_kernel<T, Lanes><<<row_blocks(context, end - middle, Lanes), TrsvPolicy::threads, 0,
                                        context.stream>>>(lower, middle, end, first, middle, x.data(), r.data());
      GRAPHRUN_CUDA_CHECK_LAUNCH();
      self(self, middle, end);
    };
    block(block, 0, n);
  });
}

template void solve_lower<float>(const DeviceContext&, const CsrView&, const CudaTrsvAnalysis&, std::span<const float>,
                                 std::span<float>);
template void solve_lower<double>(const DeviceContext&, const CsrView&, const CudaTrsvAnalysis&,
                                  std::span<const double>, std::span<double>);

}  // namespace graphrun::cuda
