// The whole direction-optimizing search on the cpu, level after level, in
// the form GAP's bfs gives it:
// - push: each frontier vertex's out-neighbours are claimed by a
//   compare-and-swap on their level; the winner appends the vertex to the
//   queue through a per-thread buffer and counts its degrees (the next
//   level's heuristic needs them: no separate degree pass). Parents are the
//   smallest-id in-neighbour on the previous level whichever thread won:
//   every frontier vertex offers itself to the vertices it reached by an
//   atomic min, or, after a small frontier of an undirected graph, a vertex
//   finds its own when its row is scanned one level later (no atomics, no
//   extra reads).
// - pull: every unvisited vertex scans its in-row (sorted) for the first
//   member of the frontier bitmap; vertices are taken 64 at a time, so each
//   thread writes whole words of the next bitmap and needs no atomics.
// - The frontier changes form (queue <-> bitmap) only when the direction
//   does. The direction of each level comes from bfs_progress.hpp, the rules
//   every backend follows.
#include "cpu/bfs_levels.hpp"

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "cpu/parallel_for.hpp"
#include "cpu/row_partition.hpp"
#include "cpu/tuning.hpp"
#include "cpu/vertex_sets.hpp"

namespace graphrun::cpu {
namespace {

constexpr std::size_t word_bits = VertexBitmap::word_bits;

// Appends to the shared queue through a per-thread buffer: one atomic
// reservation per buffer, not per vertex.
class QueueWriter {
 public:
  QueueWriter(vertex_t* queue, std::atomic<std::size_t>& tail) : queue_(queue), tail_(tail) {}
  QueueWriter(const QueueWriter&) = delete;
  QueueWriter& operator=(const QueueWriter&) = delete;
  ~QueueWriter() { flush(); }

  void push(vertex_t v) {
    buffer_[count_++] = v;
    if (count_ == buffer_.size()) flush();
  }
  void flush() {
    if (count_ == 0) return;
    const std::size_t at = tail_.fetch_add(count_, std::memory_order_relaxed);
    std::copy_n(buffer_.begin(), count_, queue_ + at);
    count_ = 0;
  }

 private:
  vertex_t* queue_;
  std::atomic<std::size_t>& tail_;
  std::array<vertex_t, 1024> buffer_;
  std::size_t count_ = 0;
};

// What one level found: the next frontier's size and degree sums.
struct LevelTotals {
  std::size_t found = 0;
  edge_t out_edges = 0;
  edge_t in_edges = 0;  // directed graphs only
};

// The arrays a search reads and writes.
struct Search {
  const Csr& out;
  const Csr& in;
  bool directed;
  int threads;
  level_t* level;
  vertex_t* parent;
  vertex_t* queue;
  std::size_t num_vertices;

  edge_t out_degree(vertex_t v) const { return out.offsets[v + 1] - out.offsets[v]; }
  edge_t in_degree(vertex_t v) const { return directed ? in.offsets[v + 1] - in.offsets[v] : 0; }
  // The out-degree of v, whose level read `unvisited` (< 0) before it was
  // claimed (encode_unvisited).
  edge_t claimed_out_degree(vertex_t v, level_t unvisited) const {
    return unvisited == saturated_degree ? out_degree(v) : static_cast<edge_t>(-1 - unvisited);
  }

