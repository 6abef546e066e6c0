#include "cpu/components.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "cpu/parallel_for.hpp"
#include "cpu/tuning.hpp"

namespace graphrun::cpu {
namespace {

vertex_t load(vertex_t& slot) { return std::atomic_ref<vertex_t>(slot).load(std::memory_order_relaxed); }
void store(vertex_t& slot, vertex_t value) { std::atomic_ref<vertex_t>(slot).store(value, std::memory_order_relaxed); }

// Root of v's tree, pointing each vertex passed on the way at its grandparent
// (path splitting: later finds climb half as far). The write is safe while
// others link: only roots are hooked, a vertex that is not a root never
// becomes one again, and the grandparent lies in the same tree and is
// smaller, so the forest keeps its precondition whatever order writes land in.
vertex_t find_root(vertex_t* parent, vertex_t v) {
  vertex_t next = load(parent[v]);
  while (next != v) {
    const vertex_t grand = load(parent[next]);
    if (grand != next) store(parent[v], grand);
    v = next;
    next = grand;
  }
  return v;
}

// Root of v's tree, read only. compress uses this: with path splitting a
// thread passing through v could write v's grandparent after v's own thread
// stored the root, leaving v uncompressed.
vertex_t root_of(vertex_t* parent, vertex_t v) {
  for (vertex_t next = load(parent[v]); next != v; next = load(parent[v])) v = next;
  return v;
}

// Joins the trees of a and b: the larger root is hooked under the smaller,
// so roots stay the smallest id of their tree. The compare-and-swap succeeds
// only while `high` is still a root; when another thread hooked it first,
// the loop climbs again from its new parent.
void unite(vertex_t* parent, vertex_t a, vertex_t b) {
  for (;;) {
    a = find_root(parent, a);
    b = find_root(parent, b);
    if (a == b) return;
    const vertex_t low = std::min(a, b);
    const vertex_t high = std::max(a, b);
    vertex_t now = high;
    if (std::atomic_ref<vertex_t>(parent[high]).compare_exchange_strong(now, low, std::memory_order_relaxed)) return;
    a = low;
    b = now;  // high's parent now: same tree as high
  }
}

// The entries [first, first + count) of each row, clipped to the row.
struct RowWindow {
  const edge_t* offsets;
  edge_t first;
  edge_t count;

  edge_t begin(vertex_t u) const { return offsets[u] + std::min(first, offsets[u + 1] - offsets[u]); }
  edge_t end(vertex_t u) const { return begin(u) + std::min(count, offsets[u + 1] - begin(u)); }
};

// Which windowed entries u -> w are linked: all (block_vertices == 0), or
// those whose w lies in another block of block_vertices ids than u.
struct EntryFilter {
  vertex_t block_vertices;

  bool keep(vertex_t u, vertex_t w) const { return block_vertices == 0 || u / block_vertices != w / block_vertices; }
};

// Start of part p when `total` items are cut into `parts` nearly equal parts
// (no total * p product, which could overflow).
edge_t part_start(edge_t total, int parts, int p) {
  return total / parts * p + std::min<edge_t>(p, total % parts);
}

}  // namespace

bool is_decreasing_forest(std::span<const vertex_t> parent, int threads) {
  return !parallel_any(parent.size(), threads, [&](std::size_t v) {
    return !is_vertex(parent[v], static_cast<vertex_t>(v + 1));  // a parent is an id in 0..v
  });
}

namespace {

void link_entries(const CpuGraph& a, Edges edges, edge_t first, edge_t count, EntryFilter filter, vertex_t skip,
                  std::span<vertex_t> parent, int threads) {
  const Csr& rows = a.rows(edges);
  const vertex_t n = a.num_vertices();
  const vertex_t* columns = rows.indices.data();
  const RowWindow window{rows.offsets.data(), first, count};
  vertex_t* forest = parent.data();
  const auto link = [&](vertex_t u, vertex_t w) {
    if (filter.keep(u, w)) unite(forest, u, w);
  };
  const bool parallel = threads > 1 && static_cast<std::size_t>(n) >= min_parallel_elements;

  // Phase 1: a thread per vertex; rows with more entries in the window than
  // CpuTuning::link_row_limit are set aside, so a hub does not keep one
  // thread busy while the others wait at the end of the loop.
  std::vector<std::vector<vertex_t>> set_aside(static_cast<std::size_t>(threads));
#pragma omp parallel num_threads(threads) if (parallel)
  {
    std::vector<vertex_t>& mine = set_aside[static_cast<std::size_t>(omp_get_thread_num())];
#pragma omp for schedule(dynamic, CpuTuning::link_chunk)
    for (vertex_t u = 0; u < n; ++u) {
      if (load(forest[u]) == skip) continue;
      const edge_t begin = window.begin(u), end = window.end(u);
      if (end - begin > CpuTuning::link_row_limit) {
        mine.push_back(u);
        continue;
      }
      for (edge_t k = begin; k < end; ++k) link(u, columns[k]);
    }
  }

  // Phase 2: the set-aside rows' entries laid end to end and cut into one
  // equal part per thread (parts may start and end inside a row).
  std::vector<vertex_t> long_rows;
  std::vector<edge_t> starts{0};  // starts[i] = position of long_rows[i]'s first entry
  for (const std::vector<vertex_t>& list : set_aside)
    for (const vertex_t u : list) {
      long_rows.push_back(u);
      starts.push_back(starts.back() + window.end(u) - window.begin(u));
    }
  const edge_t total = starts.back();
  if (total == 0) return;
#pragma omp parallel for num_threads(threads) schedule(static, 1) if (threads > 1)
  for (int p = 0; p < threads; ++p) {
    edge_t position = part_start(total, threads, p);
    const edge_t part_end = part_start(total, threads, p + 1);
    auto row = static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), position) - starts.begin() - 1);
    for (; position < part_end; ++row) {
      const vertex_t u = long_rows[row];
      const edge_t entry_of_start = window.begin(u) - starts[row];  // entry = position + this
      const edge_t stop = std::min(part_end, starts[row + 1]);
      for (; position < stop; ++position) link(u, columns[position + entry_of_start]);
    }
  }
}

}  // namespace

