// Pull step of BFS: frontier bitmap, then in-row scans with early exit in
// three tiers by row length. In-rows are sorted by column id and every tier
// scans its part of a row in order, handing on only what it did not settle,
// so the first frontier member found is the smallest-id parent.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>

#include "graphrun/error.hpp"
#include "graphrun/memory.hpp"
#include "cuda/bfs/bfs_pull.cuh"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/runtime/warp_append.cuh"

namespace graphrun::cuda {

namespace {

// Tuning of the pull step (one place, CUB-style policy).
struct BfsPullPolicy {
  static constexpr int threads_per_block = 256;
  // In-row entries a thread tests on its own. Most vertices a pull step
  // reaches find a parent within the first few entries, and rows this short
  // cost a thread less than a warp-wide hand-off.
  static constexpr edge_t thread_entries = 8;
  // Entries the warp then tests, 32 per step, before a row goes to a whole
  // block: bounds how long one row holds a warp.
  static constexpr edge_t warp_entries = 512;
  // Entries each thread of a block tests per step of a block-wide scan,
  // loaded together so their latencies overlap.
  static constexpr int block_entries_per_thread = 8;
  // Resident blocks for the block-wide scans (rows are taken grid-stride).
  static constexpr int block_scans_per_multiprocessor = 4;
  // Where a row's block-wide scan starts: the thread and warp tiers have
  // tested exactly this many entries of any row long enough to reach it.
  static constexpr edge_t block_scan_offset = thread_entries + warp_entries;
};

constexpr int warp_size = 32;
constexpr unsigned full_warp = 0xffffffffu;

// Device-side counters of one pull step, read back together in one copy.
struct PullCounters {
  unsigned int next_size;        // vertices appended to the next frontier
  unsigned int long_rows;        // rows handed to the block-wide scan
  unsigned int bad_frontier_id;  // non-zero: a frontier id outside 0..n-1
};

struct FrontierBitmap {
  const std::uint32_t* words;
  __device__ __forceinline__ bool contains(vertex_t u) const { return (words[u >> 5] >> (u & 31)) & 1u; }
};

// Everything the scan kernels read and write, passed by value.
struct PullStep {
  const edge_t* offsets;
  const vertex_t* indices;
  FrontierBitmap frontier;
  vertex_t num_vertices;
  level_t depth;
  level_t* level;
  vertex_t* parent;
  vertex_t* next_frontier;
  vertex_t* long_rows;  // vertices whose rows the block-wide scan finishes
  PullCounters* counters;
};

__device__ __forceinline__ void settle(const PullStep& step, vertex_t v, vertex_t parent) {
  step.level[v] = step.depth;
  step.parent[v] = parent;
}

// One thread per vertex. An unvisited vertex tests the first thread_entries
// of its in-row itself; rows still unsettled beyond that are scanned by the
// whole warp, one row at a time, 32 entries per step, the lowest hitting lane
// of the first hitting step being the first frontier member. Rows longer
// than block_scan_offset that are still unsettled go to the block-wide scan.
__global__ void __launch_bounds__(BfsPullPolicy::threads_per_block) pull_short_rows_kernel(PullStep step) {
  // The same flag for the whole grid, so no lane skips a ballot the others run.
  if (step.counters->bad_frontier_id != 0) return;
  const std::int64_t id = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const int lane = static_cast<int>(threadIdx.x % warp_size);
  const bool unvisited = id < step.num_vertices && step.level[id] == no_level;
  const auto v = static_cast<vertex_t>(unvisited ? id : 0);
  edge_t next_entry = unvisited ? step.offsets[v] : 0;
  const edge_t row_end = unvisited ? step.offsets[v + 1] : 0;

  vertex_t found = no_vertex;
  for (const edge_t end = min(row_end, next_entry + BfsPullPolicy::thread_entries); next_entry < end; ++next_entry) {
    const vertex_t u = step.indices[next_entry];
    if (step.frontier.contains(u)) {
      found = u;
      break;
    }
  }

  unsigned pending = __ballot_sync(full_warp, found == no_vertex && next_entry < row_end);
  while (pending != 0) {
    const int owner = __ffs(pending) - 1;
    pending &= pending - 1;
    const edge_t begin = __shfl_sync(full_warp, next_entry, owner);
    const edge_t end = __shfl_sync(full_warp, row_end, owner);
    const edge_t warp_end = min(end, begin + BfsPullPolicy::warp_entries);
    vertex_t hit = no_vertex;
    for (edge_t chunk = begin; chunk < warp_end; chunk += warp_size) {
      const edge_t e = chunk + lane;
      const vertex_t u = e < warp_end ? step.indices[e] : 0;
      const unsigned hits = __ballot_sync(full_warp, e < warp_end && step.frontier.contains(u));
      if (hits != 0) {
        hit = __shfl_sync(full_warp, u, __ffs(hits) - 1);
        break;
      }
    }
    if (lane == owner) {
      if (hit != no_vertex)
        found = hit;
      else if (warp_end < end)
        step.long_rows[atomicAdd(&step.counters->long_rows, 1u)] = v;
    }
  }

  const bool reached = found != no_vertex;
  if (reached) settle(step, v, found);
  const unsigned int slot = warp_append_slot(reached, &step.counters->next_size);
  if (reached) step.next_frontier[slot] = v;
}

// One block per long row (grid-stride over the rows the warps handed on):
// each step tests threads_per_block * block_entries_per_thread consecutive
// entries and stops at the step's smallest hitting position, so a hub in-row
// of millions of entries takes a few hundred steps, not a warp's millions.
__global__ void __launch_bounds__(BfsPullPolicy::threads_per_block) pull_long_rows_kernel(PullStep step) {
  constexpr int threads = BfsPullPolicy::threads_per_block;
  constexpr int per_thread = BfsPullPolicy::block_entries_per_thread;
  constexpr edge_t step_entries = static_cast<edge_t>(threads) * per_thread;
  constexpr int no_hit = INT_MAX;
  __shared__ int first_hit;  // smallest hitting position within the step

  const unsigned int rows = step.counters->long_rows;
  for (unsigned int r = blockIdx.x; r < rows; r += gridDim.x) {
    const vertex_t v = step.long_rows[r];
    const edge_t end = step.offsets[v + 1];
    for (edge_t chunk = step.offsets[v] + BfsPullPolicy::block_scan_offset; chunk < end; chunk += step_entries) {
      if (threadIdx.x == 0) first_hit = no_hit;
      __syncthreads();
      vertex_t u[per_thread];
#pragma unroll
      for (int j = 0; j < per_thread; ++j) {
        const edge_t e = chunk + j * threads + threadIdx.x;
        u[j] = e < end ? step.indices[e] : no_vertex;
      }
#pragma unroll
      for (int j = 0; j < per_thread; ++j)
        if (u[j] != no_vertex && step.frontier.contains(u[j])) {
          atomicMin(&first_hit, j * threads + static_cast<int>(threadIdx.x));
          break;  // this thread's later positions are larger
        }
      __syncthreads();
      const int hit = first_hit;
      __syncthreads();  // all have read first_hit before thread 0 resets it
      if (hit != no_hit) {
        if (threadIdx.x == 0) {
          settle(step, v, step.indices[chunk + hit]);
          step.next_frontier[atomicAdd(&step.counters->next_size, 1u)] = v;
        }
        break;  // `hit` is the same in every thread: the whole block leaves
      }
    }
  }
}

// Rows the block-wide scan may receive: only rows longer than its offset, of
// which there are at most entries / (offset + 1).
std::size_t long_row_capacity(const CsrView& in) {
  const auto by_entries = static_cast<std::size_t>(in.num_entries / (BfsPullPolicy::block_scan_offset + 1));
  return std::min(static_cast<std::size_t>(in.num_rows), by_entries);
}

}  // namespace

std::size_t bfs_pull(const DeviceContext& context, const CsrView& in, std::span<const vertex_t> frontier,
                     level_t depth, std::span<level_t> level, std::span<vertex_t> parent,
                     std::span<vertex_t> next_frontier) {
  const vertex_t n = in.num_rows;
  if (n == 0 || frontier.empty()) return 0;
  DeviceVector<PullCounters> counters(context.memory, 1);
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(counters.data(), 0, sizeof(PullCounters), context.stream));

