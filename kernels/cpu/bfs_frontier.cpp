#include "kernels/cpu/bfs_frontier.hpp"

#include <omp.h>

#include <atomic>
#include <mutex>
#include <vector>

#include "graphrun/semiring.hpp"
#include "kernels/cpu/parallel_for.hpp"
#include "kernels/cpu/tuning.hpp"

namespace graphrun::cpu {
namespace {

// slot = min(slot, candidate) atomically; returns the value slot held before.
vertex_t atomic_fetch_min(vertex_t& slot, vertex_t candidate) {
  std::atomic_ref<vertex_t> shared(slot);
  vertex_t seen = shared.load(std::memory_order_relaxed);
  while (candidate < seen && !shared.compare_exchange_weak(seen, candidate, std::memory_order_relaxed)) {
  }
  return seen;
}

bool any_out_of_range(std::span<const vertex_t> ids, std::size_t n, int threads) {
  return parallel_any(ids.size(), threads, [&](std::size_t i) {
    return ids[i] < 0 || static_cast<std::size_t>(ids[i]) >= n;
  });
}

}  // namespace

bool bfs_push(const CpuGraph& a, std::span<const vertex_t> frontier, vertex_t depth, std::span<vertex_t> level,
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
        if (level[static_cast<std::size_t>(v)] != no_vertex) continue;
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

std::size_t bfs_settle(std::span<const vertex_t> reached, vertex_t depth, std::span<vertex_t> level,
                       std::span<vertex_t> parent, std::span<vertex_t> frontier_ids, int threads) {
  // Contiguous blocks, counted first, then written at their prefix offsets:
  // frontier_ids comes out ascending, the same for every thread count.
  const std::size_t n = reached.size();
  const auto blocks = static_cast<std::size_t>(threads);
  auto block_begin = [&](std::size_t b) { return n * b / blocks; };
  auto is_reached = [&](std::size_t v) { return reached[v] != MinSecond::identity(); };

  std::vector<std::size_t> start(blocks + 1, 0);
#pragma omp parallel for num_threads(threads) schedule(static, 1) if (threads > 1)
  for (std::size_t b = 0; b < blocks; ++b) {
    std::size_t count = 0;
    for (std::size_t v = block_begin(b); v < block_begin(b + 1); ++v) count += is_reached(v) ? 1 : 0;
    start[b + 1] = count;
  }
  for (std::size_t b = 0; b < blocks; ++b) start[b + 1] += start[b];
#pragma omp parallel for num_threads(threads) schedule(static, 1) if (threads > 1)
  for (std::size_t b = 0; b < blocks; ++b) {
    std::size_t slot = start[b];
    for (std::size_t v = block_begin(b); v < block_begin(b + 1); ++v) {
      if (!is_reached(v)) continue;
      level[v] = depth;
      parent[v] = reached[v];
      frontier_ids[slot++] = static_cast<vertex_t>(v);
    }
  }
  return start.back();
}

bool bfs_pull_inputs(std::span<const vertex_t> frontier_ids, std::span<const vertex_t> level,
                     std::span<vertex_t> x, std::span<std::uint8_t> visited, int threads) {
  if (any_out_of_range(frontier_ids, x.size(), threads)) return false;
  parallel_for(x.size(), threads, [&](std::size_t v) {
    x[v] = MinSecond::identity();
    visited[v] = level[v] != no_vertex ? 1 : 0;
  });
  parallel_for(frontier_ids.size(), threads, [&](std::size_t i) {
    const vertex_t v = frontier_ids[i];
    x[static_cast<std::size_t>(v)] = v;
  });
  return true;
}

}  // namespace graphrun::cpu
