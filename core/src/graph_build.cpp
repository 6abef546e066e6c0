// Graph::build: host COO edge list -> CSR of out-edges, in parallel.
//
// 1. count each row's entries (mirrored entries for undirected graphs),
// 2. prefix-sum the counts into offsets,
// 3. scatter entries into their rows (atomic slot per row),
// 4. sort each row by (column, position in the file) and merge duplicates by
//    the requested policy, then 5. compact the rows.
// Weights are never silently wrong: finite weights whose `sum` merge
// overflows to infinity are an InputError naming the two endpoints.
// The file position makes "keep the first occurrence" exact although the
// scatter itself is unordered.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <utility>

#include "graphrun/internal/parallel.hpp"
#include "graphrun/error.hpp"
#include "graphrun/graph.hpp"

namespace graphrun {
namespace {

struct Entry {
  vertex_t column;
  float weight;
  edge_t position;  // 2 * file index (+1 for the mirror of a symmetric entry)
};

void validate(const EdgeList& edges) {
  if (edges.src.size() != edges.dst.size() || (edges.weighted() && edges.weights.size() != edges.src.size()))
    throw UsageError("edge list arrays differ in length (src, dst, weights)");
  if (edges.num_vertices < 0) throw UsageError("edge list has a negative vertex count");
  const vertex_t n = edges.num_vertices;
  bool in_range = true;
#pragma omp parallel for reduction(&& : in_range) if (edges.size() > detail::parallel_threshold)
  for (std::size_t i = 0; i < edges.size(); ++i)
    in_range = in_range && edges.src[i] >= 0 && edges.src[i] < n && edges.dst[i] >= 0 && edges.dst[i] < n;
  if (!in_range) throw UsageError("edge list holds a vertex id outside 0.." + std::to_string(n - 1));
}

float merge_weight(DuplicatePolicy policy, float kept, float next) {
  switch (policy) {
    case DuplicatePolicy::keep_first: return kept;
    case DuplicatePolicy::sum: return kept + next;
    case DuplicatePolicy::min: return std::min(kept, next);
    case DuplicatePolicy::max: return std::max(kept, next);
  }
  return kept;
}

}  // namespace

Graph Graph::build(const EdgeList& edges, const BuildOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  validate(edges);
  const bool file_undirected = edges.symmetry != Symmetry::general;
  if (file_undirected && options.undirected == false)
    throw UsageError("the file stores a symmetric matrix (one triangle); it cannot be read as a directed graph");
  const bool undirected = options.undirected.value_or(file_undirected);
  const float mirror_sign = edges.symmetry == Symmetry::skew_symmetric ? -1.0f : 1.0f;
  const vertex_t n = edges.num_vertices;
  const std::size_t m = edges.size();

  auto keep = [&](std::size_t i) { return !(options.drop_self_loops && edges.src[i] == edges.dst[i]); };
  auto mirrored = [&](std::size_t i) { return undirected && edges.src[i] != edges.dst[i]; };

  // 1-2. Row counts and offsets.
  std::vector<edge_t> cursor = detail::make_bulk_vector<edge_t>(static_cast<std::size_t>(n));
  std::uint64_t dropped = 0;
#pragma omp parallel for schedule(static) reduction(+ : dropped) if (m > detail::parallel_threshold)
  for (std::size_t i = 0; i < m; ++i) {
    if (!keep(i)) {
      ++dropped;
      continue;
    }
#pragma omp atomic
    ++cursor[edges.src[i]];
    if (mirrored(i)) {
#pragma omp atomic
      ++cursor[edges.dst[i]];
    }
  }
  detail::exclusive_scan_to_offsets(cursor);
  std::vector<edge_t> offsets;
  detail::reserve_bulk(offsets, cursor.size());
  offsets.assign(cursor.begin(), cursor.end());
  const edge_t scattered = offsets.back();

  // 3. Scatter.
  std::vector<Entry> entries = detail::make_bulk_vector<Entry>(static_cast<std::size_t>(scattered));
  const bool parallel = scattered + n > detail::parallel_threshold;
#pragma omp parallel for schedule(static) if (parallel)
  for (std::size_t i = 0; i < m; ++i) {
    if (!keep(i)) continue;
    const float w = edges.weighted() ? edges.weights[i] : 1.0f;
    const auto position = static_cast<edge_t>(2 * i);
    entries[detail::claim_slot(cursor[edges.src[i]])] = {edges.dst[i], w, position};
    if (mirrored(i)) entries[detail::claim_slot(cursor[edges.dst[i]])] = {edges.src[i], mirror_sign * w, position + 1};
  }
  cursor = {};

  // 4. Per-row sort and duplicate merge, in place; row_kept[r] = entries left.
  // overflow: the first (row, column) whose merged weight left float's range.
  std::vector<edge_t> row_kept = detail::make_bulk_vector<edge_t>(static_cast<std::size_t>(n));
  std::pair<vertex_t, vertex_t> overflow{n, n};
#pragma omp parallel for schedule(dynamic, 256) if (parallel)
  for (vertex_t r = 0; r < n; ++r) {
    const auto begin = entries.begin() + offsets[r], end = entries.begin() + offsets[r + 1];
    std::sort(begin, end, [](const Entry& a, const Entry& b) {
      return a.column != b.column ? a.column < b.column : a.position < b.position;
    });
    auto out = begin;
    for (auto it = begin; it != end; ++it) {
      if (out != begin && (out - 1)->column == it->column) {
        const float kept = (out - 1)->weight;
        (out - 1)->weight = merge_weight(options.duplicates, kept, it->weight);
        if (std::isinf((out - 1)->weight) && std::isfinite(kept) && std::isfinite(it->weight)) {
#pragma omp critical(graphrun_build_overflow)
          overflow = std::min(overflow, std::pair<vertex_t, vertex_t>{r, it->column});
        }
      } else {
        *out++ = *it;
      }
    }
    row_kept[r] = out - begin;
  }
  if (overflow.first != n)
    throw InputError(options.source.empty() ? "the edge list" : options.source, 0,
                     "--duplicates sum overflows: the weights of edge " +
                         std::to_string(edges.ids.original(overflow.first)) + " -> " +
                         std::to_string(edges.ids.original(overflow.second)) +
                         " add up to more than a 32-bit float holds");

  // 5. Compact.
  detail::exclusive_scan_to_offsets(row_kept);
  Csr csr;
  csr.offsets = std::move(row_kept);
  const edge_t kept = csr.offsets.back();
  detail::resize_bulk(csr.indices, static_cast<std::size_t>(kept));
  detail::resize_bulk(csr.values, static_cast<std::size_t>(kept));
  std::uint64_t self_loops = 0;
#pragma omp parallel for schedule(dynamic, 256) reduction(+ : self_loops) if (parallel)
  for (vertex_t r = 0; r < n; ++r) {
    const edge_t from = offsets[r], to = csr.offsets[r], count = csr.offsets[r + 1] - to;
    for (edge_t k = 0; k < count; ++k) {
      const Entry& e = entries[from + k];
      csr.indices[to + k] = e.column;
      csr.values[to + k] = e.weight;
      self_loops += (e.column == r);
    }
  }

  BuildStats stats;
  stats.file_entries = m;
  stats.self_loops = self_loops;
  stats.self_loops_dropped = dropped;
  stats.duplicates_merged = static_cast<std::uint64_t>(scattered - kept);
  stats.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return from_csr(std::move(csr), !undirected, edges.ids, stats);
}

Graph Graph::from_csr(Csr out, bool directed, IdMap ids, BuildStats stats) {
  if (out.offsets.empty()) out.offsets.push_back(0);
  if (out.indices.size() != out.values.size() || out.offsets.back() != static_cast<edge_t>(out.indices.size()))
    throw UsageError("CSR arrays are inconsistent (offsets, indices, values)");
  Graph g;
  g.out_ = std::make_shared<const Csr>(std::move(out));
  g.directed_ = directed;
  g.ids_ = std::move(ids);
  g.stats_ = stats;
  return g;
}

std::shared_ptr<const Csr> Graph::in_edges_shared() const {
  if (!directed_) return out_;
  if (!in_) in_ = std::make_shared<const Csr>(transpose(*out_, num_vertices()));
  return in_;
}

std::vector<vertex_t> Graph::out_degrees() const {
  std::vector<vertex_t> degree(static_cast<std::size_t>(num_vertices()));
#pragma omp parallel for schedule(static) if (num_vertices() > detail::parallel_threshold)
  for (vertex_t v = 0; v < num_vertices(); ++v) degree[v] = out_->degree(v);
  return degree;
}

std::vector<vertex_t> Graph::in_degrees() const {
  if (!directed_) return out_degrees();
  std::vector<vertex_t> degree(static_cast<std::size_t>(num_vertices()), 0);
  const Csr& out = *out_;
#pragma omp parallel for schedule(static) if (out.num_entries() > detail::parallel_threshold)
  for (edge_t e = 0; e < out.num_entries(); ++e) {
#pragma omp atomic
    ++degree[out.indices[e]];
  }
  return degree;
}

}  // namespace graphrun
