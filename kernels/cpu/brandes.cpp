#include "cpu/brandes.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "graphrun/algorithms/kernels/centrality_kernels.hpp"
#include "cpu/tuning.hpp"

namespace graphrun::cpu {
namespace {

constexpr int lanes = BrandesSumOrder::lanes;
constexpr int wide_lanes = BrandesSumOrder::wide_lanes;
constexpr int runs = wide_lanes / lanes;

// BrandesSumOrder's halving tree over value[0, size): for h = size / 2, ...,
// 1, value[j] += value[j + h] for j < h. Only value[0, width) is read: the
// rest stand for lanes past the row's end (0.0), whose additions change
// nothing, so those steps are skipped.
double halving_tree(double* value, int size, int width) {
  for (int h = size / 2; h >= 1; h /= 2) {
    if (h >= width) continue;
    for (int j = 0; j + h < width; ++j) value[j] += value[j + h];
    width = h;
  }
  return width == 0 ? 0.0 : value[0];
}

// Lane `lane` of `count` strided lanes over [begin, end), from 0.0.
template <class Term>
double lane_partial(edge_t begin, edge_t end, int lane, int count, const Term& term) {
  double sum = 0.0;
  for (edge_t k = begin + lane; k < end; k += count) sum += term(k);
  return sum;
}

// A row of at most wide_row entries, on the calling thread.
template <class Term>
double narrow_row_sum(edge_t begin, edge_t end, const Term& term) {
  std::array<double, lanes> lane;
  const int width = static_cast<int>(std::min<edge_t>(lanes, end - begin));
  for (int j = 0; j < width; ++j) lane[static_cast<std::size_t>(j)] = lane_partial(begin, end, j, lanes, term);
  return halving_tree(lane.data(), lanes, width);
}

// A wide row (every lane holds entries), its lanes split over the threads.
template <class Term>
double wide_row_sum(edge_t begin, edge_t end, const Term& term, int threads) {
  std::array<double, wide_lanes> lane;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int j = 0; j < wide_lanes; ++j) lane[static_cast<std::size_t>(j)] = lane_partial(begin, end, j, wide_lanes, term);
  std::array<double, runs> run_sums;
  for (int r = 0; r < runs; ++r)
    run_sums[static_cast<std::size_t>(r)] = halving_tree(lane.data() + static_cast<std::ptrdiff_t>(r) * lanes, lanes, lanes);
  return halving_tree(run_sums.data(), runs, runs);
}

// store(v, the sum of term over v's row of `rows`) for every listed v: the
// narrow rows spread over the threads, vertex by vertex; then each wide row
// over all of them. False when a listed id is out of range.
template <class Term, class Store>
bool sum_listed_rows(const Csr& rows, std::span<const vertex_t> vertices, int threads, const Term& term,
                     const Store& store) {
  const vertex_t n = rows.num_rows();
  const auto count = static_cast<std::int64_t>(vertices.size());
  std::vector<vertex_t> wide;
  bool bad = false;
#pragma omp parallel for num_threads(threads) schedule(dynamic, CpuTuning::brandes_chunk) reduction(|| : bad)
  for (std::int64_t i = 0; i < count; ++i) {
    const vertex_t v = vertices[static_cast<std::size_t>(i)];
    if (!is_vertex(v, n)) {
      bad = true;
      continue;
    }
    const edge_t begin = rows.offsets[v], end = rows.offsets[v + 1];
    if (end - begin > BrandesSumOrder::wide_row) {
#pragma omp critical(graphrun_brandes_wide)
      wide.push_back(v);
      continue;
    }
    store(v, narrow_row_sum(begin, end, term));
  }
  for (const vertex_t v : wide) store(v, wide_row_sum(rows.offsets[v], rows.offsets[v + 1], term, threads));
  return !bad;
}

}  // namespace

bool brandes_paths(const CpuGraph& graph, std::span<const vertex_t> vertices, level_t depth,
                   std::span<const level_t> level, std::span<double> paths, int threads) {
  const Csr& in = graph.rows(Edges::in);
  return sum_listed_rows(
      in, vertices, threads,
      [&](edge_t k) {
        const auto u = static_cast<std::size_t>(in.indices[k]);
        return level[u] == depth - 1 ? paths[u] : 0.0;
      },
      [&](vertex_t v, double sum) { paths[static_cast<std::size_t>(v)] = sum; });
}

bool brandes_dependencies(const CpuGraph& graph, std::span<const vertex_t> vertices, level_t depth,
                          std::span<const level_t> level, std::span<const double> paths,
                          std::span<double> dependency, std::span<double> centrality, int threads) {
  const Csr& out = graph.rows(Edges::out);
  return sum_listed_rows(
      out, vertices, threads,
      [&](edge_t k) {
        const auto w = static_cast<std::size_t>(out.indices[k]);
        return level[w] == depth + 1 ? (1.0 + dependency[w]) / paths[w] : 0.0;
      },
      [&](vertex_t v, double sum) {
        const auto v_index = static_cast<std::size_t>(v);
        const double own = paths[v_index] * sum;
        dependency[v_index] = own;
        centrality[v_index] += own;
      });
}

}  // namespace graphrun::cpu
