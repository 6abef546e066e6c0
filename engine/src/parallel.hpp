#pragma once
// Small OpenMP building blocks shared by the graph builders (engine/src).
#include <omp.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "graphrun/types.hpp"

namespace graphrun::detail {

// Below this many items a parallel region costs more than the loop (thread
// wake-up dominates on small graphs), so builders run it serially.
inline constexpr std::int64_t parallel_threshold = 1 << 14;

// In place: counts[i] becomes sum(counts[0..i)), and counts gets one more
// element holding the total (CSR offsets from per-row counts). Two passes over
// per-thread blocks, so it scales with cores instead of running serially.
inline void exclusive_scan_to_offsets(std::vector<edge_t>& counts) {
  const std::size_t n = counts.size();
  counts.push_back(0);
  const int threads = std::max(1, std::min<int>(omp_get_max_threads(), static_cast<int>(n / 65536) + 1));
  std::vector<edge_t> block_sums(static_cast<std::size_t>(threads) + 1, 0);
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    const std::size_t begin = n * t / threads, end = n * (t + 1) / threads;
    edge_t sum = 0;
    for (std::size_t i = begin; i < end; ++i) sum += counts[i];
    block_sums[t + 1] = sum;
#pragma omp barrier
#pragma omp single
    for (int b = 1; b <= threads; ++b) block_sums[b] += block_sums[b - 1];
    edge_t running = block_sums[t];
    for (std::size_t i = begin; i < end; ++i) {
      const edge_t c = counts[i];
      counts[i] = running;
      running += c;
    }
  }
  counts[n] = block_sums[threads];
}

// Atomically takes the next slot of a row being filled (scatter phase of a
// counting sort). Slots within a row come out in arbitrary order, so callers
// sort each row afterwards.
inline edge_t claim_slot(edge_t& cursor) {
  edge_t slot;
#pragma omp atomic capture
  slot = cursor++;
  return slot;
}

}  // namespace graphrun::detail
