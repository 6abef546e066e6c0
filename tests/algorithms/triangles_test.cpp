// Triangle counting and the local clustering coefficient: hand-traced
// graphs, LDBC Graphalytics' LCC validation outputs, and random graphs
// against a brute-force reading of the definitions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <set>

#include "algorithm_test_support.hpp"
#include "graphrun/algorithms/kernels/triangle_kernels.hpp"
#include "graphrun/algorithms/triangles.hpp"
#include "graphrun/error.hpp"
#include "graphrun/io/read.hpp"
#include "support/test_data.hpp"

namespace graphrun {
namespace {

using test::cpu_engine;
using test::make_graph;

TriangleCountResult count(const Graph& graph, int threads = 0) {
  Engine engine = cpu_engine(threads);
  const auto simple = engine.upload(undirected_simple(graph, EdgeCounts::none));
  return triangle_count(engine, *simple, true);
}

LocalClusteringResult clustering(const Graph& graph, int threads = 0) {
  Engine engine = cpu_engine(threads);
  const auto closure = engine.upload(undirected_simple(graph, EdgeCounts::by_direction));
  return local_clustering(engine, *closure);
}

// The definitions read literally on the graph's edge set.
struct BruteForce {
  std::vector<std::uint64_t> triangles;
  std::vector<double> lcc;
  std::uint64_t total = 0;
};

BruteForce brute_force(const Graph& graph) {
  const vertex_t n = graph.num_vertices();
  std::set<std::pair<vertex_t, vertex_t>> arcs;  // directed, no self-loops
  const Csr& out = graph.out_edges();
  for (vertex_t u = 0; u < n; ++u)
    for (edge_t k = out.offsets[u]; k < out.offsets[u + 1]; ++k)
      if (out.indices[k] != u) arcs.insert({u, out.indices[k]});
  const auto adjacent = [&](vertex_t a, vertex_t b) { return arcs.count({a, b}) || arcs.count({b, a}); };
  BruteForce result;
  result.triangles.assign(static_cast<std::size_t>(n), 0);
  result.lcc.assign(static_cast<std::size_t>(n), 0.0);
  for (vertex_t v = 0; v < n; ++v) {
    std::vector<vertex_t> neighbours;
    for (vertex_t u = 0; u < n; ++u)
      if (u != v && adjacent(u, v)) neighbours.push_back(u);
    std::uint64_t arcs_among = 0, pairs = 0;
    for (const vertex_t a : neighbours)
      for (const vertex_t b : neighbours) {
        if (a == b) continue;
        arcs_among += arcs.count({a, b});
        if (a < b && adjacent(a, b)) ++pairs;
      }
    result.triangles[static_cast<std::size_t>(v)] = pairs;
    result.total += pairs;
    const double d = static_cast<double>(neighbours.size());
    if (d >= 2) result.lcc[static_cast<std::size_t>(v)] = static_cast<double>(arcs_among) / (d * (d - 1));
  }
  result.total /= 3;
  return result;
}

}  // namespace

TEST_CASE("undirected_simple drops direction, self-loops and repeats, and counts directions", "[triangles]") {
  // 0 -> 1, 1 -> 0, 1 -> 2, 2 -> 2 (a self-loop), 3 isolated.
  const Graph graph = make_graph(4, {{0, 1}, {1, 0}, {1, 2}, {2, 2}});
  const Graph counted = undirected_simple(graph, EdgeCounts::by_direction);
  CHECK_FALSE(counted.directed());
  CHECK(counted.out_edges().offsets == std::vector<edge_t>{0, 1, 3, 4, 4});
  CHECK(counted.out_edges().indices == std::vector<vertex_t>{1, 0, 2, 1});
  CHECK(counted.out_edges().values == std::vector<float>{2, 2, 1, 1});
  CHECK_FALSE(undirected_simple(graph, EdgeCounts::none).out_edges().weighted());
  // An undirected graph stores both directions: every edge counts 2.
  const Graph undirected = make_graph(3, {{0, 1}, {1, 2}}, true);
  CHECK(undirected_simple(undirected, EdgeCounts::by_direction).out_edges().values == std::vector<float>{2, 2, 2, 2});
}

TEST_CASE("triangle count and lcc on hand-traced graphs", "[triangles]") {
  // Two triangles sharing the edge {1, 2}: {0,1,2} and {1,2,3}; 4 hangs off 3.
  const Graph graph = make_graph(5, {{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}, {3, 4}}, true);
  const TriangleCountResult t = count(graph);
  CHECK(t.total == 2);
  CHECK(t.per_vertex == std::vector<std::uint64_t>{1, 2, 2, 1, 0});
  const LocalClusteringResult c = clustering(graph);
  CHECK(c.coefficient == std::vector<double>{1.0, 2.0 / 3.0, 2.0 / 3.0, 1.0 / 3.0, 0.0});
  // Directed, one way round the triangle: each neighbour pair has one arc.
  const Graph cycle = make_graph(3, {{0, 1}, {1, 2}, {2, 0}});
  CHECK(count(cycle).total == 1);
  CHECK(clustering(cycle).coefficient == std::vector<double>{0.5, 0.5, 0.5});
  // No vertices, no edges, one vertex with a self-loop.
  CHECK(count(make_graph(0, {})).total == 0);
  CHECK(count(make_graph(1, {{0, 0}})).total == 0);
  CHECK(clustering(make_graph(1, {{0, 0}})).coefficient == std::vector<double>{0.0});
}

TEST_CASE("lcc reproduces LDBC Graphalytics' validation outputs", "[triangles][ldbc]") {
  for (const auto& [graph_file, expected_file] :
       {std::pair{"ldbc/example/example-directed.v", "ldbc/example/example-directed-LCC"},
        std::pair{"ldbc/example/example-undirected.v", "ldbc/example/example-undirected-LCC"},
        std::pair{"ldbc/example/example-directed.v", "ldbc/lcc/dir-output"},
        std::pair{"ldbc/example/example-undirected.v", "ldbc/lcc/undir-output"}}) {
    INFO(expected_file);
    const Graph graph = io::load_graph(test::data_path(graph_file));
    std::ifstream file(test::data_path(expected_file));
    REQUIRE(file);
    std::map<std::int64_t, double> expected;
    std::int64_t id = 0;
    double value = 0;
    while (file >> id >> value) expected[id] = value;
    REQUIRE(expected.size() == static_cast<std::size_t>(graph.num_vertices()));
    const LocalClusteringResult result = clustering(graph);
    for (vertex_t v = 0; v < graph.num_vertices(); ++v) {
      INFO("vertex " << graph.ids().original(v));
      CHECK(std::abs(result.coefficient[v] - expected.at(graph.ids().original(v))) <= 1e-6);
    }
  }
}

TEST_CASE("triangle count and lcc equal the definitions on random graphs", "[triangles]") {
  std::mt19937 random(71);
  for (const test::RandomGraphShape& shape : test::random_shapes()) {
    const Graph graph = test::random_graph(random, shape);
    INFO("n " << shape.num_vertices << ", edges " << shape.num_edges << ", undirected " << shape.undirected
              << ", hub " << shape.hub_share);
    const BruteForce expected = brute_force(graph);
    for (const int threads : {1, 2}) {
      const TriangleCountResult t = count(graph, threads);
      CHECK(t.total == expected.total);
      CHECK(t.per_vertex == expected.triangles);
      const LocalClusteringResult c = clustering(graph, threads);
      for (std::size_t v = 0; v < expected.lcc.size(); ++v) CHECK(c.coefficient[v] == Approx(expected.lcc[v]));
    }
  }
}

TEST_CASE("per-vertex triangle counts past the per-thread rank arrays", "[triangles]") {
  // 40,000 vertices: more than CpuTuning::triangle_private_ranks (32,768),
  // so the highest ranks are summed per thread and the rest by atomics.
  // Cliques of five spread triangles over low and high ranks; a hub joined
  // to every third vertex closes many more at the top rank.
  constexpr vertex_t n = 40000;
  std::mt19937 random(73);
  std::uniform_int_distribution<vertex_t> any(0, n - 1);
  std::vector<test::Edge> edges;
  for (vertex_t first = 1; first + 5 <= n; first += 5)
    for (vertex_t a = first; a < first + 5; ++a)
      for (vertex_t b = a + 1; b < first + 5; ++b) edges.push_back({a, b});
  for (vertex_t v = 3; v < n; v += 3) edges.push_back({0, v});
  for (int k = 0; k < 60000; ++k) edges.push_back({any(random), any(random)});
  const Graph graph = make_graph(n, edges, true);
  // The reference: v's count is the edges among its neighbours, each found
  // twice by merging sorted neighbour sets.
  std::vector<std::vector<vertex_t>> neighbours(static_cast<std::size_t>(n));
  const Csr& out = graph.out_edges();
  for (vertex_t v = 0; v < n; ++v)
    for (edge_t k = out.offsets[v]; k < out.offsets[v + 1]; ++k)
      if (out.indices[k] != v) neighbours[static_cast<std::size_t>(v)].push_back(out.indices[k]);
  for (auto& list : neighbours) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  std::vector<std::uint64_t> expected(static_cast<std::size_t>(n), 0);
  std::uint64_t total = 0;
  for (vertex_t v = 0; v < n; ++v) {
    const auto& mine = neighbours[static_cast<std::size_t>(v)];
    std::uint64_t twice = 0;
    for (const vertex_t u : mine) {
      const auto& theirs = neighbours[static_cast<std::size_t>(u)];
      std::vector<vertex_t> common;
      std::set_intersection(mine.begin(), mine.end(), theirs.begin(), theirs.end(), std::back_inserter(common));
      twice += common.size();
    }
    expected[static_cast<std::size_t>(v)] = twice / 2;
    total += twice / 2;
  }
  total /= 3;
  REQUIRE(expected[0] > 0);
  for (const int threads : {1, 2, 3}) {
    INFO("threads " << threads);
    const TriangleCountResult t = count(graph, threads);
    CHECK(t.total == total);
    CHECK(t.per_vertex == expected);
  }
}

TEST_CASE("triangle_sums reads weights rounded half away from zero", "[triangles]") {
  CHECK(triangle_weight(2.5f) == 3);
  CHECK(triangle_weight(0.5f) == 1);
  CHECK(triangle_weight(0.49f) == 0);
  CHECK(triangle_weight(-2.0f) == 0);
  CHECK(triangle_weight(std::nanf("")) == 0);
  CHECK(triangle_weight(1e20f) == 4294967295u);
  // The triangle 0-1-2 with every weight 2.5: each vertex's opposite edge reads 3.
  Engine engine = cpu_engine();
  const auto graph = engine.upload(make_graph(3, {{0, 1, 2.5f}, {1, 2, 2.5f}, {0, 2, 2.5f}}, true, true));
  DeviceVector<std::uint64_t> sums(engine.backend().memory(), 3);
  CHECK(triangle_kernels(engine.backend()).triangle_sums(*graph, true, sums.span()) == 1);
  CHECK(sums.to_host() == std::vector<std::uint64_t>{3, 3, 3});
}

TEST_CASE("triangle_sums refuses a directed graph", "[triangles]") {
  Engine engine = cpu_engine();
  const auto directed = engine.upload(make_graph(3, {{0, 1}, {1, 2}, {2, 0}}));
  CHECK_THROWS_AS(triangle_count(engine, *directed, false), UsageError);
}

}  // namespace graphrun
