// Weakly connected components by union-find with subgraph sampling
// (Afforest; Sutton, Kamath, Plasse, Lu, IPDPS 2018), on two primitives:
//   link_neighbours  unite u's tree with its neighbours' (larger root hooked
//                    under the smaller, so a root is its tree's smallest id)
//   compress         parent[v] = root of v's tree
// 1. Link every vertex to its first `neighbour_rounds` out-neighbours, one
//    entry per round, compressing after each: on a graph with a giant
//    component this already joins most of it (a sparse sample of the edges).
// 2. Sample vertices; the most frequent root is taken to be the giant
//    component's, and its members are skipped from now on.
// 3. Link every other vertex to the rest of its out-row, and on a directed
//    graph to its whole in-row: an edge u -> v whose u was skipped is then
//    still linked from v's in-row, unless v was skipped as well, and then
//    both already lie in the sampled tree. Vertices are skipped when
//    parent[u] == that root (not when u's root is: a vertex hooked under it
//    during the pass may be skipped too, which the same argument covers, and
//    if the root itself is hooked under a smaller one its members move along).
//    On an undirected graph in-rows are the out-rows, so the rest of the
//    out-row covers both directions.
// 4. Compress: parent[v] = the smallest vertex of v's component.
#include "graphrun/algorithms/wcc.hpp"

#include <cstdint>
#include <limits>
#include <random>
#include <unordered_map>
#include <utility>
#include <vector>

#include "algorithms/src/device_buffers.hpp"

namespace graphrun {

using algorithms_detail::make_buffer;

namespace {

// GAP's cc.cc uses two neighbour rounds and 1024 samples: enough to find a
// giant component that holds a sizeable share of the vertices.
constexpr int neighbour_rounds = 2;
constexpr std::size_t root_samples = 1024;
constexpr std::uint32_t sample_seed = 0x5eed;  // fixed: runs are reproducible

// The root held by the most sampled vertices (the smallest on a tie). After
// a compress every vertex points straight at its root, so parent[v] is it.
vertex_t most_frequent_root(Backend& backend, const DeviceVector<vertex_t>& parent) {
  const auto n = static_cast<vertex_t>(parent.size());
  std::mt19937 random(sample_seed);
  std::uniform_int_distribution<vertex_t> pick(0, n - 1);
  std::vector<vertex_t> sample(root_samples);
  for (vertex_t& v : sample) v = pick(random);

  auto ids = make_buffer<vertex_t>(backend, sample.size());
  auto roots = make_buffer<vertex_t>(backend, sample.size());
  ids.assign(sample);
  backend.gather(parent, ids, roots);

  std::unordered_map<vertex_t, std::size_t> times;
  vertex_t best = no_vertex;
  std::size_t best_times = 0;
  for (const vertex_t root : roots.to_host()) {
    const std::size_t seen = ++times[root];
    if (seen > best_times || (seen == best_times && root < best)) {
      best = root;
      best_times = seen;
    }
  }
  return best;
}

}  // namespace

WccDeviceResult weakly_connected_components_on_device(Engine& engine, const DeviceGraph& graph) {
  Backend& backend = engine.backend();
  const auto size = static_cast<std::size_t>(graph.num_vertices());
  WccSummary result;
  if (size == 0) return WccDeviceResult{result, make_buffer<vertex_t>(backend, 0)};

  auto parent = make_buffer<vertex_t>(backend, size);
  backend.iota(parent);

  for (int round = 0; round < neighbour_rounds; ++round) {
    backend.link_neighbours(graph, Edges::out, round, 1, no_vertex, parent);
    backend.compress(parent);
    ++result.iterations;
  }

  const vertex_t giant = most_frequent_root(backend, parent);
  constexpr edge_t rest_of_row = std::numeric_limits<edge_t>::max();
  backend.link_neighbours(graph, Edges::out, neighbour_rounds, rest_of_row, giant, parent);
  ++result.iterations;
  if (graph.directed()) {
    backend.link_neighbours(graph, Edges::in, 0, rest_of_row, giant, parent);
    ++result.iterations;
  }
  backend.compress(parent);

  // Each component has exactly one root, its smallest vertex, with parent[v] == v.
  auto ids = make_buffer<vertex_t>(backend, size);
  backend.iota(ids);
  result.num_components = size - backend.count_different(parent, ids);
  return WccDeviceResult{result, std::move(parent)};
}

WccResult weakly_connected_components(Engine& engine, const DeviceGraph& graph) {
  const WccDeviceResult found = weakly_connected_components_on_device(engine, graph);
  return WccResult{static_cast<const WccSummary&>(found), found.component.to_host()};
}

}  // namespace graphrun
