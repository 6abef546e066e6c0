// BFS levels on the device: one cooperative kernel runs level after level
// and reads nothing back in between, for the long runs of small levels that
// a road network's search is made of (thousands of levels of a few hundred
// vertices), where a host round trip per level costs more than the level.
//
// Rules of the loop (every block evaluates them on the same values, read
// after the same grid barrier, so all blocks take the same branch):
// - A level runs here while its frontier has at most
//   BfsLevelsPolicy::small_level_edges out-edges, or at most max_level_edges
//   and no row longer than the warp tier takes; other levels go back to the
//   single steps (bfs_steps.cu, bfs_pull.cu), which spread a hub's row over
//   the whole device.
// - A push level that needs at most one block's threads is run by block 0
//   alone with block barriers, level after level; one that needs at most a
//   thread-block cluster's (sm_90) by the grid's first cluster, with cluster
//   barriers and the level's counters in block 0's shared memory, which the
//   cluster's blocks reach directly. Blocks outside wait at a grid barrier.
//   Any other level is run by the whole grid, one grid barrier per level
//   (two when rows were handed to the block tier).
// - Push claims a vertex with a compare-and-swap on its level, and every
//   frontier vertex with an edge to a vertex of the new level offers itself
//   as its parent by an atomic min; pull tests level == depth - 1 (the
//   frontier is exactly the previous level, so no bitmap is built) and takes
//   the first hit of the sorted in-row. Either way the parent is the
//   smallest-id in-neighbour on the previous level, as every step gives it,
//   so the result does not depend on who ran a level.
// - Values all threads need after a barrier (the counters, block 0's state)
//   are read by one thread per block and shared: a line read by every warp
//   of the grid after each level would serialize on its L2 slice.
// - The frontiers found are appended to `queue` one after another; level d
//   counts into counter slot d % 3, and block 0 clears slot (d + 1) % 3
//   during level d: every block read that slot's last values before the
//   barrier that ended level d - 1.
// - A row is scanned in tiers, as in bfs_pull.cu: a thread takes its first
//   thread_entries, the warp the next warp_entries, a whole block the rest.
//   Push levels whose rows average at least thread_entries give each
//   frontier vertex a group of lanes instead (push_lanes), which takes the
//   row up to where the block tier starts. A level needs frontier vertices
//   times lanes threads.
// - Claims are issued before parent offers: an offer is an atomic the
//   compiler keeps behind every earlier one, so interleaving them would wait
//   out each claim's round trip in turn.
#include <cooperative_groups.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <limits>
#include <string>

#include "graphrun/error.hpp"
#include "graphrun/memory.hpp"
#include "cuda/bfs/bfs_levels.cuh"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/warp_append.cuh"

