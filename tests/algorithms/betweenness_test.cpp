// Betweenness centrality: a hand-traced graph, then random graphs against
// the definition read literally (all-pairs shortest-path counts), exact and
// sampled, for every thread count.
#include <catch2/catch.hpp>

#include <queue>
#include <random>

#include "algorithm_test_support.hpp"
#include "graphrun/algorithms/betweenness.hpp"
#include "graphrun/algorithms/kernels/centrality_kernels.hpp"
#include "graphrun/error.hpp"

namespace graphrun {
namespace {

using test::cpu_engine;
using test::make_graph;

BetweennessResult run_bc(const Graph& graph, const BetweennessParams& params, int threads = 0) {
  Engine engine = cpu_engine(threads);
  const auto resident = engine.upload(graph);
  return betweenness_centrality(engine, *resident, params);
}

// For each source: BFS distances and shortest-path counts along out-edges.
struct AllPairs {
  std::vector<std::vector<int>> distance;     // -1: unreachable
  std::vector<std::vector<double>> paths;
};

AllPairs all_pairs(const Graph& graph) {
  const vertex_t n = graph.num_vertices();
  const Csr& out = graph.out_edges();
  AllPairs result;
  for (vertex_t s = 0; s < n; ++s) {
    std::vector<int> distance(static_cast<std::size_t>(n), -1);
    std::vector<double> paths(static_cast<std::size_t>(n), 0.0);
    std::queue<vertex_t> queue;
    distance[s] = 0;
    paths[s] = 1.0;
    queue.push(s);
    while (!queue.empty()) {
      const vertex_t u = queue.front();
      queue.pop();
      for (edge_t k = out.offsets[u]; k < out.offsets[u + 1]; ++k) {
        const vertex_t v = out.indices[k];
        if (distance[v] < 0) {
          distance[v] = distance[u] + 1;
          queue.push(v);
        }
        if (distance[v] == distance[u] + 1) paths[v] += paths[u];
      }
    }
    result.distance.push_back(std::move(distance));
    result.paths.push_back(std::move(paths));
  }
  return result;
}

// sum over s != v != t, s != t of sigma_st(v) / sigma_st, over `sources`
// (every vertex when empty), scaled as networkx scales.
std::vector<double> definition(const Graph& graph, const std::vector<vertex_t>& sources) {
  const vertex_t n = graph.num_vertices();
  const AllPairs pairs = all_pairs(graph);
  std::vector<vertex_t> from = sources;
  if (from.empty())
    for (vertex_t s = 0; s < n; ++s) from.push_back(s);
  std::vector<double> centrality(static_cast<std::size_t>(n), 0.0);
  for (const vertex_t s : from)
    for (vertex_t t = 0; t < n; ++t) {
      if (t == s || pairs.distance[s][t] < 0) continue;
      for (vertex_t v = 0; v < n; ++v) {
        if (v == s || v == t || pairs.distance[s][v] < 0 || pairs.distance[v][t] < 0) continue;
        if (pairs.distance[s][v] + pairs.distance[v][t] != pairs.distance[s][t]) continue;
        centrality[v] += pairs.paths[s][v] * pairs.paths[v][t] / pairs.paths[s][t];
      }
    }
  double scale = graph.directed() ? 1.0 : 0.5;
  if (!sources.empty()) scale *= static_cast<double>(n) / static_cast<double>(sources.size());
  for (double& value : centrality) value *= scale;
  return centrality;
}

}  // namespace

TEST_CASE("betweenness on a hand-traced graph", "[betweenness]") {
  // A path 0 - 1 - 2 with a second route 0 - 3 - 2: the pair (0, 2) splits
  // between 1 and 3, half each; undirected, so each pair counts once.
  const Graph graph = make_graph(4, {{0, 1}, {1, 2}, {0, 3}, {3, 2}}, true);
  CHECK(run_bc(graph, {}).centrality == std::vector<double>{0.5, 0.5, 0.5, 0.5});
  // Directed star through 1: 0 -> 1 -> {2, 3}: 1 carries (0, 2) and (0, 3).
  const Graph star = make_graph(4, {{0, 1}, {1, 2}, {1, 3}});
  CHECK(run_bc(star, {}).centrality == std::vector<double>{0.0, 2.0, 0.0, 0.0});
  CHECK(run_bc(make_graph(1, {{0, 0}}), {}).centrality == std::vector<double>{0.0});
  CHECK(run_bc(make_graph(0, {}), {}).centrality.empty());
}

TEST_CASE("betweenness equals the definition on random graphs, exact and sampled", "[betweenness]") {
  std::mt19937 random(81);
  for (const test::RandomGraphShape& shape : test::random_shapes()) {
    const Graph graph = test::random_graph(random, shape);
    INFO("n " << shape.num_vertices << ", edges " << shape.num_edges << ", undirected " << shape.undirected
              << ", hub " << shape.hub_share);
    std::uniform_int_distribution<vertex_t> vertex(0, graph.num_vertices() - 1);
    const std::vector<vertex_t> sample = {vertex(random), vertex(random), 0, 0};
    for (const std::vector<vertex_t>& sources : {std::vector<vertex_t>{}, sample}) {
      const std::vector<double> expected = definition(graph, sources);
      for (const int threads : {1, 2}) {
        const BetweennessResult result = run_bc(graph, BetweennessParams{sources}, threads);
        REQUIRE(result.centrality.size() == expected.size());
        for (std::size_t v = 0; v < expected.size(); ++v) CHECK(result.centrality[v] == Approx(expected[v]).margin(1e-9));
      }
    }
  }
}

TEST_CASE("betweenness through hubs whose rows are summed wide", "[betweenness]") {
  // K(2, L): two hubs joined through each of L leaves. Each pair of leaves
  // has two shortest paths, one through each hub: a hub carries half of the
  // L(L-1)/2 pairs. The hubs' pair has L paths, one through each leaf. The
  // hubs' rows are longer than BrandesSumOrder::wide_row.
  const vertex_t leaves = static_cast<vertex_t>(BrandesSumOrder::wide_row) + 200;
  std::vector<test::Edge> edges;
  for (vertex_t leaf = 2; leaf < leaves + 2; ++leaf) {
    edges.push_back({0, leaf});
    edges.push_back({1, leaf});
  }
  const Graph graph = make_graph(leaves + 2, edges, true);
  const double l = leaves;
  for (const int threads : {1, 2}) {
    const std::vector<double> centrality = run_bc(graph, {}, threads).centrality;
    CHECK(centrality[0] == Approx(l * (l - 1) / 4));
    CHECK(centrality[1] == Approx(l * (l - 1) / 4));
    for (vertex_t leaf = 2; leaf < leaves + 2; ++leaf) REQUIRE(centrality[static_cast<std::size_t>(leaf)] == Approx(1 / l));
  }
}

TEST_CASE("betweenness refuses a source outside the graph", "[betweenness]") {
  CHECK_THROWS_AS(run_bc(make_graph(3, {{0, 1}}), BetweennessParams{{3}}), UsageError);
}

}  // namespace graphrun
