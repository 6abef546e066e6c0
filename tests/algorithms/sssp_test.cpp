// SSSP: a hand-traced graph, LDBC Graphalytics' validation graphs against
// their published outputs, random graphs against the float Dijkstra
// reference (bit for bit, every method, width and thread count), and the
// argument checks.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <random>
#include <sstream>

#include "algorithm_test_support.hpp"
#include "bench/src/reference/shortest_paths.hpp"
#include "graphrun/algorithms/sssp.hpp"
#include "graphrun/error.hpp"
#include "graphrun/io/read.hpp"
#include "support/test_data.hpp"

namespace graphrun {
namespace {

using test::cpu_engine;
using test::make_graph;

constexpr float inf = std::numeric_limits<float>::infinity();

SsspResult run_sssp(const Graph& graph, const SsspParams& params, int threads = 0) {
  Engine engine = cpu_engine(threads);
  const auto resident = engine.upload(graph);
  return sssp(engine, *resident, params);
}

// The methods and widths every comparison runs.
std::vector<SsspParams> all_params(vertex_t source) {
  return {SsspParams{.source = source}, SsspParams{.source = source, .delta = 0.1},
          SsspParams{.source = source, .delta = 1e9},
          SsspParams{.source = source, .method = SsspMethod::near_far},
          SsspParams{.source = source, .delta = 0.1, .method = SsspMethod::near_far},
          SsspParams{.source = source, .method = SsspMethod::bellman_ford}};
}

// LDBC's expected output: "id value" lines, "Infinity" for unreachable.
std::map<std::int64_t, double> read_ldbc_output(const std::string& path) {
  std::ifstream file(path);
  REQUIRE(file);
  std::map<std::int64_t, double> values;
  std::int64_t id = 0;
  std::string text;
  while (file >> id >> text) values[id] = text == "Infinity" ? HUGE_VAL : std::stod(text);
  return values;
}

}  // namespace

TEST_CASE("sssp on a hand-traced graph: zero weights, a zero cycle, unreachable vertices", "[sssp]") {
  // 0 -2-> 1 -0-> 2 -0-> 1 (a zero-weight cycle), 0 -5-> 3, 2 -1-> 3,
  // 3 -0.5-> 4; vertex 5 has only an out-edge, so nothing reaches it.
  const Graph graph = make_graph(6, {{0, 1, 2.0f}, {1, 2, 0.0f}, {2, 1, 0.0f}, {0, 3, 5.0f}, {2, 3, 1.0f},
                                     {3, 4, 0.5f}, {5, 0, 1.0f}},
                                 false, true);
  for (const SsspParams& params : all_params(0)) {
    const SsspResult result = run_sssp(graph, params);
    CHECK(result.distance == std::vector<float>{0.0f, 2.0f, 2.0f, 3.0f, 3.5f, inf});
    CHECK(result.reached == 5);
    CHECK(result.max_distance == 3.5f);
  }
  // A pattern graph's weights are 1: distances are BFS levels.
  const Graph pattern = make_graph(4, {{0, 1}, {1, 2}, {0, 2}, {2, 3}});
  CHECK(run_sssp(pattern, SsspParams{.source = 0}).distance == std::vector<float>{0.0f, 1.0f, 1.0f, 2.0f});
}

TEST_CASE("sssp reproduces LDBC Graphalytics' validation outputs", "[sssp][ldbc]") {
  struct Case {
    const char* graph;
    const char* expected;
    std::int64_t source;
    bool symmetrize;  // sssp/undir-input has no .properties file naming it undirected
  };
  for (const Case& c : {Case{"ldbc/example/example-directed.v", "ldbc/example/example-directed-SSSP", 1, false},
                        Case{"ldbc/example/example-undirected.v", "ldbc/example/example-undirected-SSSP", 2, false},
                        Case{"ldbc/sssp/dir-input.v", "ldbc/sssp/dir-output", 1, false},
                        Case{"ldbc/sssp/undir-input.v", "ldbc/sssp/undir-output", 1, true}}) {
    INFO(c.graph);
    BuildOptions build;
    if (c.symmetrize) build.undirected = true;
    const Graph graph = io::load_graph(test::data_path(c.graph), build);
    const std::map<std::int64_t, double> expected = read_ldbc_output(test::data_path(c.expected));
    REQUIRE(expected.size() == static_cast<std::size_t>(graph.num_vertices()));
    const vertex_t source = graph.ids().compact(c.source, graph.num_vertices());
    for (const SsspParams& params : all_params(source)) {
      const SsspResult result = run_sssp(graph, params);
      for (vertex_t v = 0; v < graph.num_vertices(); ++v) {
        const double want = expected.at(graph.ids().original(v));
        const double got = result.distance[v];
        INFO("vertex " << graph.ids().original(v) << ": " << got << " against " << want);
        // LDBC's epsilon rule: |got - want| <= 1e-4 * want, infinities equal.
        CHECK((got == want || std::abs(got - want) <= 1e-4 * want));
      }
    }
  }
}

TEST_CASE("sssp equals the float Dijkstra reference bit for bit on random graphs", "[sssp]") {
  std::mt19937 random(61);
  for (const test::RandomGraphShape& shape : test::random_shapes()) {
    const Graph graph = test::random_graph(random, shape);
    INFO("n " << shape.num_vertices << ", edges " << shape.num_edges << ", undirected " << shape.undirected
              << ", weighted " << shape.weighted << ", hub " << shape.hub_share);
    std::uniform_int_distribution<vertex_t> vertex(0, graph.num_vertices() - 1);
    for (const vertex_t source : {vertex_t{0}, vertex(random)}) {
      const std::vector<float> expected = bench::sssp_reference(graph, source);
      for (const SsspParams& params : all_params(source)) {
        for (const int threads : {1, 2}) {
          INFO("source " << source << ", delta " << params.delta << ", method " << static_cast<int>(params.method)
                         << ", threads " << threads);
          const SsspResult result = run_sssp(graph, params, threads);
          CHECK(result.distance == expected);
        }
      }
    }
  }
}

TEST_CASE("sssp with buckets past bucket fusion's limit equals the reference", "[sssp]") {
  // Threads fuse a bucket part of fewer than CpuTuning::sssp_fused_bin_limit
  // (1000) vertices on their own. Here one bucket (delta 1e9) or a few wide
  // ones hold thousands, so the team rounds run with several parts, and
  // narrow buckets mix both paths.
  std::mt19937 random(67);
  const Graph graph =
      test::random_graph(random, {.num_vertices = 30000, .num_edges = 150000, .undirected = true, .weighted = true});
  const std::vector<float> expected = bench::sssp_reference(graph, 0);
  for (const double delta : {0.0, 0.05, 2.0, 1e9}) {
    for (const int threads : {1, 2, 3}) {
      INFO("delta " << delta << ", threads " << threads);
      const SsspResult result = run_sssp(graph, SsspParams{.source = 0, .delta = delta}, threads);
      CHECK(result.distance == expected);
    }
  }
}

namespace {

// What sssp_parents promises, checked from the definition: the source is
// its own parent, unreached vertices have none, every other parent edge is
// tight (float sum), following parents ends at the source, and a parent
// strictly closer is the smallest tight closer in-neighbour.
void check_parents(const Graph& graph, vertex_t source, const std::vector<float>& d,
                   const std::vector<vertex_t>& parent) {
  const vertex_t n = graph.num_vertices();
  REQUIRE(parent.size() == d.size());
  CHECK(parent[static_cast<std::size_t>(source)] == source);
  const Csr& in = graph.in_edges();
  for (vertex_t v = 0; v < n; ++v) {
    const auto at = static_cast<std::size_t>(v);
    if (v == source) continue;
    if (d[at] == inf) {
      CHECK(parent[at] == no_vertex);
      continue;
    }
    const vertex_t p = parent[at];
    REQUIRE(is_vertex(p, n));
    bool tight = false;
    vertex_t smallest_closer = no_vertex;
    for (edge_t k = in.offsets[v]; k < in.offsets[v + 1]; ++k) {
      const vertex_t u = in.indices[k];
      const bool edge_tight = static_cast<float>(d[static_cast<std::size_t>(u)] + in.value(k)) == d[at];
      if (u == p && edge_tight) tight = true;
      if (edge_tight && d[static_cast<std::size_t>(u)] < d[at] && smallest_closer == no_vertex) smallest_closer = u;
    }
    CHECK(tight);
    if (d[static_cast<std::size_t>(p)] < d[at]) CHECK(p == smallest_closer);
    vertex_t walk = v;
    for (vertex_t steps = 0; steps <= n && walk != source; ++steps) walk = parent[static_cast<std::size_t>(walk)];
    CHECK(walk == source);
  }
}

}  // namespace

TEST_CASE("sssp parents form a tree of tight edges, zero-weight classes included", "[sssp]") {
  // The hand-traced graph: 1 and 2 sit at distance 2 joined by zero
  // weights; 2 is reached only across the zero edge from 1.
  const Graph graph = make_graph(6, {{0, 1, 2.0f}, {1, 2, 0.0f}, {2, 1, 0.0f}, {0, 3, 5.0f}, {2, 3, 1.0f},
                                     {3, 4, 0.5f}, {5, 0, 1.0f}},
                                 false, true);
  const SsspResult result = run_sssp(graph, SsspParams{.source = 0});
  CHECK(sssp_parents(graph, 0, result.distance) == std::vector<vertex_t>{0, 0, 1, 2, 3, no_vertex});
  // Zero weights everywhere: every reached vertex sits at distance 0.
  const Graph zeros = make_graph(4, {{0, 1, 0.0f}, {1, 2, 0.0f}, {2, 0, 0.0f}, {3, 3, 0.0f}}, false, true);
  CHECK(sssp_parents(zeros, 0, run_sssp(zeros, SsspParams{}).distance) ==
        std::vector<vertex_t>{0, 0, 1, no_vertex});
  // Random graphs, some with zero and equal integer weights (ties).
  std::mt19937 random(67);
  for (const test::RandomGraphShape& shape : test::random_shapes()) {
    const Graph random_graph = test::random_graph(random, shape);
    std::vector<test::Edge> edges;
    const Csr& out = random_graph.out_edges();
    std::uniform_int_distribution<int> small(0, 3);
    for (vertex_t u = 0; u < random_graph.num_vertices(); ++u)
      for (edge_t k = out.offsets[u]; k < out.offsets[u + 1]; ++k)
        edges.push_back({u, out.indices[k], static_cast<float>(small(random))});
    const Graph ties = make_graph(random_graph.num_vertices(), edges, false, true);
    for (const Graph* g : {&random_graph, &ties}) {
      for (const int threads : {1, 2}) {
        const SsspResult solved = run_sssp(*g, SsspParams{.source = 0}, threads);
        check_parents(*g, 0, solved.distance, sssp_parents(*g, 0, solved.distance));
      }
    }
  }
  CHECK_THROWS_AS(sssp_parents(graph, 6, result.distance), UsageError);
  CHECK_THROWS_AS(sssp_parents(graph, 0, std::vector<float>(3, 0.0f)), UsageError);
}

TEST_CASE("sssp on one vertex, no edges, and an isolated source", "[sssp]") {
  CHECK(run_sssp(make_graph(1, {}), SsspParams{}).distance == std::vector<float>{0.0f});
  const SsspResult isolated = run_sssp(make_graph(3, {{1, 2, 4.0f}}, false, true), SsspParams{.source = 0});
  CHECK(isolated.distance == std::vector<float>{0.0f, inf, inf});
  CHECK(isolated.reached == 1);
  // All weights zero: every reached distance is 0 whatever the width.
  const Graph zeros = make_graph(3, {{0, 1, 0.0f}, {1, 2, 0.0f}}, false, true);
  CHECK(run_sssp(zeros, SsspParams{}).distance == std::vector<float>{0.0f, 0.0f, 0.0f});
}

TEST_CASE("sssp refuses negative weights, a bad source and a bad delta", "[sssp]") {
  const Graph negative = make_graph(3, {{0, 1, 1.0f}, {1, 2, -1.0f}}, false, true);
  CHECK_THROWS_WITH(run_sssp(negative, SsspParams{}), Catch::Contains("negative"));
  const Graph graph = make_graph(3, {{0, 1, 1.0f}}, false, true);
  CHECK_THROWS_AS(run_sssp(graph, SsspParams{.source = 3}), UsageError);
  CHECK_THROWS_AS(run_sssp(graph, SsspParams{.source = no_vertex}), UsageError);
  CHECK_THROWS_AS(run_sssp(graph, SsspParams{.delta = -1.0}), UsageError);
  CHECK_THROWS_AS(run_sssp(graph, SsspParams{.delta = std::nan("")}), UsageError);
}

}  // namespace graphrun
