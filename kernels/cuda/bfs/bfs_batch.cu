// Bit-parallel BFS: the searches from up to 64 sources advance together,
// one bit per search in a 64-bit word per vertex (Then et al., "The More the
// Merrier", VLDB 2015). Three words per vertex: `seen` (searches that
// reached it), `frontier` (searches that reached it at the last level) and
// `next` (searches that reach it at this one), plus the list of frontier
// vertices. A level is one pass in one of two directions, then a settling
// pass:
//  - push: a warp per chunk of a frontier vertex's out-row ORs
//    frontier[u] & ~seen[v] into next[v] of each out-neighbour v, and lists
//    each v whose next word it was first to set (`touched`);
//  - pull: a warp per chunk of every in-row whose vertex some search has
//    not reached ORs the in-neighbours' frontier words, stops once every
//    missing search is found, and ORs what it found into next[v];
//  - settle: next becomes the frontier (clearing the old one) and joins
//    seen, each new bit writes its search's level, the new frontier is
//    listed, and the level's counters (new vertices per search, the
//    frontier's out-edges, the in-edges of vertices every search has now
//    reached) are read back. After a push it visits the touched vertices
//    and the old frontier only, so a level of a road network costs what
//    its frontier costs; after a pull, every vertex.
// The counters pick the next direction (Beamer's rule: push while the
// frontier's out-edges are few against the in-edges of the vertices some
// search has not reached) and stop the loop when the frontier is empty.
// Rows go to warps in chunks of at most chunk_entries entries, so a hub is
// spread over many warps. Levels do not depend on the directions taken.
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cstdint>
#include <utility>

#include "graphrun/algorithms/bfs_progress.hpp"
#include "graphrun/memory.hpp"
#include "cuda/bfs/bfs_batch.cuh"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/runtime/segment_search.cuh"
#include "cuda/runtime/warp_append.cuh"
#include "cuda/spmv/common/warp_ops.cuh"