namespace graphrun::cuda {

namespace {

namespace cg = cooperative_groups;

// Tuning of the level loop (one place, CUB-style policy).
struct BfsLevelsPolicy {
  // The largest block, one per SM: block 0 alone runs the small levels.
  static constexpr int threads_per_block = 1024;
  // Levels whose frontier has more out-edges go to the single steps...
  static constexpr edge_t max_level_edges = edge_t{1} << 20;
  // ...and so do levels with over small_level_edges whose frontier has a
  // row beyond the warp tier (a hub: the steps spread it over the device).
  static constexpr edge_t small_level_edges = edge_t{1} << 14;
  // Push levels needing at most this many threads (frontier vertices times
  // push_lanes) run in block 0 alone...
  static constexpr std::size_t block_frontier_limit = threads_per_block;
  // ...and those needing at most the first cluster's threads (the largest
  // portable cluster) in that cluster, where clusters leave at least
  // cluster_grid_share of the multiprocessors to the grid's levels.
  static constexpr int cluster_blocks = 8;
  static constexpr double cluster_grid_share = 0.875;
  static constexpr std::size_t cluster_frontier_limit = std::size_t{cluster_blocks} * threads_per_block;
  // Entries of a row a thread tests on its own, loaded together.
  static constexpr int thread_entries = 8;
  // Entries the warp then takes, 32 per step, before a row goes to a block.
  static constexpr edge_t warp_entries = 512;
  static constexpr edge_t block_scan_offset = thread_entries + warp_entries;
  // A push level whose frontier rows average at least this many entries
  // gives each frontier vertex a group of lanes instead of one thread: the
  // smallest power of two at or above the average, at most a warp. With one
  // thread per row, a mesh's level of 12,000 rows of 26 entries busies 384
  // warps, each walking 32 rows' remainders one after another.
  static constexpr edge_t group_average_entries = thread_entries;
  // Frontier ids block 0 keeps in shared memory between its levels.
  static constexpr int block_frontier_copy = threads_per_block;
};

constexpr int warp_size = 32;
constexpr unsigned full_warp = 0xffffffffu;

// The deepest level a search can record (a level is at most n - 1, which
// reaches it only on a path of more than 2^31 - 1 vertices). The loop stops
// at it and returns; the caller's next single step refuses a frontier left
// there (bfs_next_depth).
constexpr level_t max_level = std::numeric_limits<level_t>::max();

// What one level found, summed by atomics of every block.
struct LevelCounters {
  unsigned int found;             // vertices appended to the queue
  unsigned int long_rows;         // rows handed to the block tier
  unsigned long long out_edges;   // out-degrees of the vertices found
  unsigned long long in_edges;    // their in-degrees (directed, optimizing)
  unsigned int max_degree;        // largest out-degree among them
};

// Where the loop stands, handed from block 0's levels to the grid and from
// the kernel to the host.
struct LoopState {
  BfsProgress progress;
  unsigned long long frontier_begin;  // the frontier: queue[begin, begin + size) once levels > 0
  unsigned long long queue_end;       // vertices appended by this launch
  int levels;
  unsigned int frontier_max_degree;   // largest out-degree on the frontier
};

// The kernel's device-side memory (zeroed before the launch).
struct LoopMemory {
  LevelCounters slot[3];
  LoopState handoff;  // from block 0's levels to the grid
  LoopState result;   // to the host
  int bad_frontier_id;
  unsigned int first_max_degree;  // of the frontier the host passed
};

// Which levels the loop takes (BfsLevelsPolicy's values, handed to the
// kernel as one value so that the host's entry test and the kernel's rules
// read the same numbers).
struct LoopLimits {
  edge_t max_level_edges = BfsLevelsPolicy::max_level_edges;
  edge_t small_level_edges = BfsLevelsPolicy::small_level_edges;
  std::size_t block_frontier_limit = BfsLevelsPolicy::block_frontier_limit;
  std::size_t cluster_frontier_limit = 0;  // 0: launched without clusters
};

// Everything the kernel reads, passed by value.
struct LevelLoop {
  LoopLimits limits;
  const edge_t* out_offsets;
  const vertex_t* out_indices;
  const edge_t* in_offsets;
  const vertex_t* in_indices;
  vertex_t num_vertices;
  bool directed;
  BfsParams params;
  BfsProgress start;
  const vertex_t* first_frontier;
  level_t* level;
  vertex_t* parent;
  vertex_t* queue;
  vertex_t* long_rows;
  LoopMemory* memory;
};

// What the host can test before a launch (it does not know the frontier's
// largest row).
GRAPHRUN_HOST_DEVICE bool loop_may_take_level(const LoopLimits& limits, const BfsProgress& progress) {
  return progress.frontier_size != 0 && progress.frontier_out_edges <= limits.max_level_edges &&
         progress.depth < max_level;
}

GRAPHRUN_HOST_DEVICE bool loop_takes_level(const LoopLimits& limits, const LoopState& state) {
  const BfsProgress& progress = state.progress;
  return loop_may_take_level(limits, progress) &&
         (progress.frontier_out_edges <= limits.small_level_edges ||
          state.frontier_max_degree <= static_cast<unsigned int>(BfsLevelsPolicy::block_scan_offset));
}

// Lanes per frontier vertex of a push level (Level::lanes).
GRAPHRUN_HOST_DEVICE int push_lanes(const BfsProgress& progress) {
  if (progress.frontier_size == 0) return 1;
  const edge_t average = progress.frontier_out_edges / static_cast<edge_t>(progress.frontier_size);
  if (average < BfsLevelsPolicy::group_average_entries) return 1;
  int lanes = 1;
  while (lanes < warp_size && lanes < average) lanes *= 2;
  return lanes;
}

// Block 0 and the first cluster take push levels that give each of their
// threads at most one frontier vertex's share (push_lanes threads a vertex).
GRAPHRUN_HOST_DEVICE bool push_level_fits(const LoopLimits& limits, const LoopState& state, std::size_t threads) {
  return loop_takes_level(limits, state) && !state.progress.pulling &&
         state.progress.frontier_size * static_cast<std::size_t>(push_lanes(state.progress)) <= threads;
}

GRAPHRUN_HOST_DEVICE bool block_takes_level(const LoopLimits& limits, const LoopState& state) {
  return push_level_fits(limits, state, limits.block_frontier_limit);
}

GRAPHRUN_HOST_DEVICE bool cluster_takes_level(const LoopLimits& limits, const LoopState& state) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
  // Code compiled without clusters (lead_levels falls back to block 0),
  // whatever the host planned.
  (void)limits;
  (void)state;
  return false;
#else
  return push_level_fits(limits, state, limits.cluster_frontier_limit);
#endif
}

// The threads that run a level together: the whole grid, or one block.
struct GridTeam {
  cg::grid_group grid;
  __device__ std::int64_t rank() const { return static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; }
  __device__ std::int64_t size() const { return static_cast<std::int64_t>(gridDim.x) * blockDim.x; }
  __device__ unsigned int block() const { return blockIdx.x; }
  __device__ unsigned int blocks() const { return gridDim.x; }
  __device__ void sync() const { grid.sync(); }
};

struct BlockTeam {
  __device__ std::int64_t rank() const { return threadIdx.x; }
  __device__ std::int64_t size() const { return blockDim.x; }
  __device__ unsigned int block() const { return 0; }
  __device__ unsigned int blocks() const { return 1; }
  __device__ void sync() const { __syncthreads(); }
};

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
struct ClusterTeam {
  cg::cluster_group cluster;
  __device__ std::int64_t rank() const {
    return static_cast<std::int64_t>(cluster.block_rank()) * blockDim.x + threadIdx.x;
  }
  __device__ std::int64_t size() const { return static_cast<std::int64_t>(cluster.num_blocks()) * blockDim.x; }
  __device__ unsigned int block() const { return cluster.block_rank(); }
  __device__ unsigned int blocks() const { return cluster.num_blocks(); }
  __device__ void sync() const { cluster.sync(); }
};
#endif

// One level as the tiers see it.
struct Level {
  level_t depth;            // given to the vertices found
  bool pull;
  int lanes;                 // push: lanes per frontier vertex (1: a thread per row and the tiers)
  const vertex_t* frontier;  // push: the frontier's vertices
  std::int64_t frontier_size;
  vertex_t* found;           // appended here
  LevelCounters* counters;
  vertex_t* found_copy;      // nullptr, or the first block_frontier_copy found ids again
};

// Slot `slot` of the level's list is v.
__device__ __forceinline__ void record_found(const Level& level, unsigned int slot, vertex_t v) {
  level.found[slot] = v;
  if (level.found_copy != nullptr && slot < static_cast<unsigned int>(BfsLevelsPolicy::block_frontier_copy))
    level.found_copy[slot] = v;
}

// Degree sums of the vertices a thread found.
struct FoundSums {
  edge_t out = 0;
  edge_t in = 0;
  unsigned int max_degree = 0;
  __device__ void add(edge_t out_degree, edge_t in_degree) {
    out += out_degree;
    in += in_degree;
    max_degree = max(max_degree, static_cast<unsigned int>(out_degree));
  }
};

__device__ __forceinline__ int lane_id() { return static_cast<int>(threadIdx.x % warp_size); }

__device__ __forceinline__ edge_t in_degree(const LevelLoop& loop, vertex_t v) {
  return loop.directed ? loop.in_offsets[v + 1] - loop.in_offsets[v] : 0;
}

__device__ __forceinline__ void count_found(const LevelLoop& loop, vertex_t v, FoundSums& sums) {
  sums.add(loop.out_offsets[v + 1] - loop.out_offsets[v], in_degree(loop, v));
}

// Called by all lanes: adds the warp's sums to the level's counters.
__device__ __forceinline__ void flush_sums(const FoundSums& sums, LevelCounters* counters) {
  auto out = static_cast<unsigned long long>(sums.out);
  auto in = static_cast<unsigned long long>(sums.in);
  unsigned int largest = sums.max_degree;
  for (int distance = warp_size / 2; distance > 0; distance >>= 1) {
    out += __shfl_down_sync(full_warp, out, distance);
    in += __shfl_down_sync(full_warp, in, distance);
    largest = max(largest, __shfl_down_sync(full_warp, largest, distance));
  }
  if (lane_id() == 0) {
    if (out != 0) atomicAdd(&counters->out_edges, out);
    if (in != 0) atomicAdd(&counters->in_edges, in);
    if (largest != 0) atomicMax(&counters->max_degree, largest);
  }
}

// The parent offer of an edge u -> v whose claim found v's level `before`
// (no_level: this thread found v): when v is on this level, u is offered
// as its parent and the smallest offer stays. Parents of unvisited vertices
// are no_vertex, the largest value as unsigned.
__device__ __forceinline__ void offer_parent(const LevelLoop& loop, vertex_t u, vertex_t v, level_t before,
                                             level_t depth) {
  if (before == no_level || before == depth)
    atomicMin(reinterpret_cast<unsigned int*>(&loop.parent[v]), static_cast<unsigned int>(u));
}

// Push over the edge u -> v, where v's level read `seen`: claims v if it
// was unvisited (true: this thread found it), then offers u as its parent.
__device__ __forceinline__ bool push_edge(const LevelLoop& loop, vertex_t u, vertex_t v, level_t seen,
                                          level_t depth) {
  const level_t before = seen == no_level ? atomicCAS(&loop.level[v], no_level, depth) : seen;
  offer_parent(loop, u, v, before, depth);
  return before == no_level;
}

// Push tiers 1 and 2 over the frontier: every unvisited out-neighbour is
// claimed by exactly one thread, which appends it.
template <class Team>
__device__ void push_frontier(const Team& team, const LevelLoop& loop, const Level& level, FoundSums& sums) {
  constexpr int entries = BfsLevelsPolicy::thread_entries;
  const int lane = lane_id();
  // Whole warps run the loop together: their shuffles need every lane.
  for (std::int64_t base = team.rank() - lane; base < level.frontier_size; base += team.size()) {
    const std::int64_t i = base + lane;
    const bool active = i < level.frontier_size;
    const vertex_t u = active ? level.frontier[i] : 0;
    const edge_t row_begin = active ? loop.out_offsets[u] : 0;
    const edge_t row_end = active ? loop.out_offsets[u + 1] : 0;

    // Tier 1: the first entries, each step's loads issued together so their
    // latencies overlap (the degrees a found vertex adds are loaded beside
    // its level, before anyone knows it will be found).
    vertex_t v[entries];
    edge_t degree[entries];
#pragma unroll
    for (int j = 0; j < entries; ++j) v[j] = row_begin + j < row_end ? loop.out_indices[row_begin + j] : no_vertex;
#pragma unroll
    for (int j = 0; j < entries; ++j)
      degree[j] = v[j] != no_vertex ? loop.out_offsets[v[j] + 1] - loop.out_offsets[v[j]] : 0;
    // Straight to the compare-and-swap (a plain read of the level first
    // would add a round trip to every level's critical path), all claims
    // before any parent offer: an offer is an atomic the compiler may not
    // move above a later claim (it cannot tell parent from level), so
    // offering between claims would wait out each claim's round trip in turn.
    level_t before[entries];
#pragma unroll
    for (int j = 0; j < entries; ++j)
      before[j] = v[j] != no_vertex ? atomicCAS(&loop.level[v[j]], no_level, level.depth) : level.depth;
    unsigned int taken = 0;
    bool won[entries];
#pragma unroll
    for (int j = 0; j < entries; ++j) {
      won[j] = v[j] != no_vertex && before[j] == no_level;
      taken += won[j] ? 1u : 0u;
      if (v[j] != no_vertex) offer_parent(loop, u, v[j], before[j], level.depth);
    }
    unsigned int slot = warp_append_slots(taken, &level.counters->found);
#pragma unroll
    for (int j = 0; j < entries; ++j)
      if (won[j]) {
        record_found(level, slot++, v[j]);
        sums.add(degree[j], in_degree(loop, v[j]));
      }

    // Tier 2: the warp takes each row with entries left, 32 at a time.
    const edge_t next = min(row_end, row_begin + entries);
    unsigned pending = __ballot_sync(full_warp, next < row_end);
    while (pending != 0) {
      const int owner = __ffs(static_cast<int>(pending)) - 1;
      pending &= pending - 1;
      const edge_t begin = __shfl_sync(full_warp, next, owner);
      const edge_t end = __shfl_sync(full_warp, row_end, owner);
      const vertex_t owner_vertex = __shfl_sync(full_warp, u, owner);
      const edge_t warp_end = min(end, begin + BfsLevelsPolicy::warp_entries);
      for (edge_t chunk = begin; chunk < warp_end; chunk += warp_size) {
        const edge_t e = chunk + lane;
        const vertex_t w = e < warp_end ? loop.out_indices[e] : no_vertex;
        const bool took = w != no_vertex && push_edge(loop, owner_vertex, w, loop.level[w], level.depth);
        const unsigned int at = warp_append_slot(took, &level.counters->found);
        if (took) {
          record_found(level, at, w);
          count_found(loop, w, sums);
        }
      }
      if (lane == owner && warp_end < end)
        loop.long_rows[atomicAdd(&level.counters->long_rows, 1u)] = u;
    }
  }
}

// Push with a group of kLanes lanes per frontier vertex (Level::lanes): the
// group walks the row kLanes entries at a time, up to block_scan_offset, and
// hands longer rows to the block tier as tier 2 does. Whole warps iterate
// together, as many chunks as their longest row needs: their appends need
// every lane.
template <int kLanes, class Team>
__device__ void push_frontier_grouped(const Team& team, const LevelLoop& loop, const Level& level,
                                      FoundSums& sums) {
  constexpr int groups_per_warp = warp_size / kLanes;
  const int lane = lane_id();
  const int group_lane = lane % kLanes;
  const std::int64_t warps = team.size() / warp_size;
  for (std::int64_t base = team.rank() / warp_size * groups_per_warp; base < level.frontier_size;
       base += warps * groups_per_warp) {
    const std::int64_t i = base + lane / kLanes;
    const bool active = i < level.frontier_size;
    const vertex_t u = active ? level.frontier[i] : 0;
    const edge_t row_begin = active ? loop.out_offsets[u] : 0;
    const edge_t row_end = active ? loop.out_offsets[u + 1] : 0;
    const edge_t scan_end = min(row_end, row_begin + BfsLevelsPolicy::block_scan_offset);
    edge_t chunks = (scan_end - row_begin + kLanes - 1) / kLanes;
    for (int distance = warp_size / 2; distance > 0; distance >>= 1)
      chunks = max(chunks, __shfl_xor_sync(full_warp, chunks, distance));
    for (edge_t chunk = 0; chunk < chunks; ++chunk) {
      const edge_t e = row_begin + chunk * kLanes + group_lane;
      const vertex_t w = e < scan_end ? loop.out_indices[e] : no_vertex;
      // The degree is loaded beside the claim, before anyone knows it is needed.
      const edge_t degree = w != no_vertex ? loop.out_offsets[w + 1] - loop.out_offsets[w] : 0;
      const bool took = w != no_vertex && push_edge(loop, u, w, no_level, level.depth);
      const unsigned int at = warp_append_slot(took, &level.counters->found);
      if (took) {
        record_found(level, at, w);
        sums.add(degree, in_degree(loop, w));
      }
    }
    if (active && group_lane == 0 && scan_end < row_end)
      loop.long_rows[atomicAdd(&level.counters->long_rows, 1u)] = u;
  }
}

// Pull tiers 1 and 2 over every unvisited vertex: it settles on the first
// in-neighbour on the previous level (rows are sorted: the smallest id).
template <class Team>
__device__ void pull_vertices(const Team& team, const LevelLoop& loop, const Level& level, FoundSums& sums) {
  constexpr int entries = BfsLevelsPolicy::thread_entries;
  const int lane = lane_id();
  const level_t previous = level.depth - 1;
  for (std::int64_t base = team.rank() - lane; base < loop.num_vertices; base += team.size()) {
    const std::int64_t id = base + lane;
    const bool open = id < loop.num_vertices && loop.level[id] == no_level;
    const auto v = static_cast<vertex_t>(open ? id : 0);
    const edge_t row_begin = open ? loop.in_offsets[v] : 0;
    const edge_t row_end = open ? loop.in_offsets[v + 1] : 0;

    vertex_t u[entries];
#pragma unroll
    for (int j = 0; j < entries; ++j) u[j] = row_begin + j < row_end ? loop.in_indices[row_begin + j] : no_vertex;
    bool hit[entries];
#pragma unroll
    for (int j = 0; j < entries; ++j) hit[j] = u[j] != no_vertex && loop.level[u[j]] == previous;
    vertex_t found = no_vertex;
#pragma unroll
    for (int j = entries - 1; j >= 0; --j)
      if (hit[j]) found = u[j];

    edge_t next = min(row_end, row_begin + entries);
    unsigned pending = __ballot_sync(full_warp, found == no_vertex && next < row_end);
    while (pending != 0) {
      const int owner = __ffs(static_cast<int>(pending)) - 1;
      pending &= pending - 1;
      const edge_t begin = __shfl_sync(full_warp, next, owner);
      const edge_t end = __shfl_sync(full_warp, row_end, owner);
      const edge_t warp_end = min(end, begin + BfsLevelsPolicy::warp_entries);
      vertex_t warp_hit = no_vertex;
      for (edge_t chunk = begin; chunk < warp_end; chunk += warp_size) {
        const edge_t e = chunk + lane;
        const vertex_t w = e < warp_end ? loop.in_indices[e] : no_vertex;
        const unsigned hits = __ballot_sync(full_warp, w != no_vertex && loop.level[w] == previous);
        if (hits != 0) {
          warp_hit = __shfl_sync(full_warp, w, __ffs(static_cast<int>(hits)) - 1);
          break;
        }
      }
      if (lane == owner) {
        if (warp_hit != no_vertex)
          found = warp_hit;
        else if (warp_end < end)
          loop.long_rows[atomicAdd(&level.counters->long_rows, 1u)] = v;
      }
    }

    const bool settled = found != no_vertex;
    if (settled) {
      loop.level[v] = level.depth;
      loop.parent[v] = found;
    }
    const unsigned int slot = warp_append_slot(settled, &level.counters->found);
    if (settled) {
      record_found(level, slot, v);
      count_found(loop, v, sums);
    }
  }
}

// Tier 3: each block takes whole rows the warps handed on, from entry
// block_scan_offset; blockDim entries per step.
template <class Team>
__device__ void long_rows(const Team& team, const LevelLoop& loop, const Level& level, unsigned int rows,
                          FoundSums& sums) {
  __shared__ int first_hit;
  constexpr int no_hit = INT_MAX;
  const level_t previous = level.depth - 1;
  const edge_t* offsets = level.pull ? loop.in_offsets : loop.out_offsets;
  const vertex_t* indices = level.pull ? loop.in_indices : loop.out_indices;
  for (unsigned int r = team.block(); r < rows; r += team.blocks()) {
    const vertex_t x = loop.long_rows[r];
    const edge_t end = offsets[x + 1];
    for (edge_t chunk = offsets[x] + BfsLevelsPolicy::block_scan_offset; chunk < end; chunk += blockDim.x) {
      const edge_t e = chunk + threadIdx.x;
      const vertex_t w = e < end ? indices[e] : no_vertex;
      if (!level.pull) {
        const bool took = w != no_vertex && push_edge(loop, x, w, loop.level[w], level.depth);
        const unsigned int at = warp_append_slot(took, &level.counters->found);
        if (took) {
          record_found(level, at, w);
          count_found(loop, w, sums);
        }
        continue;
      }
      if (threadIdx.x == 0) first_hit = no_hit;
      __syncthreads();
      if (w != no_vertex && loop.level[w] == previous) atomicMin(&first_hit, static_cast<int>(threadIdx.x));
      __syncthreads();
      const int hit = first_hit;
      __syncthreads();  // all have read first_hit before thread 0 resets it
      if (hit != no_hit) {
        if (threadIdx.x == static_cast<unsigned>(hit)) {
          loop.level[x] = level.depth;
          loop.parent[x] = w;
          record_found(level, atomicAdd(&level.counters->found, 1u), x);
          count_found(loop, x, sums);
        }
        break;  // `hit` is the same in every thread: the whole block leaves
      }
    }
  }
}

// Every thread of the block gets the counters; one thread reads them, so a
// level's end costs one load per block, not one per warp, on that line.
__device__ LevelCounters read_counters(const LevelCounters* counters) {
  __shared__ LevelCounters copy;
  __syncthreads();  // everyone has taken the previous copy
  if (threadIdx.x == 0) {
    const volatile LevelCounters* shared = counters;
    copy = LevelCounters{shared->found, shared->long_rows, shared->out_edges, shared->in_edges, shared->max_degree};
  }
  __syncthreads();
  return copy;
}

// One level by `team`; ends at a team barrier after which the counters hold
// the level's totals.
template <class Team>
__device__ LevelCounters run_level(const Team& team, const LevelLoop& loop, const Level& level) {
  FoundSums sums;
  if (level.pull)
    pull_vertices(team, loop, level, sums);
  else if (level.lanes >= warp_size)
    push_frontier_grouped<warp_size>(team, loop, level, sums);
  else if (level.lanes >= 16)
    push_frontier_grouped<16>(team, loop, level, sums);
  else if (level.lanes > 1)
    push_frontier_grouped<8>(team, loop, level, sums);
  else
    push_frontier(team, loop, level, sums);
  flush_sums(sums, level.counters);
  team.sync();
  const LevelCounters totals = read_counters(level.counters);
  if (totals.long_rows == 0) return totals;
  FoundSums more;
  long_rows(team, loop, level, totals.long_rows, more);
  flush_sums(more, level.counters);
  team.sync();
  return read_counters(level.counters);
}

// After a level: what it found becomes the frontier.
__device__ void advance(const LevelLoop& loop, const LevelCounters& totals, LoopState& state) {
  state.frontier_max_degree = totals.max_degree;
  bfs_record_level(state.progress, totals.found);
  if (totals.found != 0)
    bfs_account_frontier(state.progress, loop.params, static_cast<edge_t>(totals.out_edges),
                         static_cast<edge_t>(totals.in_edges), loop.directed,
                         static_cast<std::size_t>(loop.num_vertices));
  state.frontier_begin = state.queue_end;
  state.queue_end += totals.found;
  ++state.levels;
}

__device__ const vertex_t* frontier_of(const LevelLoop& loop, const LoopState& state) {
  return state.levels == 0 ? loop.first_frontier : loop.queue + state.frontier_begin;
}

// Block 0's run of small push levels; its thread 0 then hands the state to
// the grid and clears the grid's counter slots.
__device__ void block_levels(const LevelLoop& loop, LoopState& state) {
  constexpr int copy_size = BfsLevelsPolicy::block_frontier_copy;
  __shared__ LevelCounters counters;
  // The frontier read from shared memory when it fits: one round trip less
  // per level. Two buffers: a level reads one and fills the other.
  __shared__ vertex_t frontier_copy[2][copy_size];
  int filling = 0;
  bool frontier_copied = false;
  const BlockTeam team;
  while (block_takes_level(loop.limits, state)) {
    if (threadIdx.x == 0) counters = LevelCounters{};
    __syncthreads();
    const Level level{state.progress.depth + 1,
                      false,
                      push_lanes(state.progress),
                      frontier_copied ? frontier_copy[filling ^ 1] : frontier_of(loop, state),
                      static_cast<std::int64_t>(state.progress.frontier_size),
                      loop.queue + state.queue_end,
                      &counters,
                      frontier_copy[filling]};
    const LevelCounters totals = run_level(team, loop, level);
    advance(loop, totals, state);
    frontier_copied = totals.found <= static_cast<unsigned int>(copy_size);
    filling ^= 1;
    __syncthreads();  // all have read the counters before thread 0 clears them
  }
  if (threadIdx.x == 0) {
    loop.memory->handoff = state;
    for (LevelCounters& slot : loop.memory->slot) slot = LevelCounters{};
  }
}

// Block 0's state, for every thread of the block (one reads it).
__device__ LoopState read_handoff(const LoopMemory* memory) {
  __shared__ LoopState copy;
  __syncthreads();
  if (threadIdx.x == 0) {
    const volatile LoopState* handoff = &memory->handoff;
    const volatile BfsProgress& p = handoff->progress;
    copy.progress.depth = p.depth;
    copy.progress.frontier_size = p.frontier_size;
    copy.progress.frontier_out_edges = p.frontier_out_edges;
    copy.progress.unexplored_in_edges = p.unexplored_in_edges;
    copy.progress.pulling = p.pulling;
    copy.progress.summary.depth = p.summary.depth;
    copy.progress.summary.reached = p.summary.reached;
    copy.progress.summary.edges_traversed = p.summary.edges_traversed;
    copy.progress.summary.push_steps = p.summary.push_steps;
    copy.progress.summary.pull_steps = p.summary.pull_steps;
    copy.frontier_begin = handoff->frontier_begin;
    copy.queue_end = handoff->queue_end;
    copy.levels = handoff->levels;
    copy.frontier_max_degree = handoff->frontier_max_degree;
  }
  __syncthreads();
  return copy;
}

// The levels that fit the first cluster, run by its blocks; its block 0
// takes those that fit one block, as block_levels. Its block 0's thread 0
// then hands the state to the grid and clears the grid's counter slots.
// Without clusters (limits.cluster_frontier_limit == 0, or before sm_90)
// the grid's block 0 alone runs block_levels.
__device__ void lead_levels(const LevelLoop& loop, LoopState& state) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  if (loop.limits.cluster_frontier_limit != 0) {
    const cg::cluster_group cluster = cg::this_cluster();
    // Level d counts into slot d % 3 of block 0's; block 0's thread 0
    // clears slot (d + 1) % 3 during level d (as the grid's slots).
    __shared__ LevelCounters slots[3];
    LevelCounters* counters = cluster.map_shared_rank(slots, 0);
    const bool leader = cluster.block_rank() == 0 && threadIdx.x == 0;
    if (leader)
      for (LevelCounters& slot : slots) slot = LevelCounters{};
    cluster.sync();
    const ClusterTeam team{cluster};
    while (cluster_takes_level(loop.limits, state)) {
      if (block_takes_level(loop.limits, state)) {
        cluster.sync();  // every block has read the last cluster level's counters
        if (cluster.block_rank() == 0) block_levels(loop, state);
        // No block reads the slots while block 0 runs alone: the leader
        // clears all three, since the rotation skipped block 0's levels.
        if (leader)
          for (LevelCounters& slot : slots) slot = LevelCounters{};
        cluster.sync();
        state = read_handoff(loop.memory);
        continue;
      }
      const level_t depth = state.progress.depth + 1;
      if (leader) slots[(depth + 1) % 3] = LevelCounters{};
      const Level level{depth,
                        false,
                        push_lanes(state.progress),
                        frontier_of(loop, state),
                        static_cast<std::int64_t>(state.progress.frontier_size),
                        loop.queue + state.queue_end,
                        counters + depth % 3,
                        nullptr};
      advance(loop, run_level(team, loop, level), state);
    }
    // Block 0's shared memory must outlive every other block's last read.
    cluster.sync();
    if (leader) {
      loop.memory->handoff = state;
      for (LevelCounters& slot : loop.memory->slot) slot = LevelCounters{};
    }
    return;
  }
#endif
  if (blockIdx.x == 0) block_levels(loop, state);
}

