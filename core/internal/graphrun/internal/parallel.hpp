#pragma once
// Small OpenMP building blocks shared by the graph builders (core/src) and
// the readers (io/src); published to them as graphrun_core_internal.
#include <omp.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "graphrun/types.hpp"

namespace graphrun::detail {

// Below this many items a parallel region costs more than the loop (thread
// wake-up dominates on small graphs), so builders run it serially.
inline constexpr std::int64_t parallel_threshold = 1 << 14;

// Large arrays: transparent huge pages, faulted in by all threads.
//
// Why: first touching fresh memory costs one page fault per 4 KiB (several
// microseconds each on a virtual machine), and it happens in whichever single
// thread touches first: std::vector's value-initialisation, or the thread 0
// of a loop. For the GB-sized arrays of a load that was most of a snapshot
// reload and a large part of the CSR build. Huge pages cut the faults 512-fold
// and MADV_POPULATE_WRITE lets every thread take its share of them. Both are
// advice: where the kernel refuses (no THP, a kernel before 5.14) the memory
// still works and is faulted on first touch as before.
inline constexpr std::size_t bulk_memory_bytes = std::size_t{8} << 20;

struct PageRange {
  std::uintptr_t begin = 0, end = 0;  // whole 4 KiB pages inside the buffer
};

// Asks for huge pages only (no fault-in): for buffers that may stay partly
// unused, such as a read buffer sized for large files.
inline PageRange advise_huge_pages(void* data, std::size_t bytes) {
  if (bytes < bulk_memory_bytes) return {};
  constexpr std::uintptr_t small_page = 4096;
  const auto first = reinterpret_cast<std::uintptr_t>(data);
  const PageRange pages{(first + small_page - 1) & ~(small_page - 1), (first + bytes) & ~(small_page - 1)};
  if (pages.end <= pages.begin) return {};
  ::madvise(reinterpret_cast<void*>(pages.begin), pages.end - pages.begin, MADV_HUGEPAGE);
  return pages;
}

// Huge pages, faulted in now by all threads: for memory about to be written.
inline void prepare_bulk_pages(void* data, std::size_t bytes) {
  // Plain variables, not a structured binding: the lambda below captures
  // them, which C++20 allows but clang 14 does not (and clang 16 crashes on
  // inside an OpenMP region).
  const PageRange pages = advise_huge_pages(data, bytes);
  const std::uintptr_t begin = pages.begin, end = pages.end;
  if (end <= begin) return;
  constexpr std::uintptr_t huge_page = std::uintptr_t{2} << 20;
  // Per-thread slices on huge-page boundaries, so no huge page is split
  // between two threads' populate calls.
  const int threads = std::max(1, omp_get_max_threads());
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (int t = 0; t < threads; ++t) {
    auto boundary = [&](int k) {
      if (k == threads) return end;
      const std::uintptr_t cut = begin + (end - begin) / static_cast<std::uintptr_t>(threads) * k;
      return std::clamp((cut + huge_page - 1) & ~(huge_page - 1), begin, end);
    };
    const std::uintptr_t from = t == 0 ? begin : boundary(t), to = boundary(t + 1);
#ifdef MADV_POPULATE_WRITE
    if (to > from) ::madvise(reinterpret_cast<void*>(from), to - from, MADV_POPULATE_WRITE);
#endif
  }
}

// reserve(), with the new storage prepared as above when it is large.
template <typename T>
void reserve_bulk(std::vector<T>& values, std::size_t count) {
  if (count <= values.capacity()) return;
  values.reserve(count);
  prepare_bulk_pages(values.data() + values.size(), (values.capacity() - values.size()) * sizeof(T));
}

// resize() (new elements value-initialised, as always), on prepared storage:
// what is left of value-initialisation is a memset over mapped memory.
template <typename T>
void resize_bulk(std::vector<T>& values, std::size_t count) {
  reserve_bulk(values, count);
  values.resize(count);
}

// A vector of `count` copies of `value` on prepared storage.
template <typename T>
std::vector<T> make_bulk_vector(std::size_t count, const T& value = T{}) {
  std::vector<T> values;
  reserve_bulk(values, count);
  values.resize(count, value);
  return values;
}

// In place: counts[i] becomes sum(counts[0..i)), and counts gets one more
// element holding the total (CSR offsets from per-row counts). Two passes over
// per-thread blocks, so it scales with cores instead of running serially.
inline void exclusive_scan_to_offsets(std::vector<edge_t>& counts) {
  const std::size_t n = counts.size();
  reserve_bulk(counts, n + 1);  // the push_back must not reallocate serially
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
