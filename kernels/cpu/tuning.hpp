#pragma once
// Every tuning constant of the cpu backend's kernels, in one place (the
// DESIGN's "one policy struct per kernel family"); kernels read no other
// configuration besides the thread count they are handed.
#include <cstddef>
#include <cstdint>

namespace graphrun::cpu {

struct CpuTuning {
  // Below this many elements a map runs on the calling thread: waking the
  // team costs more than the loop.
  static constexpr std::size_t min_parallel_elements = 4096;
  // The least work (entries plus rows) an SpMV or SpMM thread is given: a
  // smaller matrix runs on fewer threads, down to the calling one alone. On a
  // loaded machine each team wake-up may wait for a time slice, which costs
  // more than a small product itself.
  static constexpr std::int64_t min_row_work_per_thread = 16384;
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
  // SSSP relaxation (sssp_steps.cpp): near-list vertices handed out at a
  // time, and the smallest list whose relaxation wakes the thread team.
  static constexpr int sssp_chunk = 64;
  static constexpr std::size_t sssp_min_parallel_vertices = 256;
  // Default bucket width of delta-stepping: 40 x mean weight / mean
  // degree^2. A wide bucket repeats relaxations in proportion to the degree;
  // a narrow one costs a team round per bucket, and low-degree graphs (road
  // maps) have long paths, so many buckets. Fitted on road and Kronecker
  // graphs at 16 threads (decision 049): about GAP's -d2 on kron-22 with
  // weights 1..255, and 600 on road-22, where GAP's best is -d256.
  static constexpr double sssp_bucket_lanes = 40.0;
  static constexpr double sssp_bucket_degree_exponent = 2.0;
  // The farthest bucket ahead of the current one a vertex is filed under;
  // beyond it a vertex is filed there and processed early, which a
  // relaxation tolerates (the bins stay bounded whatever delta is).
  static constexpr std::size_t sssp_max_bins_ahead = std::size_t{1} << 16;
  // Bucket fusion: a thread whose own part of the current bucket holds
  // fewer vertices than this relaxes it at once, without a team round
  // (GAP's kBinSizeThreshold; Zhang et al., CGO 2020).
  static constexpr std::size_t sssp_fused_bin_limit = 1000;
  // Triangle counting: vertices handed out at a time (their oriented rows'
  // intersections vary widely in cost).
  static constexpr int triangle_chunk = 64;
  // Per-vertex triangle sums: the highest ranks (the largest degrees, the
  // third vertex of most triangles) are summed in per-thread arrays of this
  // many entries, merged once at the end, instead of by contended atomics.
  static constexpr std::size_t triangle_private_ranks = std::size_t{1} << 15;
  // Triangular solve: the level-set method runs (automatic) when the
  // levels average at least this many rows, and a level wakes the thread
  // team from this many rows on; thinner levels cost more in barriers than
  // they share.
  static constexpr double trsv_rows_per_level = 2048;
  static constexpr std::int64_t trsv_min_parallel_rows = 512;
  // Brandes' level steps: listed vertices handed out at a time (their rows'
  // lengths vary widely).
  static constexpr int brandes_chunk = 64;
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
