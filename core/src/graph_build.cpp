// Graph::build: host COO edge list -> CSR of out-edges, in parallel.
//
// 1. a stable counting sort scatters every entry (and, for undirected graphs,
//    its mirror) into its row, straight into the CSR's arrays (row_scatter.hpp);
// 2. each row is sorted by column, stably, and duplicates are merged by the
//    requested policy in place;
// 3. rows that lost duplicates are compacted, in place.
// Within a row, entries reach step 2 in file order (an entry before its own
// mirror), so "keep the first occurrence" and the order of a `sum` are the
// file's, with no positions stored. Weights are never silently wrong: finite
// weights whose `sum` merge overflows to infinity are an InputError naming
// the two endpoints. Memory: the edge list, the CSR and the scatter's
// histograms, never a second copy of the entries; the rvalue overload frees
// the edge list before step 2.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <utility>

#include "graphrun/internal/parallel.hpp"
#include "graphrun/error.hpp"
#include "graphrun/host_memory.hpp"
#include "graphrun/graph.hpp"
#include "row_scatter.hpp"
#include "row_sort.hpp"

namespace graphrun {

DuplicatePolicy parse_duplicate_policy(const std::string& name) {
  if (name == "first") return DuplicatePolicy::keep_first;
  if (name == "sum") return DuplicatePolicy::sum;
  if (name == "min") return DuplicatePolicy::min;
  if (name == "max") return DuplicatePolicy::max;
  throw UsageError("duplicates: must be first, sum, min or max (got '" + name + "')");
}

namespace {

struct Scattered {
  vertex_t column;
  float weight;
};

// Sorts one row by column, keeping equal columns in their current (file)
// order, then merges equal columns; returns the entries left. `overflow`
// records the row's first column whose `sum` left float's range.
template <bool Weighted>
edge_t sort_and_merge_row(vertex_t* column, float* weight, edge_t count, DuplicatePolicy policy,
                          detail::RowSortBuffer& buffer, vertex_t& overflow) {
  detail::sort_row_by_column<Weighted>(column, weight, count, buffer);
  edge_t out = 0;
  for (edge_t i = 0; i < count; ++i) {
    if (out > 0 && column[out - 1] == column[i]) {
      if constexpr (Weighted) {
        const float kept = weight[out - 1];
        weight[out - 1] = merge_duplicate_weight(policy, kept, weight[i]);
        if (std::isinf(weight[out - 1]) && std::isfinite(kept) && std::isfinite(weight[i]))
          overflow = std::min(overflow, column[i]);
      }
      continue;
    }
    column[out] = column[i];
    if constexpr (Weighted) weight[out] = weight[i];
    ++out;
  }
  return out;
}

// Moves each row's first (to[r + 1] - to[r]) entries from offset from[r] to
// to[r] <= from[r]. Threads first pack their own block of rows to the
// block's start (moving left inside the block is safe), then the blocks move
// to their final place in order: block b's destination can overlap only
// data of blocks before it, which have moved already.
template <bool Weighted>
void compact_rows(const std::vector<edge_t>& from, const std::vector<edge_t>& to, vertex_t* columns, float* weights,
                  bool parallel) {
  const auto n = static_cast<vertex_t>(to.size() - 1);
  const int blocks = parallel ? std::max(1, omp_get_max_threads()) : 1;
  std::vector<vertex_t> first_row(static_cast<std::size_t>(blocks) + 1, n);
  for (int b = 0; b < blocks; ++b)  // equal shares of the entries
    first_row[b] = static_cast<vertex_t>(
        std::lower_bound(from.begin(), from.end() - 1, from.back() / blocks * b) - from.begin());
  auto move = [&](edge_t source, edge_t target, edge_t count) {
    if (source == target || count == 0) return;
    std::memmove(columns + target, columns + source, static_cast<std::size_t>(count) * sizeof(vertex_t));
    if constexpr (Weighted) std::memmove(weights + target, weights + source, static_cast<std::size_t>(count) * sizeof(float));
  };
#pragma omp parallel for schedule(static, 1) num_threads(blocks)
  for (int b = 0; b < blocks; ++b) {
    const vertex_t begin = first_row[b], end = first_row[b + 1];
    if (begin >= end) continue;
    for (vertex_t r = begin; r < end; ++r) move(from[r], from[begin] + (to[r] - to[begin]), to[r + 1] - to[r]);
  }
  for (int b = 0; b < blocks; ++b) {
    const vertex_t begin = first_row[b], end = first_row[b + 1];
    if (begin < end) move(from[begin], to[begin], to[end] - to[begin]);
  }
}

// `owned`: the same edge list when the caller gave it up (rvalue build); its
// arrays are freed after the scatter and its ids moved into the graph.
template <bool Weighted>
Graph build_csr(const EdgeList& edges, const BuildOptions& options, EdgeList* owned) {
  const auto start = std::chrono::steady_clock::now();
  const BuildPlan plan = plan_build(edges, options);
  const std::uint64_t dropped = plan.drop_self_loops ? plan.file_self_loops : 0;
  const bool undirected = plan.undirected;
  const float mirror_sign = plan.mirror_sign;
  const vertex_t n = plan.vertices;
  const std::size_t m = edges.size();
  const bool drop_self_loops = plan.drop_self_loops;

  // 1. Scatter into arrays sized for every entry and mirror (exact unless
  // self-loops are dropped or not mirrored).
  const std::size_t bound = undirected ? 2 * m : m;
  require_host_memory(static_cast<std::uint64_t>(bound) * (sizeof(vertex_t) + (Weighted ? sizeof(float) : 0)) +
                          (static_cast<std::uint64_t>(n) + 1) * sizeof(edge_t),
                      "the CSR of " + (options.source.empty() ? std::string("the graph") : options.source),
                      "a machine with more memory, or the graph's .grb snapshot built elsewhere");
  Csr csr;
  detail::resize_bulk(csr.indices, bound);
  if constexpr (Weighted) detail::resize_bulk(csr.values, bound);
  vertex_t* const columns = csr.indices.data();
  float* const weights = Weighted ? csr.values.data() : nullptr;
  const vertex_t* const src = edges.src.data();
  const vertex_t* const dst = edges.dst.data();
  const float* const file_weights = Weighted ? edges.weights.data() : nullptr;
  std::vector<edge_t> offsets = detail::scatter_rows_stable(
      m, undirected ? 2 * m : m, n,
      [&](std::size_t i, auto&& emit) {
        const vertex_t u = src[i], v = dst[i];
        if (u == v && drop_self_loops) return;
        const float w = Weighted ? file_weights[i] : 1.0f;
        emit(u, Scattered{v, w});
        if (undirected && u != v) emit(v, Scattered{u, mirror_sign * w});
      },
      [&](edge_t slot, const Scattered& entry) {
        columns[slot] = entry.column;
        if constexpr (Weighted) weights[slot] = entry.weight;
      });
  const edge_t scattered = offsets.back();
  if (owned) {
    owned->src = {};
    owned->dst = {};
    owned->weights = {};
  }

  // 2. Per-row sort and merge, in place; row_kept[r] = entries left.
  std::vector<edge_t> row_kept = detail::make_bulk_vector<edge_t>(static_cast<std::size_t>(n));
  std::pair<vertex_t, vertex_t> overflow{n, n};
  const bool parallel = scattered + n > detail::parallel_threshold;
#pragma omp parallel if (parallel)
  {
    detail::RowSortBuffer buffer;
    std::pair<vertex_t, vertex_t> first_overflow{n, n};
#pragma omp for schedule(dynamic, 512)
    for (vertex_t r = 0; r < n; ++r) {
      vertex_t column = n;
      row_kept[r] = sort_and_merge_row<Weighted>(columns + offsets[r], Weighted ? weights + offsets[r] : nullptr,
                                                 offsets[r + 1] - offsets[r], options.duplicates, buffer, column);
      if (column != n) first_overflow = std::min(first_overflow, {r, column});
    }
#pragma omp critical(graphrun_build_overflow)
    overflow = std::min(overflow, first_overflow);
  }
  if (overflow.first != n) throw sum_overflow_error(options, edges.ids, overflow.first, overflow.second);

  // 3. Compact in place (only when duplicates left gaps) and count self-loops.
  detail::exclusive_scan_to_offsets(row_kept);
  const edge_t kept = row_kept.back();
  std::uint64_t self_loops = 0;
#pragma omp parallel for schedule(dynamic, 512) reduction(+ : self_loops) if (parallel)
  for (vertex_t r = 0; r < n; ++r)
    self_loops += std::binary_search(columns + offsets[r], columns + offsets[r] + (row_kept[r + 1] - row_kept[r]), r);
  if (kept != scattered) compact_rows<Weighted>(offsets, row_kept, columns, weights, parallel);
  csr.indices.resize(static_cast<std::size_t>(kept));
  if constexpr (Weighted) csr.values.resize(static_cast<std::size_t>(kept));
  offsets = {};
  csr.offsets = std::move(row_kept);

  BuildStats stats;
  stats.file_entries = m;
  stats.self_loops = self_loops;
  stats.self_loops_dropped = dropped;
  stats.duplicates_merged = static_cast<std::uint64_t>(scattered - kept);
  stats.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  IdMap ids = owned ? std::move(owned->ids) : edges.ids;
  return Graph::from_csr(std::move(csr), !undirected, std::move(ids), stats);
}

Graph build_graph(const EdgeList& edges, const BuildOptions& options, EdgeList* owned) {
  return edges.weighted() ? build_csr<true>(edges, options, owned) : build_csr<false>(edges, options, owned);
}

}  // namespace

BuildPlan plan_build(const EdgeList& edges, const BuildOptions& options) {
  if (edges.src.size() != edges.dst.size() || (edges.weighted() && edges.weights.size() != edges.src.size()))
    throw UsageError("edge list arrays differ in length (src, dst, weights)");
  if (!is_vertex_count(edges.num_vertices))
    throw UsageError("edge list has " + std::to_string(static_cast<std::int64_t>(edges.num_vertices)) +
                     " vertices; a graph has 0.." + std::to_string(max_vertices));
  const vertex_t n = edges.num_vertices;
  bool in_range = true;
  std::uint64_t self_loops = 0;
#pragma omp parallel for reduction(&& : in_range) reduction(+ : self_loops) if (edges.size() > detail::parallel_threshold)
  for (std::size_t i = 0; i < edges.size(); ++i) {
    in_range = in_range && is_vertex(edges.src[i], n) && is_vertex(edges.dst[i], n);
    self_loops += edges.src[i] == edges.dst[i];
  }
  if (!in_range) throw UsageError("edge list holds a vertex id outside 0.." + std::to_string(std::int64_t{n} - 1));
  const bool file_undirected = edges.symmetry != Symmetry::general;
  if (file_undirected && options.undirected == false)
    throw UsageError("the file stores a symmetric matrix (one triangle); it cannot be read as a directed graph");
  BuildPlan plan;
  plan.vertices = n;
  plan.undirected = options.undirected.value_or(file_undirected);
  plan.mirror_sign = edges.symmetry == Symmetry::skew_symmetric ? -1.0f : 1.0f;
  plan.drop_self_loops = options.drop_self_loops;
  plan.duplicates = options.duplicates;
  plan.file_self_loops = self_loops;
  return plan;
}

InputError sum_overflow_error(const BuildOptions& options, const IdMap& ids, vertex_t u, vertex_t v) {
  return InputError(options.input_name(), 0,
                    "--duplicates sum overflows: the weights of edge " + ids.label(u) + " -> " + ids.label(v) +
                        " add up to more than a 32-bit float holds");
}

Graph Graph::build(const EdgeList& edges, const BuildOptions& options) {
  return build_graph(edges, options, nullptr);
}

Graph Graph::build(EdgeList&& edges, const BuildOptions& options) {
  EdgeList owned = std::move(edges);
  return build_graph(owned, options, &owned);
}
Graph Graph::from_csr(Csr out, bool directed, IdMap ids, BuildStats stats) {
  if (out.offsets.empty()) out.offsets.push_back(0);
  if ((out.weighted() && out.indices.size() != out.values.size()) ||
      out.offsets.back() != static_cast<edge_t>(out.indices.size()))
    throw UsageError("CSR arrays are inconsistent (offsets, indices, values)");
  Graph g;
  g.out_ = std::make_shared<const Csr>(std::move(out));
  g.directed_ = directed;
  g.ids_ = std::move(ids);
  g.stats_ = stats;
  return g;
}

Graph Graph::from_csr_and_transpose(Csr out, Csr in, IdMap ids) {
  if (in.offsets.empty()) in.offsets.push_back(0);
  if (in.num_rows() != out.num_rows() || in.num_entries() != out.num_entries() || in.weighted() != out.weighted() ||
      (in.weighted() && in.indices.size() != in.values.size()) ||
      in.offsets.back() != static_cast<edge_t>(in.indices.size()))
    throw UsageError("CSR and transpose arrays are inconsistent (rows, entries or values)");
  Graph g = from_csr(std::move(out), true, std::move(ids));
  std::call_once(g.in_->built, [&] { g.in_->csr = std::make_shared<const Csr>(std::move(in)); });
  return g;
}

std::shared_ptr<const Csr> Graph::in_edges_shared() const {
  if (!directed_) return out_;
  // A throwing transpose (out of memory) leaves the flag unset: the next
  // caller tries again.
  std::call_once(in_->built, [this] { in_->csr = std::make_shared<const Csr>(transpose(*out_, num_vertices())); });
  return in_->csr;
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
