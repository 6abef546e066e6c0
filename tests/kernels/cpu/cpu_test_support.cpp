#include "cpu_test_support.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "graphrun/io/read.hpp"
#include "support/test_data.hpp"

namespace graphrun::test {
namespace {

BuildOptions test_build_options() {
  BuildOptions options;
  options.duplicates = DuplicatePolicy::min;
  return options;
}

// Draws `count` distinct pairs (unordered pairs when symmetric) with
// sources from pick_source and targets from pick_target.
template <class PickSource, class PickTarget>
EdgeList random_edges(std::mt19937_64& rng, vertex_t n, std::size_t count, Symmetry symmetry, bool weighted,
                      PickSource pick_source, PickTarget pick_target) {
  EdgeList edges;
  edges.num_vertices = n;
  edges.symmetry = symmetry;
  std::set<std::pair<vertex_t, vertex_t>> seen;
  std::uniform_real_distribution<float> weight(0.25f, 4.0f);
  for (std::size_t attempt = 0; attempt < count * 20 && edges.size() < count; ++attempt) {
    const vertex_t u = pick_source(rng), v = pick_target(rng);
    const auto key = symmetry == Symmetry::general ? std::pair{u, v} : std::pair{std::min(u, v), std::max(u, v)};
    if (!seen.insert(key).second) continue;
    edges.src.push_back(u);
    edges.dst.push_back(v);
    if (weighted) edges.weights.push_back(weight(rng));
  }
  return edges;
}

auto uniform_vertex(vertex_t n) { return [n](std::mt19937_64& rng) { return std::uniform_int_distribution<vertex_t>(0, n - 1)(rng); }; }

void add_edge(EdgeList& edges, vertex_t u, vertex_t v, float w) {
  edges.src.push_back(u);
  edges.dst.push_back(v);
  if (edges.weighted()) edges.weights.push_back(w);
}

}  // namespace

std::vector<Triple> adjacency_triples(const EdgeList& edges) {
  // (source, target) -> smallest weight, which is what DuplicatePolicy::min keeps.
  std::map<std::pair<vertex_t, vertex_t>, float> merged;
  auto put = [&](vertex_t u, vertex_t v, float w) {
    auto [slot, fresh] = merged.try_emplace({u, v}, w);
    if (!fresh) slot->second = std::min(slot->second, w);
  };
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const float w = edges.weighted() ? edges.weights[i] : 1.0f;
    put(edges.src[i], edges.dst[i], w);
    if (edges.symmetry != Symmetry::general && edges.src[i] != edges.dst[i])
      put(edges.dst[i], edges.src[i], edges.symmetry == Symmetry::skew_symmetric ? -w : w);
  }
  std::vector<Triple> triples;
  for (const auto& [pair, w] : merged) triples.push_back({pair.first, pair.second, w});
  // Shuffle-free but not CSR order: the reference must not rely on sortedness.
  std::reverse(triples.begin(), triples.end());
  return triples;
}

TestGraph make_test_graph(std::string name, const EdgeList& edges) {
  return {std::move(name), Graph::build(edges, test_build_options()), adjacency_triples(edges)};
}

std::vector<TestGraph> edge_case_graphs(std::mt19937_64& rng) {
  std::vector<TestGraph> graphs;

  EdgeList lone;
  lone.num_vertices = 1;
  graphs.push_back(make_test_graph("n = 1, no entries", lone));

  EdgeList loop;
  loop.num_vertices = 1;
  loop.src = {0};
  loop.dst = {0};
  loop.weights = {2.5f};
  graphs.push_back(make_test_graph("n = 1, one self-loop", loop));

  EdgeList empty;
  empty.num_vertices = 7;
  graphs.push_back(make_test_graph("n = 7, nnz = 0", empty));

  // Only even vertices have out-edges and only multiples of 3 have in-edges.
  graphs.push_back(make_test_graph(
      "empty out- and in-rows (directed)",
      random_edges(rng, 300, 900, Symmetry::general, true,
                   [](std::mt19937_64& r) { return 2 * std::uniform_int_distribution<vertex_t>(0, 149)(r); },
                   [](std::mt19937_64& r) { return 3 * std::uniform_int_distribution<vertex_t>(0, 99)(r); })));

  // One row holding most entries: vertex 3 points at everyone (itself too).
  EdgeList hub_out = random_edges(rng, 500, 50, Symmetry::general, true, uniform_vertex(500), uniform_vertex(500));
  for (vertex_t v = 0; v < 500; ++v) add_edge(hub_out, 3, v, 1.0f + static_cast<float>(v % 7));
  graphs.push_back(make_test_graph("hub out-row (directed)", hub_out));

  // The same seen from the other side: everyone points at vertex 5.
  EdgeList hub_in = random_edges(rng, 500, 50, Symmetry::general, false, uniform_vertex(500), uniform_vertex(500));
  for (vertex_t v = 0; v < 500; ++v) add_edge(hub_in, v, 5, 1.0f);
  graphs.push_back(make_test_graph("hub in-row (directed, pattern)", hub_in));

  EdgeList undirected = random_edges(rng, 200, 500, Symmetry::symmetric, true, uniform_vertex(200), uniform_vertex(200));
  for (vertex_t v = 0; v < 200; v += 10) add_edge(undirected, v, v, 0.5f);
  graphs.push_back(make_test_graph("undirected with self-loops", undirected));

  // Mostly u < v, so a vertex's in-row and out-row differ.
  graphs.push_back(make_test_graph(
      "directed, in-rows differ from out-rows",
      random_edges(rng, 80, 400, Symmetry::general, true, uniform_vertex(60),
                   [](std::mt19937_64& r) { return std::uniform_int_distribution<vertex_t>(40, 79)(r); })));

  // Power-law-like degrees: sources crowd towards vertex 0.
  graphs.push_back(make_test_graph(
      "skewed degrees (directed)",
      random_edges(
          rng, 2000, 12000, Symmetry::general, true,
          [](std::mt19937_64& r) {
            const double u = std::uniform_real_distribution<double>(0.0, 1.0)(r);
            return static_cast<vertex_t>(1999.0 * u * u * u * u);
          },
          uniform_vertex(2000))));
  // Large enough that csr-parallel and coo-parallel split it over three
  // threads (CpuTuning::min_row_work_per_thread): a hub row of every vertex
  // is cut between coo segments.
  EdgeList wide = random_edges(rng, 40000, 20000, Symmetry::general, true, uniform_vertex(40000),
                               uniform_vertex(40000));
  for (vertex_t v = 0; v < 40000; ++v) add_edge(wide, 7, v, 1.0f + static_cast<float>(v % 5));
  graphs.push_back(make_test_graph("split over threads: a hub row of every vertex (directed)", wide));
  return graphs;
}

std::vector<TestGraph> real_graphs() {
  std::vector<TestGraph> graphs;
  for (const char* file : {"karate.mtx", "ldbc-directed-example.mtx", "west0067.mtx", "lesmis.mtx",
                           "celegansneural.mtx", "jagmesh7.mtx", "polblogs.mtx"})
    graphs.push_back(make_test_graph(file, io::read_edges(data_path(file))));
  return graphs;
}

std::vector<TestGraph> all_test_graphs(std::mt19937_64& rng) {
  std::vector<TestGraph> graphs = edge_case_graphs(rng);
  for (TestGraph& graph : real_graphs()) graphs.push_back(std::move(graph));
  return graphs;
}

Graph path_graph_3() {
  EdgeList edges;
  edges.num_vertices = 3;
  edges.src = {0, 1};
  edges.dst = {1, 2};
  return Graph::build(edges);
}

}  // namespace graphrun::test