namespace graphrun::cuda {

namespace {

using Bits = unsigned long long;
using spmv::warp_or;
constexpr int max_searches = 64;
constexpr int warp_size = 32;
constexpr unsigned full_warp = 0xffffffffu;

// Tuning of the batch (one place, CUB-style policy).
struct BfsBatchPolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int warps_per_block = threads_per_block / warp_size;
  static constexpr int blocks_per_multiprocessor = 8;
  // Entries of one row a warp scans as one work item; longer rows are split.
  static constexpr edge_t chunk_entries = 1024;
  // Push while the frontier's out-edges times this are fewer than the open
  // in-edges (GAP's alpha).
  static constexpr edge_t push_alpha = 15;
};

// The counters of one level, zeroed before it and read back after it.
struct LevelCounters {
  unsigned int reached[max_searches];  // vertices each search reached at this level
  unsigned int touched;                // entries of the touched list (push)
  unsigned int frontier_size;          // entries of the new frontier list
  unsigned long long frontier_edges;   // out-edges of the new frontier
  unsigned long long closed_edges;     // in-edges of the vertices every search reached at this level
};

__device__ __forceinline__ unsigned long long warp_sum(unsigned long long x) {
  for (int offset = warp_size / 2; offset > 0; offset /= 2) x += __shfl_down_sync(full_warp, x, offset);
  return x;
}

__device__ __forceinline__ std::int64_t first_warp() {
  return (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / warp_size;
}
__device__ __forceinline__ std::int64_t warps_in_grid() {
  return static_cast<std::int64_t>(gridDim.x) * BfsBatchPolicy::warps_per_block;
}

struct Entries {
  edge_t begin, end;
};

// The chunk-th run of chunk_entries entries of `row`.
__device__ __forceinline__ Entries chunk_entries(const edge_t* offsets, vertex_t row, edge_t chunk) {
  const edge_t begin = offsets[row] + chunk * BfsBatchPolicy::chunk_entries;
  return {begin, min(offsets[row + 1], begin + BfsBatchPolicy::chunk_entries)};
}

// The state every kernel of a level shares, passed by value.
struct BatchState {
  Bits* seen;
  Bits* frontier;
  Bits* next;
  Bits all;  // one bit per search of the batch
  LevelCounters* counters;
};

// Pull: a warp per chunk of an in-row (chunks: the row of each, in row
// order; chunk_first: each row's first chunk).
struct PullArgs {
  const edge_t* offsets;
  const vertex_t* indices;
  const vertex_t* chunk_rows;
  const edge_t* chunk_first;
  std::int64_t num_chunks;
};

__global__ void __launch_bounds__(BfsBatchPolicy::threads_per_block) pull_kernel(PullArgs args, BatchState state) {
  const int lane = static_cast<int>(threadIdx.x % warp_size);
  for (std::int64_t i = first_warp(); i < args.num_chunks; i += warps_in_grid()) {
    const vertex_t row = args.chunk_rows[i];
    const Bits missing = state.all & ~state.seen[row];
    if (missing == 0) continue;
    const Entries range = chunk_entries(args.offsets, row, i - args.chunk_first[row]);
    Bits found = 0;
    for (edge_t base = range.begin; base < range.end; base += warp_size) {
      const edge_t e = base + lane;
      found |= warp_or(e < range.end ? state.frontier[args.indices[e]] : 0);
      if ((found & missing) == missing) break;
    }
    if (lane == 0 && (found & missing) != 0) atomicOr(&state.next[row], found & missing);
  }
}

// Push: a warp per chunk of a frontier vertex's out-row. item_first[k] is
// the first item of list[k] (list_size + 1 entries, the last the total).
struct PushArgs {
  const edge_t* offsets;
  const vertex_t* indices;
  const vertex_t* list;
  std::int64_t list_size;
  const edge_t* item_first;
  vertex_t* touched;
};

__global__ void __launch_bounds__(BfsBatchPolicy::threads_per_block) push_kernel(PushArgs args, BatchState state) {
  const int lane = static_cast<int>(threadIdx.x % warp_size);
  const edge_t items = args.item_first[args.list_size];
  for (std::int64_t i = first_warp(); i < items; i += warps_in_grid()) {
    const std::int64_t k = segment_of(args.item_first, args.list_size + 1, static_cast<edge_t>(i));
    const vertex_t u = args.list[k];
    const Bits reaching = state.frontier[u];
    const Entries range = chunk_entries(args.offsets, u, i - args.item_first[k]);
    for (edge_t base = range.begin; base < range.end; base += warp_size) {
      const edge_t e = base + lane;
      vertex_t v = 0;
      bool first = false;
      if (e < range.end) {
        v = args.indices[e];
        const Bits add = reaching & ~state.seen[v];
        if (add != 0 && (state.next[v] & add) != add) first = atomicOr(&state.next[v], add) == 0;
      }
      const unsigned int slot = warp_append_slot(first, &state.counters->touched);
      if (first) args.touched[slot] = v;
    }
  }
}

// Settling: over every vertex (after a pull) or over the touched list
// (after a push, whose old frontier words are cleared first).
struct SettleArgs {
  const edge_t* out_offsets;
  const edge_t* in_offsets;
  const vertex_t* touched;  // nullptr: every vertex
  vertex_t* next_list;
  level_t* level;  // searches x n, source-major
  vertex_t num_vertices;
  level_t depth;
};

// Whole warps in step: the ballots count each search's new vertices (lane l
// keeps the counts of searches l and l + 32).
__global__ void __launch_bounds__(BfsBatchPolicy::threads_per_block) settle_kernel(SettleArgs args, BatchState state) {
  __shared__ unsigned int block_reached[max_searches];
  if (threadIdx.x < max_searches) block_reached[threadIdx.x] = 0;
  __syncthreads();
  const int lane = static_cast<int>(threadIdx.x % warp_size);
  const std::int64_t n = args.num_vertices;
  const std::int64_t count = args.touched != nullptr ? state.counters->touched : n;
  unsigned int reached_low = 0, reached_high = 0;
  unsigned long long frontier_edges = 0, closed_edges = 0;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t base = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x - lane; base < count;
       base += stride) {
    const std::int64_t i = base + lane;
    std::int64_t v = 0;
    Bits found = 0;
    if (i < count) {
      v = args.touched != nullptr ? args.touched[i] : i;
      const Bits before = state.seen[v];
      found = state.next[v] & ~before;
      if (args.touched == nullptr || found != 0) state.frontier[v] = found;
      if (found != 0) {
        state.next[v] = 0;
        state.seen[v] = before | found;
        frontier_edges += static_cast<unsigned long long>(args.out_offsets[v + 1] - args.out_offsets[v]);
        if ((before | found) == state.all)
          closed_edges += static_cast<unsigned long long>(args.in_offsets[v + 1] - args.in_offsets[v]);
      }
    }
    const unsigned int slot = warp_append_slot(found != 0, &state.counters->frontier_size);
    if (found != 0) args.next_list[slot] = static_cast<vertex_t>(v);
    for (Bits searches = warp_or(found); searches != 0; searches &= searches - 1) {
      const int s = __ffsll(static_cast<long long>(searches)) - 1;
      const bool has = (found >> s) & 1;
      if (has) args.level[static_cast<std::int64_t>(s) * n + v] = args.depth;
      const unsigned int vertices = __popc(__ballot_sync(full_warp, has));
      if (lane == (s & (warp_size - 1))) (s < warp_size ? reached_low : reached_high) += vertices;
    }
  }
  if (reached_low != 0) atomicAdd(&block_reached[lane], reached_low);
  if (reached_high != 0) atomicAdd(&block_reached[lane + warp_size], reached_high);
  frontier_edges = warp_sum(frontier_edges);
  closed_edges = warp_sum(closed_edges);
  if (lane == 0) {
    if (frontier_edges != 0) atomicAdd(&state.counters->frontier_edges, frontier_edges);
    if (closed_edges != 0) atomicAdd(&state.counters->closed_edges, closed_edges);
  }
  __syncthreads();
  if (threadIdx.x < max_searches && block_reached[threadIdx.x] != 0)
    atomicAdd(&state.counters->reached[threadIdx.x], block_reached[threadIdx.x]);
}

// Each row's first chunk (n + 1 entries, the last the total) and the row of
// every chunk, chunk_entries entries each at most; empty rows have none.
struct RowChunks {
  DeviceVector<edge_t> first;
  DeviceVector<vertex_t> rows;
};

RowChunks row_chunks(const DeviceContext& context, const CsrView& csr) {
  const vertex_t n = csr.num_rows;
  RowChunks chunks{DeviceVector<edge_t>(context.memory, static_cast<std::size_t>(n) + 1), {}};
  const edge_t* offsets = csr.offsets;
  edge_t* first = chunks.first.data();
  for_each_index(context, static_cast<std::int64_t>(n) + 1, [=] __device__(std::int64_t v) {
    first[v] = v < n ? (offsets[v + 1] - offsets[v] + BfsBatchPolicy::chunk_entries - 1) /
                           BfsBatchPolicy::chunk_entries
                     : 0;
  });
  run_cub(context, "cub::DeviceScan::ExclusiveSum (bfs_batch chunks)", [&](void* temp, std::size_t& bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, bytes, first, static_cast<std::int64_t>(n) + 1, context.stream);
  });
  const edge_t total = read_scalar(context, static_cast<const edge_t*>(first + n));
  chunks.rows = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(total));
  vertex_t* rows = chunks.rows.data();
  for_each_index(context, n, [=] __device__(std::int64_t v) {
    for (edge_t k = first[v]; k < first[v + 1]; ++k) rows[k] = static_cast<vertex_t>(v);
  });
  return chunks;
}

