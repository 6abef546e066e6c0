// BFS: hand-traced examples, then random graphs in every direction mode
// against a queue-based reference; parents must not depend on the directions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <random>

#include "algorithm_test_support.hpp"
#include "bench/src/reference/traversal.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/bfs_progress.hpp"
#include "graphrun/error.hpp"
#include "graphrun/generate.hpp"
#include "graphrun/io/read.hpp"
#include "support/test_data.hpp"

namespace graphrun {
namespace {

using test::cpu_engine;
using test::make_graph;

constexpr BfsDirection all_directions[] = {BfsDirection::optimizing, BfsDirection::push, BfsDirection::pull};

const char* name(BfsDirection direction) {
  switch (direction) {
    case BfsDirection::optimizing: return "optimizing";
    case BfsDirection::push: return "push";
    case BfsDirection::pull: return "pull";
  }
  return "?";
}

edge_t out_degree_sum_of_reached(const Graph& graph, const std::vector<level_t>& level) {
  edge_t sum = 0;
  for (vertex_t v = 0; v < graph.num_vertices(); ++v)
    if (level[v] >= 0) sum += graph.out_edges().degree(v);
  return sum;
}

// Checks one BFS run against the reference and the result's own invariants.
void check_against_reference(const Graph& graph, const BfsResult& result, vertex_t source) {
  const std::vector<level_t> expected_level = bench::bfs_levels(graph, source);
  CHECK(result.level == expected_level);
  CHECK(result.parent == bench::bfs_parents(graph, source, expected_level));
  std::size_t reached = 0;
  level_t depth = 0;
  for (const level_t level : expected_level)
    if (level >= 0) {
      ++reached;
      depth = std::max(depth, level);
    }
  CHECK(result.reached == reached);
  CHECK(result.depth == depth);
  CHECK(result.edges_traversed == out_degree_sum_of_reached(graph, expected_level));
  // One step per level plus the last one that finds nothing.
  CHECK(result.push_steps + result.pull_steps == depth + 1);
}

TEST_CASE("bfs: LDBC directed example traced by hand") {
  // From original vertex 1: level 1 = {3, 5}; level 2 = {4 (via 5), 8 (via 3 and
  // 5: smallest is 3), 10 (via 3)}; 4, 8, 10 lead nowhere new; 2, 6, 7, 9 only
  // have edges into the reached part. Out-degrees of reached vertices:
  // 1:2 3:4 5:3 4:0 8:1 10:0 = 10 entries.
  Engine engine = cpu_engine();
  const Graph graph = io::load_graph(test::data_path("ldbc-directed-example.mtx"));
  const auto device_graph = engine.upload(graph);
  const std::vector<level_t> level{0, no_level, 1, 2, 1, no_level, no_level, 2, no_level, 2};
  // Compact ids (original - 1).
  const std::vector<vertex_t> parent{0, no_vertex, 0, 4, 0, no_vertex, no_vertex, 2, no_vertex, 2};
  for (const BfsDirection direction : all_directions) {
    INFO(name(direction));
    const BfsResult result = bfs(engine, *device_graph, {.source = 0, .direction = direction});
    CHECK(result.level == level);
    CHECK(result.parent == parent);
    CHECK(result.depth == 2);
    CHECK(result.reached == 6);
    CHECK(result.edges_traversed == 10);
  }
}

TEST_CASE("bfs: LDBC undirected example matches the reference from every source") {
  Engine engine = cpu_engine();
  const Graph graph = io::load_graph(test::data_path("ldbc-undirected-example.mtx"));
  const auto device_graph = engine.upload(graph);
  for (vertex_t source = 0; source < graph.num_vertices(); ++source)
    for (const BfsDirection direction : all_directions) {
      INFO("source " << source << ", " << name(direction));
      check_against_reference(graph, bfs(engine, *device_graph, {.source = source, .direction = direction}), source);
    }
}

TEST_CASE("bfs: single vertex, self-loops, duplicates and disconnected parts") {
  Engine engine = cpu_engine();
  SECTION("one vertex, no edges") {
    const BfsResult result = bfs(engine, *engine.upload(make_graph(1, {})), {.source = 0});
    CHECK(result.level == std::vector<level_t>{0});
    CHECK(result.parent == std::vector<vertex_t>{0});
    CHECK(result.reached == 1);
    CHECK(result.depth == 0);
    CHECK(result.edges_traversed == 0);
  }
  SECTION("self-loop on the source does not re-parent it") {
    for (const BfsDirection direction : all_directions) {
      const BfsResult result =
          bfs(engine, *engine.upload(make_graph(2, {{0, 0}, {0, 1}, {1, 1}})), {.source = 0, .direction = direction});
      CHECK(result.level == std::vector<level_t>{0, 1});
      CHECK(result.parent == std::vector<vertex_t>{0, 0});
      CHECK(result.edges_traversed == 3);
    }
  }
  SECTION("duplicates and two parents on the same level") {
    // 0->2, 0->3, 3->1, 2->1, 2->1 (dup): 1 is reached from 2 and 3, parent 2.
    for (const BfsDirection direction : all_directions) {
      const BfsResult result = bfs(engine, *engine.upload(make_graph(4, {{0, 2}, {0, 3}, {3, 1}, {2, 1}, {2, 1}})),
                                   {.source = 0, .direction = direction});
      CHECK(result.level == std::vector<level_t>{0, 2, 1, 1});
      CHECK(result.parent == std::vector<vertex_t>{0, 2, 0, 0});
      CHECK(result.edges_traversed == 4);  // the duplicate was merged
    }
  }
  SECTION("edges are followed only forwards on a directed graph") {
    // 1 -> 0 -> 2, plus a separate 3 <-> 4; from 0 only 2 is reachable.
    const BfsResult result = bfs(engine, *engine.upload(make_graph(5, {{1, 0}, {0, 2}, {3, 4}, {4, 3}})), {.source = 0});
    CHECK(result.level == std::vector<level_t>{0, no_level, 1, no_level, no_level});
    CHECK(result.parent == std::vector<vertex_t>{0, no_vertex, 0, no_vertex, no_vertex});
    CHECK(result.reached == 2);
  }
}

TEST_CASE("bfs: forced directions give identical results on random graphs") {
  Engine engine = cpu_engine();
  std::mt19937 random(4242);
  for (const test::RandomGraphShape& shape : test::random_shapes()) {
    const Graph graph = test::random_graph(random, shape);
    const auto device_graph = engine.upload(graph);
    std::uniform_int_distribution<vertex_t> vertex(0, shape.num_vertices - 1);
    for (int trial = 0; trial < 3; ++trial) {
      const vertex_t source = trial == 0 ? 0 : vertex(random);  // vertex 0 is the hub when there is one
      INFO("n = " << shape.num_vertices << ", undirected = " << shape.undirected << ", source = " << source);
      const BfsResult push = bfs(engine, *device_graph, {.source = source, .direction = BfsDirection::push});
      const BfsResult pull = bfs(engine, *device_graph, {.source = source, .direction = BfsDirection::pull});
      const BfsResult optimizing = bfs(engine, *device_graph, {.source = source});
      check_against_reference(graph, push, source);
      check_against_reference(graph, pull, source);
      check_against_reference(graph, optimizing, source);
      CHECK(push.pull_steps == 0);
      CHECK(pull.push_steps == 0);
    }
  }
}

// The cpu backend runs every level in one bfs_levels call: push levels that
// defer their parents to the next row scan (small frontiers of undirected
// graphs), the re-offer when such a frontier is pulled next, pull runs on
// bitmaps, and the conversions between the two forms, with 1 to 3 threads.
TEST_CASE("bfs: generated graphs match the reference in every direction and thread count") {
  for (const auto& [kind, scale] : {std::pair{GeneratorKind::kron, 13}, std::pair{GeneratorKind::road, 12},
                                    std::pair{GeneratorKind::mesh, 10}, std::pair{GeneratorKind::uniform, 12}}) {
    GeneratorSpec spec;
    spec.kind = kind;
    spec.scale = scale;
    const Graph graph = Graph::build(generate(spec));
    for (const int threads : {1, 2, 3}) {
      Engine engine = test::cpu_engine(threads);
      const auto device_graph = engine.upload(graph);
      for (const vertex_t source : {vertex_t{1}, graph.num_vertices() / 3, graph.num_vertices() - 2})
        for (const BfsDirection direction : all_directions) {
          INFO(generator_name(spec) << ", threads " << threads << ", source " << source << ", " << name(direction));
          check_against_reference(graph, bfs(engine, *device_graph, {.source = source, .direction = direction}),
                                  source);
        }
    }
  }
}

TEST_CASE("bfs: the optimizing heuristic switches both ways") {
  // A long path 0-1-...-99 hanging off a dense clique around vertex 100: the
  // clique frontier is edge-heavy (push -> pull), then the path frontier is a
  // single vertex (pull -> push).
  std::vector<test::Edge> edges;
  for (vertex_t v = 0; v < 99; ++v) edges.push_back({v, v + 1});
  for (vertex_t a = 100; a < 140; ++a)
    for (vertex_t b = a + 1; b < 140; ++b) edges.push_back({a, b});
  edges.push_back({139, 0});
  const Graph graph = make_graph(140, edges, true);
  Engine engine = cpu_engine();
  const BfsResult result = bfs(engine, *engine.upload(graph), {.source = 100});
  check_against_reference(graph, result, 100);
  CHECK(result.pull_steps > 0);
  CHECK(result.push_steps > 0);
  // alpha and beta huge: pull from the first step on and never go back.
  const BfsResult always_pull = bfs(engine, *engine.upload(graph), {.source = 100, .alpha = 1e9, .beta = 1e9});
  CHECK(always_pull.push_steps == 0);
  check_against_reference(graph, always_pull, 100);
}

TEST_CASE("bfs: a search deeper than level_t holds is refused, not wrapped") {
  // Reached only on a path of more than 2^31 vertices: the rule itself.
  constexpr level_t deepest = std::numeric_limits<level_t>::max();
  BfsProgress progress;
  progress.depth = deepest - 1;
  CHECK(bfs_next_depth(progress) == deepest);
  progress.depth = deepest;
  CHECK_THROWS_WITH(bfs_next_depth(progress), "bfs: the search reached level 2147483647, the deepest a level_t holds, "
                                              "with a frontier left to expand");
  CHECK_NOTHROW(require_level_after(0, "betweenness"));
  CHECK_THROWS_WITH(require_level_after(deepest, "betweenness"), Catch::StartsWith("betweenness: the search reached"));
}

TEST_CASE("bfs: bad parameters are usage errors") {
  Engine engine = cpu_engine();
  const auto graph = engine.upload(make_graph(3, {{0, 1}}));
  CHECK_THROWS_AS(bfs(engine, *graph, {.source = 3}), UsageError);
  CHECK_THROWS_AS(bfs(engine, *graph, {.source = no_vertex}), UsageError);
  CHECK_THROWS_AS(bfs(engine, *graph, {.source = 0, .alpha = 0.0}), UsageError);
  CHECK_THROWS_AS(bfs(engine, *graph, {.source = 0, .beta = -1.0}), UsageError);
  CHECK_THROWS_AS(bfs(engine, *engine.upload(make_graph(0, {})), {.source = 0}), UsageError);
}

}  // namespace
}  // namespace graphrun