  // During the search an unvisited vertex's level holds -1 - its
  // out-degree (GAP's encoding, in its parent array): the claim's
  // compare-and-swap then returns the degree the next level's heuristic
  // needs, without a read of the row offsets. Degrees past the range keep
  // saturated_degree and are read from the offsets. Every value is < 0, so
  // "unvisited" is level < 0, and no_level (-1) is degree 0.
  static constexpr level_t saturated_degree = std::numeric_limits<level_t>::min();
};

void encode_unvisited(const Search& s) {
  parallel_for(s.num_vertices, s.threads, [&](std::size_t i) {
    if (s.level[i] != no_level) return;
    const edge_t degree = s.out_degree(static_cast<vertex_t>(i));
    s.level[i] = degree < -static_cast<edge_t>(Search::saturated_degree) - 1 ? static_cast<level_t>(-1 - degree)
                                                                             : Search::saturated_degree;
  });
}

// Back to the interface's levels: no_level for every vertex not reached.
void decode_unvisited(const Search& s) {
  parallel_for(s.num_vertices, s.threads, [&](std::size_t i) {
    if (s.level[i] < 0) s.level[i] = no_level;
  });
}

// parent = min(parent, u), reading ids as unsigned: no_vertex, the parent of
// every vertex without a level, is then the largest value.
void offer_parent(vertex_t& parent, vertex_t u) {
  atomic_fetch_min(reinterpret_cast<std::uint32_t&>(parent), static_cast<std::uint32_t>(u));
}

// How a push level gives parents to what it finds.
struct PushParents {
  // Each frontier vertex takes its own parent as its row is scanned: the
  // first neighbour on level depth - 2 (rows sorted; undirected graphs only,
  // whose rows are their in-rows). For a frontier found by a deferring level.
  bool settle_frontier = false;
  // Every frontier vertex offers itself to the vertices it reaches on this
  // level (offer_parent); false defers their parents to the next level.
  bool offer_found = true;
};

// `threads`: the team this level's work is worth (threads_for_work): the
// hundreds of small levels of a road network run on the calling thread and
// wake no team.
LevelTotals push_level(const Search& s, std::span<const vertex_t> frontier, level_t depth, PushParents parents,
                       std::atomic<std::size_t>& tail, int threads) {
  const edge_t* offsets = s.out.offsets.data();
  const vertex_t* columns = s.out.indices.data();
  level_t* level = s.level;
  vertex_t* parent = s.parent;
  const level_t grandparent_level = depth - 2;
  std::size_t found = 0;
  edge_t out_edges = 0, in_edges = 0;
#pragma omp parallel num_threads(threads) if (threads > 1) reduction(+ : found, out_edges, in_edges)
  {
    QueueWriter writer(s.queue, tail);
    // Static, as GAP's: each thread expands one contiguous part of the
    // frontier, which on a mesh-like graph is one stretch of the wave, so the
    // threads' claims rarely share a cache line (dynamic chunks interleave
    // them and the lines bounce between cores).
#pragma omp for schedule(static) nowait
    for (std::size_t i = 0; i < frontier.size(); ++i) {
      const vertex_t u = frontier[i];
      vertex_t u_parent = no_vertex;
      for (edge_t k = offsets[u]; k < offsets[u + 1]; ++k) {
        const vertex_t v = columns[k];
        std::atomic_ref<level_t> v_level(level[v]);
        level_t seen = v_level.load(std::memory_order_relaxed);
        if (seen < 0 && v_level.compare_exchange_strong(seen, depth, std::memory_order_relaxed)) {
          out_edges += s.claimed_out_degree(v, seen);
          seen = depth;
          writer.push(v);
          ++found;
          in_edges += s.in_degree(v);
        }
        if (parents.offer_found && seen == depth) offer_parent(parent[v], u);
        if (parents.settle_frontier && seen == grandparent_level && u_parent == no_vertex) u_parent = v;
      }
      if (parents.settle_frontier) parent[u] = u_parent;
    }
  }
  return LevelTotals{found, out_edges, in_edges};
}

// The offers a deferring push level from `frontier` left out: for a frontier
// on level `found_level` that a pull level expands next, so no push scan will
// settle it. Costs the deferring level's edges again, which the deferral
// rule keeps small.
void offer_parents(const Search& s, std::span<const vertex_t> frontier, level_t found_level) {
  parallel_for(frontier.size(), s.threads, [&](std::size_t i) {
    const vertex_t u = frontier[i];
    for (edge_t k = s.out.offsets[u]; k < s.out.offsets[u + 1]; ++k) {
      const vertex_t v = s.out.indices[k];
      if (s.level[v] == found_level) offer_parent(s.parent[v], u);
    }
  });
}

LevelTotals pull_level(const Search& s, const VertexBitmap& frontier, VertexBitmap& next, level_t depth) {
  const edge_t* offsets = s.in.offsets.data();
  const vertex_t* columns = s.in.indices.data();
  level_t* level = s.level;
  vertex_t* parent = s.parent;
  const std::size_t words = next.word_count();
  std::size_t found = 0;
  edge_t out_edges = 0, in_edges = 0;
  constexpr std::size_t words_per_task = std::max<std::size_t>(1, CpuTuning::pull_block / word_bits);
  // A word's 64 vertices belong to one thread: it alone settles them and
  // writes their word of `next`.
#pragma omp parallel for num_threads(s.threads) if (s.threads > 1) schedule(dynamic, words_per_task) \
    reduction(+ : found, out_edges, in_edges)
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t bits = 0;
    const std::size_t end = std::min(s.num_vertices, (w + 1) * word_bits);
    for (std::size_t id = w * word_bits; id < end; ++id) {
      const level_t unvisited = level[id];
      if (unvisited >= 0) continue;
      const auto v = static_cast<vertex_t>(id);
      // In-rows are sorted: the first frontier member is the smallest id.
      for (edge_t k = offsets[v]; k < offsets[v + 1]; ++k) {
        const vertex_t u = columns[k];
        if (!frontier.contains(u)) continue;
        level[id] = depth;
        parent[id] = u;
        bits |= std::uint64_t{1} << (id % word_bits);
        ++found;
        out_edges += s.claimed_out_degree(v, unvisited);
        in_edges += s.in_degree(v);
        break;
      }
    }
    next.set_word(w, bits);
  }
  return LevelTotals{found, out_edges, in_edges};
}

// The bitmap's vertices appended to the queue; returns them as a list.
std::span<const vertex_t> append_bitmap(const Search& s, const VertexBitmap& frontier,
                                        std::atomic<std::size_t>& tail) {
  const std::size_t begin = tail.load(std::memory_order_relaxed);
#pragma omp parallel num_threads(s.threads) if (s.threads > 1)
  {
    QueueWriter writer(s.queue, tail);
#pragma omp for schedule(static) nowait
    for (std::size_t w = 0; w < frontier.word_count(); ++w)
      for (std::uint64_t bits = frontier.word(w); bits != 0; bits &= bits - 1)
        writer.push(static_cast<vertex_t>(w * word_bits + static_cast<std::size_t>(std::countr_zero(bits))));
  }
  return {s.queue + begin, tail.load(std::memory_order_relaxed) - begin};
}

}  // namespace

