#pragma once
// Every tuning constant of the cpu backend's kernels, in one place (the
// DESIGN's "one policy struct per kernel family"); kernels read no other
// configuration besides the thread count they are handed.
#include <cstddef>

namespace graphrun::cpu {

struct CpuTuning {
  // Below this many elements a map runs on the calling thread: waking the
  // team costs more than the loop.
  static constexpr std::size_t min_parallel_elements = 4096;
  // Elements per block of a deterministic floating sum. Part of the result's
  // definition: changing it changes the last bits of every sum.
  static constexpr std::size_t sum_block = 4096;
  // Frontier vertices handed out at a time by a push step's dynamic schedule.
  static constexpr int push_chunk = 64;
  // Vertices per block of a pull step: a block is one dynamically scheduled
  // task (in-row scans stop early, so their cost is unpredictable) and one
  // piece of the next frontier, which comes out ascending for any thread count.
  static constexpr std::size_t pull_block = 4096;
  // A BFS push level whose frontier has at most this many out-edges defers
  // its vertices' parents to their own row scan one level later
  // (bfs_levels.cpp); a larger one settles them by atomic min on the spot.
  static constexpr long long bfs_deferred_parent_edges = 1 << 16;
  // Union-find linking (components.cpp): vertices handed out at a time, and
  // the most entries one thread links of a row on its own; longer rows are
  // split over all threads by entries (hubs of power-law graphs).
  static constexpr int link_chunk = 256;
  static constexpr long long link_row_limit = 1024;
  // Alignment of backend allocations: one cache line, so per-thread blocks of
  // a vector share no line with a neighbour's (false sharing); fits SIMD loads.
  static constexpr std::size_t allocation_alignment = 64;
};

}  // namespace graphrun::cpu