  // Frontier list -> bitmap. Bad ids set the flag instead of a bit; the scan
  // kernels then do nothing, so a refused call leaves level and parent as
  // they were.
  const std::size_t word_count = (static_cast<std::size_t>(n) + 31) / 32;
  DeviceVector<std::uint32_t> bitmap(context.memory, word_count);
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(bitmap.data(), 0, word_count * sizeof(std::uint32_t), context.stream));
  std::uint32_t* words = bitmap.data();
  const vertex_t* ids = frontier.data();
  PullCounters* flags = counters.data();
  for_each_index(context, static_cast<std::int64_t>(frontier.size()), [=] __device__(std::int64_t k) {
    const vertex_t u = ids[k];
    if (!is_vertex(u, n)) {
      flags->bad_frontier_id = 1;
      return;
    }
    atomicOr(&words[u >> 5], 1u << (u & 31));
  });

  const std::size_t capacity = long_row_capacity(in);
  DeviceVector<vertex_t> long_rows(context.memory, std::max<std::size_t>(capacity, 1));
  const PullStep step{.offsets = in.offsets,
                      .indices = in.indices,
                      .frontier = FrontierBitmap{words},
                      .num_vertices = n,
                      .depth = depth,
                      .level = level.data(),
                      .parent = parent.data(),
                      .next_frontier = next_frontier.data(),
                      .long_rows = long_rows.data(),
                      .counters = counters.data()};

  const auto vertex_blocks = static_cast<unsigned int>(
      (static_cast<std::int64_t>(n) + BfsPullPolicy::threads_per_block - 1) / BfsPullPolicy::threads_per_block);
  pull_short_rows_kernel<<<vertex_blocks, BfsPullPolicy::threads_per_block, 0, context.stream>>>(step);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  if (capacity > 0) {
    const auto row_blocks = static_cast<unsigned int>(std::min<std::size_t>(
        capacity, static_cast<std::size_t>(context.multiprocessors) * BfsPullPolicy::block_scans_per_multiprocessor));
    pull_long_rows_kernel<<<row_blocks, BfsPullPolicy::threads_per_block, 0, context.stream>>>(step);
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  }

  const PullCounters totals = read_scalar(context, static_cast<const PullCounters*>(counters.data()));
  if (totals.bad_frontier_id != 0)
    throw UsageError("bfs_pull: a frontier id is outside 0.." + std::to_string(std::int64_t{n} - 1));
  return totals.next_size;
}

}  // namespace graphrun::cuda
