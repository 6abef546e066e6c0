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
  // Alignment of backend allocations: one cache line, so per-thread blocks of
  // a vector share no line with a neighbour's (false sharing); fits SIMD loads.
  static constexpr std::size_t allocation_alignment = 64;
};

}  // namespace graphrun::cpu