// A value every block's threads need after a grid barrier (one read per
// block).
__device__ unsigned int read_flag_value(const unsigned int* value) {
  __shared__ unsigned int copy;
  __syncthreads();
  if (threadIdx.x == 0) copy = *static_cast<const volatile unsigned int*>(value);
  __syncthreads();
  return copy;
}

__device__ bool read_flag(const int* flag) {
  return read_flag_value(reinterpret_cast<const unsigned int*>(flag)) != 0;
}

__global__ void __launch_bounds__(BfsLevelsPolicy::threads_per_block, 1) bfs_levels_kernel(LevelLoop loop) {
  const GridTeam team{cg::this_grid()};
  // The host's frontier: ids in range, and its largest row for the rules.
  unsigned int largest = 0;
  for (std::int64_t i = team.rank(); i < static_cast<std::int64_t>(loop.start.frontier_size); i += team.size()) {
    const vertex_t u = loop.first_frontier[i];
    if (!is_vertex(u, loop.num_vertices))
      loop.memory->bad_frontier_id = 1;
    else
      largest = max(largest, static_cast<unsigned int>(loop.out_offsets[u + 1] - loop.out_offsets[u]));
  }
  if (largest != 0) atomicMax(&loop.memory->first_max_degree, largest);
  team.sync();
  if (read_flag(&loop.memory->bad_frontier_id)) return;

  LoopState state{loop.start, 0, 0, 0, read_flag_value(&loop.memory->first_max_degree)};
  while (loop_takes_level(loop.limits, state)) {
    if (block_takes_level(loop.limits, state) || cluster_takes_level(loop.limits, state)) {
      team.sync();  // every block has read the last level's counters
      if (blockIdx.x < static_cast<unsigned int>(BfsLevelsPolicy::cluster_blocks)) lead_levels(loop, state);
      team.sync();
      state = read_handoff(loop.memory);
      continue;
    }
    const level_t depth = state.progress.depth + 1;
    LevelCounters* counters = &loop.memory->slot[depth % 3];
    if (team.rank() == 0) loop.memory->slot[(depth + 1) % 3] = LevelCounters{};
    const Level level{depth,
                      state.progress.pulling,
                      push_lanes(state.progress),
                      frontier_of(loop, state),
                      static_cast<std::int64_t>(state.progress.frontier_size),
                      loop.queue + state.queue_end,
                      counters,
                      nullptr};
    advance(loop, run_level(team, loop, level), state);
  }
  if (team.rank() == 0) loop.memory->result = state;
}