int warp_blocks(const DeviceContext& context, std::int64_t warps) {
  return capped_grid_blocks(context, warps, BfsBatchPolicy::warps_per_block, BfsBatchPolicy::blocks_per_multiprocessor);
}

void pull(const DeviceContext& context, const CsrView& in, const RowChunks& chunks, const BatchState& state) {
  const PullArgs args{in.offsets, in.indices, chunks.rows.data(), chunks.first.data(),
                      static_cast<std::int64_t>(chunks.rows.size())};
  if (args.num_chunks == 0) return;
  pull_kernel<<<warp_blocks(context, args.num_chunks), BfsBatchPolicy::threads_per_block, 0, context.stream>>>(
      args, state);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

// The frontier's chunks (items), numbered by a scan over the list, then the
// push over them. `items_bound` (at least the items' count) sizes the grid.
void push(const DeviceContext& context, const CsrView& out, const RowChunks& chunks, const vertex_t* list,
          std::int64_t list_size, std::int64_t items_bound, vertex_t* touched, const BatchState& state) {
  DeviceVector<edge_t> item_first(context.memory, static_cast<std::size_t>(list_size) + 1);
  edge_t* first = item_first.data();
  const edge_t* row_first = chunks.first.data();
  for_each_index(context, list_size + 1, [=] __device__(std::int64_t k) {
    first[k] = k < list_size ? row_first[list[k] + 1] - row_first[list[k]] : 0;
  });
  run_cub(context, "cub::DeviceScan::ExclusiveSum (bfs_batch push items)", [&](void* temp, std::size_t& bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, bytes, first, list_size + 1, context.stream);
  });
  const PushArgs args{out.offsets, out.indices, list, list_size, first, touched};
  push_kernel<<<warp_blocks(context, std::max<std::int64_t>(items_bound, 1)), BfsBatchPolicy::threads_per_block, 0,
                context.stream>>>(args, state);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

}  // namespace

