#pragma once
// Stable parallel counting sort of an entry stream into rows: the scatter
// step of every CSR build (Graph::build, transpose).
//
// Contract: `for_each_entry(i, emit)` calls `emit(row, payload)` for each
// entry that input item i yields, in a fixed order, for i in [0, items).
// `store(slot, payload)` writes one entry at its final position. After the
// call, row r's entries sit in slots [offsets[r], offsets[r + 1]) in exactly
// the order a serial pass over i = 0, 1, ... would give: stability is what
// lets callers merge duplicates by file order without storing positions.
//
// How: the items are cut into `chunks` contiguous ranges. Each chunk counts
// its rows into its own histogram (no atomics, so hub rows cost no
// contention), a per-row scan over the chunks turns the histograms into
// each chunk's starting cursor inside every row, and each chunk scatters its
// range in order. Histograms take chunks x rows counters, so the chunk count
// is bounded by memory (see scatter_chunks); with fewer chunks than threads
// the count and scatter use fewer threads.
#include <omp.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "graphrun/internal/parallel.hpp"
#include "graphrun/types.hpp"

namespace graphrun::detail {

// Chunks for a scatter of `entries` entries over `rows` rows: one per
// thread, as long as the histograms (counter_bytes per row per chunk) stay
// within the larger of 64 MiB and 4 bytes per entry, i.e. no more than the
// CSR's index array the scatter fills.
inline int scatter_chunks(std::size_t entries, std::size_t rows, std::size_t counter_bytes) {
  if (entries < static_cast<std::size_t>(parallel_threshold) || rows == 0) return 1;
  const std::size_t budget = std::max<std::size_t>(std::size_t{64} << 20, entries * 4);
  const std::size_t by_memory = std::max<std::size_t>(1, budget / (rows * counter_bytes));
  return static_cast<int>(std::clamp<std::size_t>(by_memory, 1, static_cast<std::size_t>(omp_get_max_threads())));
}

// Cuts [0, items) into chunks of equal item counts.
struct EvenSplit {
  std::size_t operator()(std::size_t items, int chunk, int chunks) const {
    return items * static_cast<std::size_t>(chunk) / static_cast<std::size_t>(chunks);
  }
};

template <typename Counter, typename ForEachEntry, typename Store, typename Split>
std::vector<edge_t> scatter_rows_stable_with(std::size_t items, vertex_t rows, int chunks, ForEachEntry& for_each_entry,
                                             Store& store, Split& split) {
  const auto n = static_cast<std::size_t>(rows);
  std::vector<Counter> cursor = make_bulk_vector<Counter>(n * static_cast<std::size_t>(chunks));
  auto chunk_begin = [&](int c) { return c == chunks ? items : split(items, c, chunks); };

#pragma omp parallel for schedule(static, 1) num_threads(chunks)
  for (int c = 0; c < chunks; ++c) {
    Counter* count = cursor.data() + n * static_cast<std::size_t>(c);
    for (std::size_t i = chunk_begin(c), end = chunk_begin(c + 1); i < end; ++i)
      for_each_entry(i, [&](vertex_t row, const auto&) { ++count[row]; });
  }

  // Per row: each chunk's start inside the row, and the row's total.
  std::vector<edge_t> offsets = make_bulk_vector<edge_t>(n);
  const bool parallel = n * static_cast<std::size_t>(chunks) > static_cast<std::size_t>(parallel_threshold);
#pragma omp parallel for schedule(static) if (parallel)
  for (std::size_t r = 0; r < n; ++r) {
    Counter running = 0;
    for (int c = 0; c < chunks; ++c) {
      Counter& slot = cursor[n * static_cast<std::size_t>(c) + r];
      const Counter count = slot;
      slot = running;
      running += count;
    }
    offsets[r] = static_cast<edge_t>(running);
  }
  exclusive_scan_to_offsets(offsets);
  // Cursors become absolute slots (Counter holds every slot, see below), so
  // the scatter touches one cursor per entry and not the offsets too.
#pragma omp parallel for schedule(static) if (parallel)
  for (std::size_t r = 0; r < n; ++r)
    for (int c = 0; c < chunks; ++c) cursor[n * static_cast<std::size_t>(c) + r] += static_cast<Counter>(offsets[r]);

#pragma omp parallel for schedule(static, 1) num_threads(chunks)
  for (int c = 0; c < chunks; ++c) {
    Counter* next = cursor.data() + n * static_cast<std::size_t>(c);
    for (std::size_t i = chunk_begin(c), end = chunk_begin(c + 1); i < end; ++i)
      for_each_entry(i, [&](vertex_t row, const auto& payload) { store(static_cast<edge_t>(next[row]++), payload); });
  }
  return offsets;
}

// `max_entries` bounds the entries all items yield together (2 per item for
// mirrored edges); it picks 32-bit cursors whenever every slot fits them.
// `split(items, c, chunks)` is chunk c's first item, non-decreasing in c
// (EvenSplit, or a split by the entries each item yields).
template <typename ForEachEntry, typename Store, typename Split = EvenSplit>
std::vector<edge_t> scatter_rows_stable(std::size_t items, std::size_t max_entries, vertex_t rows,
                                        ForEachEntry&& for_each_entry, Store&& store, Split split = {}) {
  const auto n = static_cast<std::size_t>(rows);
  if (max_entries < std::numeric_limits<std::uint32_t>::max()) {
    const int chunks = scatter_chunks(max_entries, n, sizeof(std::uint32_t));
    return scatter_rows_stable_with<std::uint32_t>(items, rows, chunks, for_each_entry, store, split);
  }
  const int chunks = scatter_chunks(max_entries, n, sizeof(std::uint64_t));
  return scatter_rows_stable_with<std::uint64_t>(items, rows, chunks, for_each_entry, store, split);
}

}  // namespace graphrun::detail