std::size_t bfs_levels(const CpuGraph& a, const BfsParams& params, BfsProgress& progress,
                       std::span<const vertex_t> frontier, std::span<level_t> level, std::span<vertex_t> parent,
                       std::span<vertex_t> queue, int threads, bool& ids_ok) {
  const std::size_t n = level.size();
  ids_ok = !any_out_of_range(frontier, n, threads);
  if (!ids_ok) return 0;

  const Search s{a.rows(Edges::out), a.rows(Edges::in), a.directed(), threads,
                 level.data(),       parent.data(),     queue.data(), n};
  encode_unvisited(s);
  VertexBitmap bitmap(n), next_bitmap(n);
  bool in_bitmap = false;  // the frontier is `bitmap`, else `list`
  std::span<const vertex_t> list = frontier;
  std::span<const vertex_t> previous_list;  // the list `list` was pushed from
  bool list_needs_parents = false;          // `list` came from a deferring push level
  std::atomic<std::size_t> tail{0};
  std::size_t levels = 0;
  while (progress.frontier_size != 0) {
    if (progress.depth == std::numeric_limits<level_t>::max()) decode_unvisited(s);  // as the interface has them
    const level_t depth = bfs_next_depth(progress);
    LevelTotals totals;
    if (progress.pulling) {
      if (!in_bitmap) {
        if (list_needs_parents) offer_parents(s, previous_list, progress.depth);
        bitmap.assign(list, threads);
      }
      in_bitmap = true;
      totals = pull_level(s, bitmap, next_bitmap, depth);
      bitmap.swap(next_bitmap);
    } else {
      if (in_bitmap) {
        list = append_bitmap(s, bitmap, tail);
        list_needs_parents = false;  // pull levels set parents
      }
      in_bitmap = false;
      // Deferring saves an atomic per edge into the new level on the long
      // runs of small push levels of a road network; on an undirected graph
      // only (rows are in-rows) and for a small frontier (the re-offer before
      // a pull level costs its edges again).
      PushParents parents;
      parents.settle_frontier = list_needs_parents;
      parents.offer_found = s.directed || progress.frontier_out_edges > CpuTuning::bfs_deferred_parent_edges;
      const std::size_t begin = tail.load(std::memory_order_relaxed);
      const auto work = static_cast<std::int64_t>(progress.frontier_out_edges) + static_cast<std::int64_t>(list.size());
      totals = push_level(s, list, depth, parents, tail, threads_for_work(work, s.threads));
      previous_list = list;
      list = std::span<const vertex_t>(queue.data() + begin, totals.found);
      list_needs_parents = !parents.offer_found;
    }
    bfs_record_level(progress, totals.found);
    if (totals.found != 0)
      bfs_account_frontier(progress, params, totals.out_edges, totals.in_edges, s.directed, n);
    ++levels;
  }
  decode_unvisited(s);
  return levels;
}

}  // namespace graphrun::cpu