void link_neighbours(const CpuGraph& a, Edges edges, edge_t first, edge_t count, vertex_t skip,
                     std::span<vertex_t> parent, int threads) {
  link_entries(a, edges, first, count, EntryFilter{0}, skip, parent, threads);
}

void link_across_blocks(const CpuGraph& a, Edges edges, vertex_t block_vertices, vertex_t skip,
                        std::span<vertex_t> parent, int threads) {
  link_entries(a, edges, 0, std::numeric_limits<edge_t>::max(), EntryFilter{block_vertices}, skip, parent, threads);
}

void local_forest(const CpuGraph& a, Edges edges, vertex_t block_vertices, std::span<vertex_t> parent,
                  int threads) {
  const Csr& rows = a.rows(edges);
  const std::int64_t n = a.num_vertices();
  vertex_t* forest = parent.data();
  const std::int64_t blocks = (n + block_vertices - 1) / block_vertices;
  // Blocks are disjoint slices of parent: one thread per block, no sharing.
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1 && blocks > 1)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::int64_t base = b * block_vertices;
    const std::int64_t end = std::min(n, base + block_vertices);
    for (std::int64_t v = base; v < end; ++v) forest[v] = static_cast<vertex_t>(v);
    for (std::int64_t u = base; u < end; ++u)
      for (edge_t k = rows.offsets[static_cast<std::size_t>(u)]; k < rows.offsets[static_cast<std::size_t>(u) + 1]; ++k) {
        const vertex_t w = rows.indices[static_cast<std::size_t>(k)];
        if (w >= base && w < end) unite(forest, static_cast<vertex_t>(u), w);
      }
    for (std::int64_t v = base; v < end; ++v) forest[v] = root_of(forest, static_cast<vertex_t>(v));
  }
}

vertex_t compress(std::span<vertex_t> parent, int threads) {
  vertex_t* forest = parent.data();
  parallel_for(parent.size(), threads, [&](std::size_t v) {
    const auto vertex = static_cast<vertex_t>(v);
    const vertex_t root = root_of(forest, vertex);
    if (load(forest[vertex]) != root) store(forest[vertex], root);
  });
  return static_cast<vertex_t>(
      parallel_count(parent.size(), threads, [&](std::size_t v) { return forest[v] == static_cast<vertex_t>(v); }));
}

vertex_t most_sampled_value(std::span<const vertex_t> values, std::uint32_t samples) {
  if (values.empty()) return no_vertex;
  const auto n = static_cast<vertex_t>(values.size());
  std::vector<vertex_t> sampled;
  for (std::uint32_t i = 0; i < samples; ++i) {
    const vertex_t value = values[static_cast<std::size_t>(sampled_vertex(i, n))];
    if (is_vertex(value, n)) sampled.push_back(value);
  }
  if (sampled.empty()) return no_vertex;
  std::sort(sampled.begin(), sampled.end());
  std::uint64_t best = 0;
  for (std::size_t run = 0; run < sampled.size();) {
    const std::size_t end = static_cast<std::size_t>(
        std::upper_bound(sampled.begin() + static_cast<std::ptrdiff_t>(run), sampled.end(), sampled[run]) - sampled.begin());
    best = std::max(best, skip_root_rank(static_cast<std::uint32_t>(end - run), sampled[run]));
    run = end;
  }
  return skip_root_of_rank(best);
}

}  // namespace graphrun::cpu
