#include "cpu/triangles.hpp"

#include <atomic>
#include <cmath>
#include <vector>

#include "cpu/tuning.hpp"

namespace graphrun::cpu {
namespace {

// The rows of S oriented from lower to higher rank, with each kept entry's
// weight as an integer.
struct OrientedRows {
  std::vector<edge_t> offsets;
  std::vector<vertex_t> columns;
  std::vector<std::uint32_t> weights;  // empty when not weighted
};

OrientedRows orient(const Csr& csr, bool weighted, int threads) {
  const vertex_t n = csr.num_rows();
  const auto degree = [&](vertex_t v) { return csr.offsets[v + 1] - csr.offsets[v]; };
  // u before v: the lower degree first, the lower id on a tie (a strict
  // total order, so every triangle has one first vertex).
  const auto before = [&](vertex_t u, vertex_t v) {
    const edge_t du = degree(u), dv = degree(v);
    return du < dv || (du == dv && u < v);
  };
  OrientedRows rows;
  rows.offsets.assign(static_cast<std::size_t>(n) + 1, 0);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u) {
    edge_t kept = 0;
    for (edge_t k = csr.offsets[u]; k < csr.offsets[u + 1]; ++k) kept += before(u, csr.indices[k]) ? 1 : 0;
    rows.offsets[static_cast<std::size_t>(u) + 1] = kept;
  }
  for (std::size_t v = 0; v < static_cast<std::size_t>(n); ++v) rows.offsets[v + 1] += rows.offsets[v];
  rows.columns.resize(static_cast<std::size_t>(rows.offsets.back()));
  if (weighted) rows.weights.resize(rows.columns.size());
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1024)
  for (vertex_t u = 0; u < n; ++u) {
    auto at = static_cast<std::size_t>(rows.offsets[static_cast<std::size_t>(u)]);
    for (edge_t k = csr.offsets[u]; k < csr.offsets[u + 1]; ++k) {
      if (!before(u, csr.indices[k])) continue;
      rows.columns[at] = csr.indices[k];
      if (weighted) rows.weights[at] = static_cast<std::uint32_t>(std::lround(csr.value(k)));
      ++at;
    }
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
  const OrientedRows rows = orient(csr, read_weights, threads);
  const vertex_t n = csr.num_rows();
  std::fill(sums.begin(), sums.end(), 0);
  const bool per_vertex = !sums.empty();
  const auto weight = [&](edge_t k) -> std::uint64_t {
    return read_weights ? rows.weights[static_cast<std::size_t>(k)] : 1;
  };
  std::uint64_t total = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, CpuTuning::triangle_chunk) reduction(+ : total)
  for (vertex_t u = 0; u < n; ++u) {
    const edge_t u_begin = rows.offsets[u], u_end = rows.offsets[u + 1];
    std::uint64_t own = 0;  // u's sum, added once
    for (edge_t i = u_begin; i < u_end; ++i) {
      const vertex_t v = rows.columns[i];
      // Merge u's and v's oriented rows: every common w closes {u, v, w},
      // whose first vertex in rank order is u and second v.
      edge_t a = u_begin, b = rows.offsets[v];
      const edge_t b_end = rows.offsets[v + 1];
      while (a < u_end && b < b_end) {
        const vertex_t x = rows.columns[a], y = rows.columns[b];
        if (x < y) {
          ++a;
        } else if (y < x) {
          ++b;
        } else {
          ++total;
          if (per_vertex) {
            own += weight(b);                        // the edge {v, w}
            add_to(sums, v, weight(a));              // the edge {u, w}
            add_to(sums, x, weight(i));              // the edge {u, v}
          }
          ++a;
          ++b;
        }
      }
    }
    if (own != 0) add_to(sums, u, own);
  }
  return total;
}

}  // namespace graphrun::cpu
