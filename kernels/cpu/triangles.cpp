#include "cpu/triangles.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <tuple>
#include <utility>
#include <vector>

#include "cpu/tuning.hpp"
#include "graphrun/algorithms/kernels/triangle_kernels.hpp"

namespace graphrun::cpu {
namespace {

// S's edges oriented from lower to higher rank, in rank space: row r lists
// the ranks of the higher-ranked neighbours of the vertex of rank r, sorted,
// with each entry's weight as an integer. Rank order is (degree, id), so a
// row holds at most sqrt(2m) entries, and sorting rows by rank lets the
// intersection for an oriented edge (r, s) start past s in r's row.
struct RankedRows {
  std::vector<vertex_t> vertex_of;     // rank -> vertex id
  std::vector<edge_t> offsets;
  std::vector<vertex_t> columns;       // ranks
  std::vector<std::uint32_t> weights;  // empty when not weighted
};

RankedRows rank_rows(const Csr& csr, bool weighted, int threads) {
  const vertex_t n = csr.num_rows();
  const auto size = static_cast<std::size_t>(n);
  RankedRows rows;
  // Counting sort by degree, stable in id: rank order (degree, id).
  const auto degree = [&](vertex_t v) { return csr.offsets[v + 1] - csr.offsets[v]; };
  edge_t largest = 0;
  for (vertex_t v = 0; v < n; ++v) largest = std::max(largest, degree(v));
  std::vector<std::size_t> bucket(static_cast<std::size_t>(largest) + 2, 0);
  for (vertex_t v = 0; v < n; ++v) ++bucket[static_cast<std::size_t>(degree(v)) + 1];
  for (std::size_t d = 1; d < bucket.size(); ++d) bucket[d] += bucket[d - 1];
  rows.vertex_of.resize(size);
  std::vector<vertex_t> rank(size);
  for (vertex_t v = 0; v < n; ++v) {
    const std::size_t r = bucket[static_cast<std::size_t>(degree(v))]++;
    rows.vertex_of[r] = v;
    rank[static_cast<std::size_t>(v)] = static_cast<vertex_t>(r);
  }
  rows.offsets.assign(size + 1, 0);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u) {
    edge_t kept = 0;
    for (edge_t k = csr.offsets[u]; k < csr.offsets[u + 1]; ++k) kept += rank[csr.indices[k]] > rank[u] ? 1 : 0;
    rows.offsets[static_cast<std::size_t>(rank[u]) + 1] = kept;
  }
  for (std::size_t r = 0; r < size; ++r) rows.offsets[r + 1] += rows.offsets[r];
  rows.columns.resize(static_cast<std::size_t>(rows.offsets.back()));
  if (weighted) rows.weights.resize(rows.columns.size());
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u) {
    const auto begin = static_cast<std::size_t>(rows.offsets[static_cast<std::size_t>(rank[u])]);
    std::size_t at = begin;
    for (edge_t k = csr.offsets[u]; k < csr.offsets[u + 1]; ++k) {
      const vertex_t r = rank[csr.indices[k]];
      if (r <= rank[u]) continue;
      rows.columns[at] = r;
      if (weighted) rows.weights[at] = triangle_weight(csr.value(k));
      ++at;
    }
    if (!weighted) {
      std::sort(rows.columns.begin() + static_cast<std::ptrdiff_t>(begin),
                rows.columns.begin() + static_cast<std::ptrdiff_t>(at));
      continue;
    }
    std::vector<std::pair<vertex_t, std::uint32_t>> entries;
    for (std::size_t i = begin; i < at; ++i) entries.emplace_back(rows.columns[i], rows.weights[i]);
    std::sort(entries.begin(), entries.end());
    for (std::size_t i = begin; i < at; ++i) std::tie(rows.columns[i], rows.weights[i]) = entries[i - begin];
  }
  return rows;
}

void add_to(std::span<std::uint64_t> sums, vertex_t v, std::uint64_t amount) {
  std::atomic_ref<std::uint64_t>(sums[static_cast<std::size_t>(v)]).fetch_add(amount, std::memory_order_relaxed);
}

}  // namespace

std::uint64_t triangle_sums(const CpuGraph& graph, bool weighted, std::span<std::uint64_t> sums, int threads) {
  const Csr& csr = graph.rows(Edges::out);
  const bool read_weights = weighted && csr.weighted();
  const RankedRows rows = rank_rows(csr, read_weights, threads);
  const vertex_t n = csr.num_rows();
  std::fill(sums.begin(), sums.end(), 0);
  const bool per_vertex = !sums.empty();
  const auto weight = [&](edge_t k) -> std::uint64_t {
    return read_weights ? rows.weights[static_cast<std::size_t>(k)] : 1;
  };
  // Ranks from first_private up are summed per thread (see CpuTuning).
  const std::size_t private_ranks =
      per_vertex ? std::min(static_cast<std::size_t>(n), CpuTuning::triangle_private_ranks) : 0;
  const auto first_private = static_cast<vertex_t>(static_cast<std::size_t>(n) - private_ranks);
  const int team = std::max(threads, 1);
  std::vector<std::vector<std::uint64_t>> privates(static_cast<std::size_t>(team));
  std::uint64_t total = 0;
#pragma omp parallel num_threads(team) reduction(+ : total)
  {
    std::vector<std::uint64_t>& mine = privates[static_cast<std::size_t>(omp_get_thread_num())];
    mine.assign(private_ranks, 0);
    const auto credit = [&](vertex_t rank, std::uint64_t amount) {
      if (amount == 0) return;
      if (rank >= first_private) mine[static_cast<std::size_t>(rank - first_private)] += amount;
      else add_to(sums, rows.vertex_of[rank], amount);
    };
#pragma omp for schedule(dynamic, CpuTuning::triangle_chunk) nowait
    for (vertex_t r = 0; r < n; ++r) {
      const edge_t r_end = rows.offsets[r + 1];
      std::uint64_t own = 0;  // the sum of r's vertex, credited once
      for (edge_t i = rows.offsets[r]; i < r_end; ++i) {
        const vertex_t s = rows.columns[i];
        std::uint64_t of_s = 0;  // the sum of s's vertex from this edge, credited once
        // Merge the rest of r's row (ranks above s) with s's row: every common
        // t closes the triangle r < s < t, met once, here.
        edge_t a = i + 1, b = rows.offsets[s];
        const edge_t b_end = rows.offsets[s + 1];
        while (a < r_end && b < b_end) {
          const vertex_t x = rows.columns[a], y = rows.columns[b];
          if (x < y) {
            ++a;
          } else if (y < x) {
            ++b;
          } else {
            ++total;
            if (per_vertex) {
              own += weight(b);          // the edge {s, t}
              of_s += weight(a);         // the edge {r, t}
              credit(x, weight(i));      // the edge {r, s}
            }
            ++a;
            ++b;
          }
        }
        credit(s, of_s);
      }
      credit(r, own);
    }
  }
  if (private_ranks == 0) return total;
#pragma omp parallel for num_threads(team) schedule(static)
  for (std::size_t k = 0; k < private_ranks; ++k) {
    std::uint64_t sum = 0;
    for (const std::vector<std::uint64_t>& part : privates) sum += part.empty() ? 0 : part[k];
    sums[static_cast<std::size_t>(rows.vertex_of[first_private + static_cast<vertex_t>(k)])] += sum;
  }
  return total;
}

}  // namespace graphrun::cpu
