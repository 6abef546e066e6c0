#pragma once
// Serial checks of union-find results (link_neighbours + compress), shared by
// the cpu and cuda test binaries. A link pass with a `skip` vertex is not
// deterministic: a root hooked under `skip` while the pass runs may or may
// not be skipped itself. So results are checked against what the contract
// guarantees in every interleaving rather than compared with one answer:
//   * compressed: every vertex points at the smallest vertex of its class;
//   * no split: vertices of one tree of the starting forest share a class;
//   * no invented union: each class lies inside a component of (starting
//     forest + every windowed entry);
//   * every windowed entry u -> v is united, unless u ends in skip's class
//     (it may have been skipped).
// With skip = no_vertex the last two pin the classes down exactly.
// The block-by-block primitives are checked the same way: local_forest is
// exact (the labels of the entries inside blocks), link_across_blocks is a
// link pass over the entries across blocks.
#include <algorithm>
#include <cstddef>
#include <limits>
#include <map>
#include <random>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "graphrun/algorithms/kernels/components_kernels.hpp"
#include "graphrun/backend.hpp"
#include "graphrun/edge_list.hpp"
#include "graphrun/types.hpp"

namespace graphrun::test {

// Serial union-find keeping every root the smallest id of its tree.
class SerialForest {
 public:
  explicit SerialForest(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }
  vertex_t find(vertex_t v) {
    while (parent_[v] != v) v = parent_[v] = parent_[parent_[v]];
    return v;
  }
  void unite(vertex_t a, vertex_t b) {
    a = find(a);
    b = find(b);
    if (a < b) parent_[b] = a;
    if (b < a) parent_[a] = b;
  }
  // label[v] = smallest vertex of v's tree
  std::vector<vertex_t> labels() {
    std::vector<vertex_t> label(parent_.size());
    for (std::size_t v = 0; v < parent_.size(); ++v) label[v] = find(static_cast<vertex_t>(v));
    return label;
  }

