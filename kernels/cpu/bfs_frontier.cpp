#include "cpu/bfs_frontier.hpp"

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <vector>

#include "cpu/parallel_for.hpp"
#include "cpu/tuning.hpp"
#include "cpu/vertex_sets.hpp"

namespace graphrun::cpu {

bool bfs_push(const CpuGraph& a, std::span<const vertex_t> frontier, level_t depth, std::span<level_t> level,
              std::span<vertex_t> parent, std::span<vertex_t> next_frontier, int threads, std::size_t& next_size) {
  if (any_out_of_range(frontier, level.size(), threads)) return false;
  const Csr& out = a.rows(Edges::out);
  const edge_t* offsets = out.offsets.data();
  const vertex_t* columns = out.indices.data();
  PushScratch& scratch = a.push_scratch();
  const std::lock_guard lock(scratch.mutex);
  vertex_t* smallest_parent = scratch.smallest_parent.data();

  // Phase 1: every unvisited out-neighbour v gets the smallest frontier vertex
  // pointing at it (atomic min: the same result in any interleaving); whoever
  // first lowers v's slot from `unclaimed` lists v, so each v is listed once.
  // level is only read here, so the unvisited test sees the state before the
  // step, as the contract asks.
  std::vector<std::vector<vertex_t>> claimed(static_cast<std::size_t>(threads));
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    std::vector<vertex_t>& mine = claimed[static_cast<std::size_t>(omp_get_thread_num())];
    // Dynamic: frontier vertices of a power-law graph differ wildly in degree.
#pragma omp for schedule(dynamic, CpuTuning::push_chunk)
    for (std::size_t i = 0; i < frontier.size(); ++i) {
      const vertex_t u = frontier[i];
      for (edge_t k = offsets[u]; k < offsets[u + 1]; ++k) {
        const vertex_t v = columns[k];
        if (level[static_cast<std::size_t>(v)] != no_level) continue;
        if (atomic_fetch_min(smallest_parent[v], u) == PushScratch::unclaimed) mine.push_back(v);
      }
    }
  }

  // Phase 2: settle the claimed vertices and return their slots to
  // `unclaimed`, each thread's list at its offset in next_frontier.
  std::vector<std::size_t> start(claimed.size() + 1, 0);
  for (std::size_t t = 0; t < claimed.size(); ++t) start[t + 1] = start[t] + claimed[t].size();
#pragma omp parallel for num_threads(threads) schedule(static, 1) if (threads > 1)
  for (std::size_t t = 0; t < claimed.size(); ++t) {
    std::size_t slot = start[t];
    for (const vertex_t v : claimed[t]) {
      level[static_cast<std::size_t>(v)] = depth;
      parent[static_cast<std::size_t>(v)] = smallest_parent[v];
      smallest_parent[v] = PushScratch::unclaimed;
      next_frontier[slot++] = v;
    }
  }
  next_size = start.back();
  return true;
}

bool bfs_pull(const CpuGraph& a, std::span<const vertex_t> frontier, level_t depth, std::span<level_t> level,
              std::span<vertex_t> parent, std::span<vertex_t> next_frontier, int threads, std::size_t& next_size) {
  const std::size_t n = level.size();
  if (any_out_of_range(frontier, n, threads)) return false;
  VertexBitmap on_frontier(n);
  on_frontier.assign(frontier, threads);
  const Csr& in = a.rows(Edges::in);
  const edge_t* offsets = in.offsets.data();
  const vertex_t* columns = in.indices.data();

  // Each block of vertices is one task: it settles its own vertices (level
  // and parent of v are touched by v's block only, and the frontier test
  // reads the bitmap, not level, so settling in place cannot change what
  // another vertex sees) and lists them in ascending order.
  constexpr std::size_t block = CpuTuning::pull_block;
  const std::size_t blocks = (n + block - 1) / block;
  std::vector<std::vector<vertex_t>> reached(blocks);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (threads > 1 && blocks > 1)
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::size_t end = std::min(n, (b + 1) * block);
    for (std::size_t v = b * block; v < end; ++v) {
      if (level[v] != no_level) continue;
      // In-rows are sorted by column: the first frontier member is the
      // smallest-id parent.
      for (edge_t k = offsets[v]; k < offsets[v + 1]; ++k) {
        const vertex_t u = columns[k];
        if (!on_frontier.contains(u)) continue;
        level[v] = depth;
        parent[v] = u;
        reached[b].push_back(static_cast<vertex_t>(v));
        break;
      }
    }
  }

  std::vector<std::size_t> start(blocks + 1, 0);
  for (std::size_t b = 0; b < blocks; ++b) start[b + 1] = start[b] + reached[b].size();
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1 && blocks > 1)
  for (std::size_t b = 0; b < blocks; ++b)
    std::copy(reached[b].begin(), reached[b].end(), next_frontier.begin() + static_cast<std::ptrdiff_t>(start[b]));
  next_size = start.back();
  return true;
}

}  // namespace graphrun::cpu
