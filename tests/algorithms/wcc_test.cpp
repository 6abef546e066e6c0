// Weakly connected components: hand-made graphs, a long path that needs many
// rounds, and random graphs against union-find.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "algorithm_test_support.hpp"
#include "graphrun/algorithms/wcc.hpp"
#include "graphrun/io/read.hpp"
#include "reference_algorithms.hpp"
#include "support/test_data.hpp"

namespace graphrun {
namespace {

using test::cpu_engine;
using test::make_graph;

std::size_t count_distinct(const std::vector<vertex_t>& labels) {
  return std::set<vertex_t>(labels.begin(), labels.end()).size();
}

TEST_CASE("wcc: direction is ignored, isolated vertices are their own component") {
  // 3 -> 1 <- 0 and 4 -> 2: {0, 1, 3} and {2, 4}; 5 isolated; 6 with only a self-loop.
  Engine engine = cpu_engine();
  const auto graph = engine.upload(make_graph(7, {{3, 1}, {0, 1}, {4, 2}, {6, 6}}));
  const WccResult result = weakly_connected_components(engine, *graph);
  CHECK(result.component == std::vector<vertex_t>{0, 0, 2, 0, 2, 5, 6});
  CHECK(result.num_components == 4);
}

TEST_CASE("wcc: edges only into the smallest vertex") {
  // 2 -> 0 and 1 -> 2 (directed): 0 learns nothing from out-edges, the label
  // 0 must travel against the edge directions to reach 1.
  Engine engine = cpu_engine();
  const WccResult result = weakly_connected_components(engine, *engine.upload(make_graph(3, {{2, 0}, {1, 2}})));
  CHECK(result.component == std::vector<vertex_t>{0, 0, 0});
  CHECK(result.num_components == 1);
}

TEST_CASE("wcc: one vertex and no edges") {
  Engine engine = cpu_engine();
  const WccResult one = weakly_connected_components(engine, *engine.upload(make_graph(1, {})));
  CHECK(one.component == std::vector<vertex_t>{0});
  CHECK(one.num_components == 1);
  const WccResult none = weakly_connected_components(engine, *engine.upload(make_graph(5, {})));
  CHECK(none.component == std::vector<vertex_t>{0, 1, 2, 3, 4});
  CHECK(none.num_components == 5);
  CHECK(none.iterations == 1);  // one round that changes nothing
  const WccResult empty = weakly_connected_components(engine, *engine.upload(make_graph(0, {})));
  CHECK(empty.component.empty());
  CHECK(empty.num_components == 0);
}

TEST_CASE("wcc: a long path converges in far fewer rounds than its length") {
  // Path 999 -> 998 -> ... -> 0 (directed, pointing at the smallest id) plus
  // its mirror-image ordering 1000 -> ... -> 1999. Without pointer jumping
  // min-label propagation needs ~1000 rounds.
  std::vector<test::Edge> edges;
  for (vertex_t v = 1; v < 1000; ++v) edges.push_back({v, v - 1});
  for (vertex_t v = 1000; v < 1999; ++v) edges.push_back({v, v + 1});
  Engine engine = cpu_engine();
  const WccResult result = weakly_connected_components(engine, *engine.upload(make_graph(2000, edges)));
  std::vector<vertex_t> expected(2000, 0);
  std::fill(expected.begin() + 1000, expected.end(), 1000);
  CHECK(result.component == expected);
  CHECK(result.num_components == 2);
  CHECK(result.iterations < 1000);
}

TEST_CASE("wcc: random graphs match union-find") {
  Engine engine = cpu_engine();
  std::mt19937 random(99);
  for (const test::RandomGraphShape& shape : test::random_shapes()) {
    const Graph graph = test::random_graph(random, shape);
    INFO("n = " << shape.num_vertices << ", undirected = " << shape.undirected);
    const WccResult result = weakly_connected_components(engine, *engine.upload(graph));
    const std::vector<vertex_t> expected = test::reference_wcc(graph);
    CHECK(result.component == expected);
    CHECK(result.num_components == count_distinct(expected));
  }
}

TEST_CASE("wcc: LDBC examples are connected") {
  // Traced by hand: in the directed example 2, 6, 7, 9 only link into the part
  // reachable from 1, so all ten vertices form one component; the undirected
  // example is one component as well.
  Engine engine = cpu_engine();
  for (const char* file : {"ldbc-directed-example.mtx", "ldbc-undirected-example.mtx"}) {
    const Graph graph = io::load_graph(test::data_path(file));
    const WccResult result = weakly_connected_components(engine, *engine.upload(graph));
    CHECK(result.num_components == 1);
    CHECK(result.component == std::vector<vertex_t>(static_cast<std::size_t>(graph.num_vertices()), 0));
  }
}

}  // namespace
}  // namespace graphrun