 private:
  std::vector<vertex_t> parent_;
};

using EntryList = std::vector<std::pair<vertex_t, vertex_t>>;  // (row u, neighbour v)

// The labels of (forest + entries): the exact result without skipping.
inline std::vector<vertex_t> linked_labels(const std::vector<vertex_t>& forest, const EntryList& entries) {
  SerialForest joined(forest.size());
  for (std::size_t v = 0; v < forest.size(); ++v) joined.unite(static_cast<vertex_t>(v), forest[v]);
  for (const auto& [u, v] : entries) joined.unite(u, v);
  return joined.labels();
}

// Empty when `result` (after link_neighbours from `forest` over `entries`
// with `skip`, then compress) is allowed by the contract; else what is wrong.
inline std::string check_linked_forest(const std::vector<vertex_t>& forest, const EntryList& entries, vertex_t skip,
                                       const std::vector<vertex_t>& result) {
  std::ostringstream problems;
  std::size_t count = 0;
  const auto report = [&](const std::string& what) {
    if (count++ < 8) problems << "  " << what << "\n";
  };
  const auto n = forest.size();
  if (result.size() != n) return "size differs";
  for (std::size_t v = 0; v < n; ++v)
    if (static_cast<std::size_t>(result[v]) >= n) return "id out of range at " + std::to_string(v);

  // Compressed, and each label the smallest of its class.
  std::vector<vertex_t> smallest(n, static_cast<vertex_t>(n));
  for (std::size_t v = 0; v < n; ++v) smallest[result[v]] = std::min(smallest[result[v]], static_cast<vertex_t>(v));
  for (std::size_t v = 0; v < n; ++v)
    if (result[result[v]] != result[v] || smallest[result[v]] != result[v])
      report("vertex " + std::to_string(v) + " -> " + std::to_string(result[v]) + " is not its class's smallest root");

  for (std::size_t v = 0; v < n; ++v)
    if (result[v] != result[forest[v]])
      report("tree split: " + std::to_string(v) + " and its parent " + std::to_string(forest[v]));

  const std::vector<vertex_t> upper = linked_labels(forest, entries);
  for (std::size_t v = 0; v < n; ++v)
    if (upper[v] != upper[result[v]]) report("invented union of " + std::to_string(v) + " and " + std::to_string(result[v]));

  const bool skip_in_range = static_cast<std::size_t>(skip) < n;
  for (const auto& [u, v] : entries) {
    const bool may_be_skipped = skip_in_range && result[u] == result[skip];
    if (result[u] != result[v] && !may_be_skipped)
      report("entry " + std::to_string(u) + " -> " + std::to_string(v) + " not united");
  }
  return count == 0 ? std::string() : std::to_string(count) + " problems:\n" + problems.str();
}

// parent[v] in [0, v]: a third roots, the rest under a random smaller vertex,
// so trees are deep and uncompressed (a starting forest for link tests).
inline std::vector<vertex_t> random_forest(std::mt19937_64& rng, vertex_t n) {
  std::vector<vertex_t> parent(static_cast<std::size_t>(n));
  for (vertex_t v = 0; v < n; ++v)
    parent[v] = v == 0 || std::bernoulli_distribution(1.0 / 3)(rng) ? v
                                                                     : std::uniform_int_distribution<vertex_t>(0, v - 1)(rng);
  return parent;
}

// The value held by the most entries (a giant component's root).
inline vertex_t most_frequent(const std::vector<vertex_t>& values) {
  std::map<vertex_t, std::size_t> times;
  for (vertex_t value : values) ++times[value];
  return std::max_element(times.begin(), times.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
}

// pick_skip_root's answer computed apart from both backends: a count per
// sampled value in an ordered map (values outside 0..n-1 left out), the
// first of the most counted.
inline vertex_t most_sampled(const std::vector<vertex_t>& values, std::uint32_t samples) {
  const auto n = static_cast<vertex_t>(values.size());
  std::map<vertex_t, std::size_t> times;
  for (std::uint32_t i = 0; i < samples && n > 0; ++i) {
    const vertex_t value = values[static_cast<std::size_t>(sampled_vertex(i, n))];
    if (is_vertex(value, n)) ++times[value];
  }
  if (times.empty()) return no_vertex;
  return std::max_element(times.begin(), times.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
}

// A ForestState in `backend`'s memory with this skip vertex.
inline DeviceVector<ForestState> forest_state(Backend& backend, vertex_t skip) {
  const std::vector<ForestState> state{ForestState{skip, 0}};
  return DeviceVector<ForestState>(backend.memory(), std::span<const ForestState>(state));
}

// link(parent, state), then a compress, on `backend` from a host starting
// forest; std::logic_error naming `what` if either raised the broken flag.
template <class Link>
std::vector<vertex_t> linked_and_compressed(Backend& backend, vertex_t skip, const std::vector<vertex_t>& forest,
                                            const char* what, Link&& link) {
  DeviceVector<vertex_t> parent(backend.memory(), std::span<const vertex_t>(forest));
  auto state = forest_state(backend, skip);
  link(parent.span(), state.span());
  components_kernels(backend).compress(parent.span(), state.span());
  const ForestState final_state = state.to_host().front();
  if (final_state.broken != 0) throw std::logic_error(std::string(what) + ": the forest was reported broken");
  std::vector<vertex_t> compressed = parent.to_host();
  // compress counts the roots it leaves.
  std::size_t roots = 0;
  for (std::size_t v = 0; v < compressed.size(); ++v) roots += compressed[v] == static_cast<vertex_t>(v) ? 1 : 0;
  if (static_cast<std::size_t>(final_state.roots) != roots)
    throw std::logic_error(std::string(what) + ": compress counted " + std::to_string(final_state.roots) +
                           " roots, the forest has " + std::to_string(roots));
  return compressed;
}

// One link pass and a compress on `backend`, from a host starting forest;
// std::logic_error if either raised the broken-forest flag.
inline std::vector<vertex_t> link_and_compress(Backend& backend, const DeviceGraph& a, Edges edges, edge_t first,
                                               edge_t count, vertex_t skip, const std::vector<vertex_t>& forest) {
  return linked_and_compressed(backend, skip, forest, "link_and_compress",
                               [&](std::span<vertex_t> parent, std::span<ForestState> state) {
                                 components_kernels(backend).link_neighbours(a, edges, first, count, parent, state);
                               });
}

// ---- Components block by block (local_forest, link_across_blocks) -----------

// parent[v] = v: every vertex its own tree.
inline std::vector<vertex_t> identity_forest(vertex_t n) {
  std::vector<vertex_t> parent(static_cast<std::size_t>(n));
  std::iota(parent.begin(), parent.end(), 0);
  return parent;
}

// The entries u -> w whose ends lie in different blocks of block_vertices
// consecutive ids (across = true: link_across_blocks' entries), or in the
// same one (across = false: local_forest's).
inline EntryList block_entries(const EntryList& entries, vertex_t block_vertices, bool across) {
  EntryList kept;
  for (const auto& [u, w] : entries)
    if ((u / block_vertices != w / block_vertices) == across) kept.push_back({u, w});
  return kept;
}

// local_forest's exact result, serially: the smallest vertex of each class of
// the entries (all of one adjacency's rows) that stay inside their block.
inline std::vector<vertex_t> local_forest_oracle(vertex_t n, const EntryList& entries, vertex_t block_vertices) {
  return linked_labels(identity_forest(n), block_entries(entries, block_vertices, false));
}

// Garbage for an output parent vector: any vertex_t, most of them far out of
// range, so an entry local_forest forgets to write shows.
inline std::vector<vertex_t> garbage_forest(std::mt19937_64& rng, vertex_t n) {
  std::vector<vertex_t> garbage(static_cast<std::size_t>(n));
  std::uniform_int_distribution<vertex_t> any(std::numeric_limits<vertex_t>::min(),
                                              std::numeric_limits<vertex_t>::max());
  for (vertex_t& value : garbage) value = any(rng);
  return garbage;
}

// local_forest on `backend` into a parent vector that held `garbage` first.
inline std::vector<vertex_t> local_forest_from(Backend& backend, const DeviceGraph& a, Edges edges,
                                               vertex_t block_vertices, const std::vector<vertex_t>& garbage) {
  DeviceVector<vertex_t> parent(backend.memory(), std::span<const vertex_t>(garbage));
  components_kernels(backend).local_forest(a, edges, block_vertices, parent.span());
  return parent.to_host();
}

// The block sizes the tests run: one id (every entry but a self-loop
// crosses), three, a piece of a grid row, 1000, the cuda backend's preferred
// 16384, and one larger than the graph (a single block). Sizes above `limit`
// (a backend's largest block) are left out.
inline std::vector<vertex_t> test_block_sizes(vertex_t n,
                                              vertex_t limit = std::numeric_limits<vertex_t>::max()) {
  std::vector<vertex_t> sizes;
  for (const vertex_t size : {1, 3, 64, 1000, 16384})
    if (size <= limit) sizes.push_back(size);
  if (n <= limit - 5 && std::find(sizes.begin(), sizes.end(), n + 5) == sizes.end()) sizes.push_back(n + 5);
  return sizes;
}

// link_across_blocks and a compress on `backend`, from a host starting
// forest; std::logic_error if either raised the broken-forest flag.
inline std::vector<vertex_t> link_across_and_compress(Backend& backend, const DeviceGraph& a, Edges edges,
                                                      vertex_t block_vertices, vertex_t skip,
                                                      const std::vector<vertex_t>& forest) {
  return linked_and_compressed(
      backend, skip, forest, "link_across_and_compress", [&](std::span<vertex_t> parent, std::span<ForestState> state) {
        components_kernels(backend).link_across_blocks(a, edges, block_vertices, parent, state);
      });
}

// A starting forest for a link pass and the skip vertex it runs with.
struct LinkStart {
  std::string name;
  std::vector<vertex_t> forest;
  vertex_t skip;
};

// The starts link_across_blocks is checked from: `local` (local_forest's
// result, the start WCC gives it) with no skip vertex and with its largest
// tree skipped, a compressed random forest with its largest tree skipped,
// and unless quick the starts of the link_neighbours tests (the identity
// with skips none and beyond n, a deep random forest with none and a
// non-root parent).
inline std::vector<LinkStart> link_across_starts(std::mt19937_64& rng, const std::vector<vertex_t>& local,
                                                 bool quick) {
  const auto n = static_cast<vertex_t>(local.size());
  const std::vector<vertex_t> deep = random_forest(rng, n);
  const std::vector<vertex_t> compressed = linked_labels(deep, {});
  const auto largest_tree = [n](const std::vector<vertex_t>& forest) {
    return n > 0 ? most_frequent(forest) : no_vertex;
  };
  std::vector<LinkStart> starts = {{"local forest, skip none", local, no_vertex},
                                   {"local forest, skip its largest tree", local, largest_tree(local)},
                                   {"compressed, skip the largest tree", compressed, largest_tree(compressed)}};
  if (quick) return starts;
  const vertex_t non_root = n > 0 ? deep[static_cast<std::size_t>(n - 1)] : no_vertex;  // maybe not a root
  starts.push_back({"iota, skip none", identity_forest(n), no_vertex});
  starts.push_back({"iota, skip beyond n", identity_forest(n), n + 3});
  starts.push_back({"deep forest, skip none", deep, no_vertex});
  starts.push_back({"deep forest, skip a parent", deep, non_root});
  return starts;
}

// Whether a link pass with this skip vertex must give one exact answer (no
// vertex can be skipped).
inline bool skips_nothing(vertex_t skip, vertex_t n) { return !is_vertex(skip, n); }

// A road-like graph: a rows x columns grid with row-major ids (so an edge
// joins ids 1 or `columns` apart and rows hold at most four entries), each
// grid edge dropped with probability `drop`. Near the bond-percolation
// threshold (drop ~ 0.45) that leaves a giant component across every block
// beside many small ones, a lot of them cut by block boundaries. Directed:
// each kept edge points one way at random, so out- and in-rows differ.
inline EdgeList road_grid(std::mt19937_64& rng, vertex_t rows, vertex_t columns, double drop, bool directed) {
  EdgeList edges;
  edges.num_vertices = rows * columns;
  edges.symmetry = directed ? Symmetry::general : Symmetry::symmetric;
  std::bernoulli_distribution dropped(drop), flipped(0.5);
  const auto join = [&](vertex_t u, vertex_t v) {
    if (dropped(rng)) return;
    if (directed && flipped(rng)) std::swap(u, v);
    edges.src.push_back(u);
    edges.dst.push_back(v);
  };
  for (vertex_t r = 0; r < rows; ++r)
    for (vertex_t c = 0; c < columns; ++c) {
      const vertex_t v = r * columns + c;
      if (c + 1 < columns) join(v, v + 1);
      if (r + 1 < rows) join(v, v + columns);
    }
  return edges;
}

}  // namespace graphrun::test