void bfs_batch(const DeviceContext& context, const CsrView& out, const CsrView& in,
               std::span<const vertex_t> sources, std::span<level_t> level, std::span<level_t> depth,
               std::span<std::size_t> reached) {
  const vertex_t n = in.num_rows;
  const auto searches = static_cast<int>(sources.size());
  const auto size = static_cast<std::size_t>(n);

  DeviceVector<Bits> words(context.memory, 3 * size);  // seen, frontier, next
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(words.data(), 0, words.size() * sizeof(Bits), context.stream));
  GRAPHRUN_CUDA_CHECK(
      cudaMemsetAsync(level.data(), 0xff, level.size() * sizeof(level_t), context.stream));  // no_level
  DeviceVector<vertex_t> lists(context.memory, 3 * size);  // frontier, next frontier, touched
  vertex_t* list = lists.data();
  vertex_t* next_list = list + size;
  vertex_t* touched = next_list + size;
  DeviceVector<LevelCounters> counters(context.memory, 1);
  const BatchState state{.seen = words.data(),
                         .frontier = words.data() + size,
                         .next = words.data() + 2 * size,
                         .all = searches == max_searches ? ~Bits{0} : (Bits{1} << searches) - 1,
                         .counters = counters.data()};
  const RowChunks in_chunks = row_chunks(context, in);
  const bool undirected = out.offsets == in.offsets;
  const RowChunks out_chunks = undirected ? RowChunks{} : row_chunks(context, out);

  // Level 0 is the settling of the sources, listed as touched.
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(counters.data(), 0, sizeof(LevelCounters), context.stream));
  DeviceVector<vertex_t> starts(context.memory, sources.size());
  context.memory.copy(starts.data(), sources.data(), sources.size() * sizeof(vertex_t), CopyKind::host_to_backend);
  const vertex_t* start = starts.data();
  for_each_index(context, searches, [=] __device__(std::int64_t s) {
    if (atomicOr(&state.next[start[s]], Bits{1} << s) == 0) touched[atomicAdd(&state.counters->touched, 1u)] = start[s];
  });

  std::fill(depth.begin(), depth.end(), 0);
  std::fill(reached.begin(), reached.end(), 0);
  SettleArgs settle{.out_offsets = out.offsets,
                    .in_offsets = in.offsets,
                    .touched = touched,
                    .next_list = next_list,
                    .level = level.data(),
                    .num_vertices = n,
                    .depth = 0};
  std::int64_t settle_bound = searches;  // vertices the settling visits at most
  std::int64_t frontier_size = 0;
  unsigned long long frontier_edges = 0;
  unsigned long long open_edges = static_cast<unsigned long long>(in.num_entries);
  for (level_t d = 0;; ++d) {
    if (d > 0) {
      GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(counters.data(), 0, sizeof(LevelCounters), context.stream));
      const bool pushing = frontier_edges * BfsBatchPolicy::push_alpha < open_edges;
      if (pushing) {
        const RowChunks& chunks = undirected ? in_chunks : out_chunks;
        const auto items_bound =
            frontier_size + static_cast<std::int64_t>(frontier_edges / BfsBatchPolicy::chunk_entries) + 1;
        push(context, out, chunks, list, frontier_size, items_bound, touched, state);
        // The old frontier's words are cleared here; the settling rewrites only touched vertices.
        Bits* frontier = state.frontier;
        const vertex_t* old = list;
        for_each_index(context, frontier_size, [=] __device__(std::int64_t k) { frontier[old[k]] = 0; });
        settle.touched = touched;
        settle_bound = std::min<std::int64_t>(n, static_cast<std::int64_t>(frontier_edges));
      } else {
        pull(context, in, in_chunks, state);
        settle.touched = nullptr;
        settle_bound = n;
      }
    }
    settle.depth = d;
    settle_kernel<<<capped_grid_blocks(context, std::max<std::int64_t>(settle_bound, 1),
                                       BfsBatchPolicy::threads_per_block, BfsBatchPolicy::blocks_per_multiprocessor),
                    BfsBatchPolicy::threads_per_block, 0, context.stream>>>(settle, state);
    GRAPHRUN_CUDA_CHECK_LAUNCH();
    const LevelCounters totals = read_scalar(context, static_cast<const LevelCounters*>(counters.data()));
    for (int s = 0; s < searches; ++s)
      if (totals.reached[s] != 0) {
        reached[s] += totals.reached[s];
        depth[s] = d;
      }
    frontier_size = totals.frontier_size;
    if (frontier_size == 0) break;
    require_level_after(d, "bfs_batch");
    frontier_edges = totals.frontier_edges;
    open_edges -= totals.closed_edges;
    std::swap(list, next_list);
    settle.next_list = next_list;
  }
}

}  // namespace graphrun::cuda