bool device_supports(cudaDeviceAttr attribute) {
  int device = 0;
  int supported = 0;
  GRAPHRUN_CUDA_CHECK(cudaGetDevice(&device));
  GRAPHRUN_CUDA_CHECK(cudaDeviceGetAttribute(&supported, attribute, device));
  return supported != 0;
}

// The cooperative launch: every block resident at once, in clusters of
// BfsLevelsPolicy::cluster_blocks where the device has them (then
// limits.cluster_frontier_limit is set). blocks == 0: the kernel does not fit.
struct LevelsLaunch {
  int blocks = 0;
  int cluster_blocks = 1;
};

// Whether the kernel's code for this device has lead_levels' cluster path
// (sm_90 and later): a build for an older architecture runs as PTX compiled
// for an H100 without it.
bool kernel_compiled_for_clusters() {
  cudaFuncAttributes attributes{};
  GRAPHRUN_CUDA_CHECK(cudaFuncGetAttributes(&attributes, bfs_levels_kernel));
  return attributes.ptxVersion >= 90 && attributes.binaryVersion >= 90;
}

LevelsLaunch plan_launch(const DeviceContext& context, LoopLimits& limits) {
  constexpr int cluster_size = BfsLevelsPolicy::cluster_blocks;
  if (device_supports(cudaDevAttrClusterLaunch)) {
    cudaLaunchConfig_t config{};
    cudaLaunchAttribute cluster{};
    cluster.id = cudaLaunchAttributeClusterDimension;
    cluster.val.clusterDim.x = cluster_size;
    cluster.val.clusterDim.y = 1;
    cluster.val.clusterDim.z = 1;
    config.gridDim = dim3(cluster_size);
    config.blockDim = dim3(BfsLevelsPolicy::threads_per_block);
    config.attrs = &cluster;
    config.numAttrs = 1;
    int clusters = 0;
    GRAPHRUN_CUDA_CHECK(cudaOccupancyMaxActiveClusters(&clusters, bfs_levels_kernel, &config));
    // The kernel's rules assume at most one block per multiprocessor.
    clusters = std::min(clusters, context.multiprocessors / cluster_size);
    // Clusters fill whole GPCs: a device whose multiprocessors they leave
    // idle (an uneven or partitioned part) runs its grid levels without.
    const bool fills_device =
        clusters * cluster_size >= BfsLevelsPolicy::cluster_grid_share * context.multiprocessors;
    if (clusters > 0 && fills_device && kernel_compiled_for_clusters()) {
      limits.cluster_frontier_limit = BfsLevelsPolicy::cluster_frontier_limit;
      return {clusters * cluster_size, cluster_size};
    }
  }
  int per_multiprocessor = 0;
  GRAPHRUN_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_multiprocessor, bfs_levels_kernel, BfsLevelsPolicy::threads_per_block, 0));
  return {std::min(per_multiprocessor, 1) * context.multiprocessors, 1};
}

