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
#include <algorithm>
#include <cstddef>
#include <map>
#include <random>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "graphrun/backend.hpp"
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
    if (result[v] < 0 || static_cast<std::size_t>(result[v]) >= n) return "id out of range at " + std::to_string(v);

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

  const bool skip_in_range = skip >= 0 && static_cast<std::size_t>(skip) < n;
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
    if (value >= 0 && value < n) ++times[value];
  }
  if (times.empty()) return no_vertex;
  return std::max_element(times.begin(), times.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
}

// A ForestState in `backend`'s memory with this skip vertex.
inline DeviceVector<ForestState> forest_state(Backend& backend, vertex_t skip) {
  const std::vector<ForestState> state{ForestState{skip, 0}};
  return DeviceVector<ForestState>(backend.memory(), std::span<const ForestState>(state));
}

// One link pass and a compress on `backend`, from a host starting forest;
// std::logic_error if either raised the broken-forest flag.
inline std::vector<vertex_t> link_and_compress(Backend& backend, const DeviceGraph& a, Edges edges, edge_t first,
                                               edge_t count, vertex_t skip, const std::vector<vertex_t>& forest) {
  DeviceVector<vertex_t> parent(backend.memory(), std::span<const vertex_t>(forest));
  auto state = forest_state(backend, skip);
  backend.link_neighbours(a, edges, first, count, parent.span(), state.span());
  backend.compress(parent.span(), state.span());
  if (state.to_host().front().broken != 0) throw std::logic_error("link_and_compress: the forest was reported broken");
  return parent.to_host();
}

}  // namespace graphrun::test