// Rows the block tier may receive in one level: only rows longer than its
// offset, of which there are at most entries / (offset + 1).
std::size_t long_row_capacity(const CsrView& out, const CsrView& in) {
  const edge_t entries = std::max(out.num_entries, in.num_entries);
  const auto by_entries = static_cast<std::size_t>(entries / (BfsLevelsPolicy::block_scan_offset + 1));
  return std::min(static_cast<std::size_t>(out.num_rows), by_entries) + 1;
}

}  // namespace

std::size_t bfs_levels(const DeviceContext& context, const CsrView& out, const CsrView& in, bool directed,
                       const BfsParams& params, BfsProgress& progress, std::span<const vertex_t> frontier,
                       std::span<level_t> level, std::span<vertex_t> parent, std::span<vertex_t> queue,
                       std::size_t& frontier_begin) {
  LoopLimits limits;
  if (!loop_may_take_level(limits, progress) || !device_supports(cudaDevAttrCooperativeLaunch)) return 0;
  const LevelsLaunch launch = plan_launch(context, limits);
  if (launch.blocks == 0) return 0;

  DeviceVector<LoopMemory> memory(context.memory, 1);
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(memory.data(), 0, sizeof(LoopMemory), context.stream));
  DeviceVector<vertex_t> long_rows(context.memory, long_row_capacity(out, in));
  LevelLoop loop{.limits = limits,
                 .out_offsets = out.offsets,
                 .out_indices = out.indices,
                 .in_offsets = in.offsets,
                 .in_indices = in.indices,
                 .num_vertices = out.num_rows,
                 .directed = directed,
                 .params = params,
                 .start = progress,
                 .first_frontier = frontier.data(),
                 .level = level.data(),
                 .parent = parent.data(),
                 .queue = queue.data(),
                 .long_rows = long_rows.data(),
                 .memory = memory.data()};
  cudaLaunchConfig_t config{};
  cudaLaunchAttribute attributes[2]{};
  attributes[0].id = cudaLaunchAttributeCooperative;
  attributes[0].val.cooperative = 1;
  attributes[1].id = cudaLaunchAttributeClusterDimension;
  attributes[1].val.clusterDim.x = static_cast<unsigned int>(launch.cluster_blocks);
  attributes[1].val.clusterDim.y = 1;
  attributes[1].val.clusterDim.z = 1;
  config.gridDim = dim3(static_cast<unsigned int>(launch.blocks));
  config.blockDim = dim3(BfsLevelsPolicy::threads_per_block);
  config.stream = context.stream;
  config.attrs = attributes;
  config.numAttrs = launch.cluster_blocks > 1 ? 2 : 1;
  GRAPHRUN_CUDA_CHECK(cudaLaunchKernelEx(&config, bfs_levels_kernel, loop));
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  const LoopMemory result = read_scalar(context, static_cast<const LoopMemory*>(memory.data()));
  if (result.bad_frontier_id != 0)
    throw UsageError("bfs_levels: a frontier id is outside 0.." + std::to_string(std::int64_t{out.num_rows} - 1));
  progress = result.result.progress;
  frontier_begin = static_cast<std::size_t>(result.result.frontier_begin);
  return static_cast<std::size_t>(result.result.levels);
}

}  // namespace graphrun::cuda
