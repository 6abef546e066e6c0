// Weakly connected components: hand-made graphs, a long path, the cases
// Afforest's skipping of the sampled giant component must get right, and
// random graphs against a serial union-find.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "algorithm_test_support.hpp"
#include "bench/src/reference/traversal.hpp"
#include "graphrun/algorithms/wcc.hpp"
#include "graphrun/io/read.hpp"
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
  CHECK(none.iterations == 4);  // two sampling rounds, rest of the out-rows, in-rows
  const WccResult empty = weakly_connected_components(engine, *engine.upload(make_graph(0, {})));
  CHECK(empty.component.empty());
  CHECK(empty.num_components == 0);
}

TEST_CASE("wcc: a long path takes a fixed number of link passes") {
  // Path 999 -> 998 -> ... -> 0 (directed, pointing at the smallest id) plus
  // its mirror-image ordering 1000 -> ... -> 1999: label propagation would
  // need ~1000 rounds, union-find links each edge once.
  std::vector<test::Edge> edges;
  for (vertex_t v = 1; v < 1000; ++v) edges.push_back({v, v - 1});
  for (vertex_t v = 1000; v < 1999; ++v) edges.push_back({v, v + 1});
  Engine engine = cpu_engine();
  const WccResult result = weakly_connected_components(engine, *engine.upload(make_graph(2000, edges)));
  std::vector<vertex_t> expected(2000, 0);
  std::fill(expected.begin() + 1000, expected.end(), 1000);
  CHECK(result.component == expected);
  CHECK(result.num_components == 2);
  CHECK(result.iterations == 4);
}

TEST_CASE("wcc: random graphs match union-find") {
  Engine engine = cpu_engine();
  std::mt19937 random(99);
  for (const test::RandomGraphShape& shape : test::random_shapes()) {
    const Graph graph = test::random_graph(random, shape);
    INFO("n = " << shape.num_vertices << ", undirected = " << shape.undirected);
    const WccResult result = weakly_connected_components(engine, *engine.upload(graph));
    const std::vector<vertex_t> expected = bench::wcc_reference(graph);
    CHECK(result.component == expected);
    CHECK(result.num_components == count_distinct(expected));
  }
}

// A directed path v -> v+1, v -> v+2 over [begin, end): the first two entries
// of every row, so Afforest's sampling rounds join it into one tree and it is
// the giant component the sample finds.
void add_sampled_giant(std::vector<test::Edge>& edges, vertex_t begin, vertex_t end) {
  for (vertex_t v = begin; v + 1 < end; ++v) {
    edges.push_back({v, v + 1});
    if (v + 2 < end) edges.push_back({v, v + 2});
  }
}

TEST_CASE("wcc: small components joined to the giant only through its in-edges") {
  // Giant 0..999. Vertex 10k also points at 1000 + k (k < 20): the third
  // entry of its out-row, never sampled, and skipped in the final out-pass
  // because 10k belongs to the giant; 1000 + k has no out-edges, so only its
  // in-row sees the edge. 1020..1029 stay isolated.
  std::vector<test::Edge> edges;
  add_sampled_giant(edges, 0, 1000);
  for (vertex_t k = 0; k < 20; ++k) edges.push_back({10 * k, 1000 + k});
  std::vector<vertex_t> expected(1030, 0);
  for (vertex_t v = 1020; v < 1030; ++v) expected[v] = v;
  Engine engine = cpu_engine();
  const WccResult result = weakly_connected_components(engine, *engine.upload(make_graph(1030, edges)));
  CHECK(result.component == expected);
  CHECK(result.num_components == 11);
}

TEST_CASE("wcc: the sampled giant's root is hooked under smaller roots in the final pass") {
  // Giant 100..1099 (root 100 after sampling). 5, 40 and 50 each point at two
  // small neighbours and, third in their rows, at a giant vertex: those edges
  // are linked only in the final pass, where 100 must go under 5 while the
  // giant's members are still being skipped by comparing with 100.
  std::vector<test::Edge> edges;
  add_sampled_giant(edges, 100, 1100);
  for (const vertex_t small : {5, 40, 50}) {
    edges.push_back({small, small + 1});
    edges.push_back({small, small + 2});
    edges.push_back({small, 500 + 3 * small});
  }
  std::vector<vertex_t> expected(1100);
  for (vertex_t v = 0; v < 1100; ++v) expected[v] = v;
  for (const vertex_t small : {5, 40, 50})
    for (vertex_t v = small; v <= small + 2; ++v) expected[v] = 5;
  for (vertex_t v = 100; v < 1100; ++v) expected[v] = 5;
  Engine engine = cpu_engine();
  for (const bool undirected : {false, true}) {
    INFO("undirected = " << undirected);
    const WccResult result = weakly_connected_components(engine, *engine.upload(make_graph(1100, edges, undirected)));
    CHECK(result.component == expected);
    CHECK(result.num_components == count_distinct(expected));
  }
}

TEST_CASE("wcc: random planted giant with bridges, hubs and many small components") {
  // Vertices [n/3, n) form a dense random giant; [0, n/3) are sparse (many
  // small components, some larger than the rest); random bridges in either
  // direction join some of them to the giant; two hub rows of thousands of
  // entries exceed what one thread links alone. Large enough that the cpu
  // backend runs its loops on several threads.
  Engine engine = cpu_engine();
  std::mt19937 random(2018);
  const vertex_t n = 30000, giant_begin = n / 3;
  std::uniform_int_distribution<vertex_t> small_vertex(0, giant_begin - 1), giant_vertex(giant_begin, n - 1);
  for (const bool undirected : {false, true}) {
    std::vector<test::Edge> edges;
    for (vertex_t v = giant_begin; v < n; ++v)
      for (int k = 0; k < 3; ++k) edges.push_back({v, giant_vertex(random)});
    for (vertex_t k = 0; k < giant_begin * 4 / 5; ++k) edges.push_back({small_vertex(random), small_vertex(random)});
    for (int k = 0; k < 200; ++k) {
      const vertex_t a = small_vertex(random), b = giant_vertex(random);
      edges.push_back(k % 2 ? test::Edge{a, b} : test::Edge{b, a});
    }
    for (int k = 0; k < 5000; ++k) edges.push_back({giant_begin + 7, giant_vertex(random)});
    for (int k = 0; k < 3000; ++k) edges.push_back({small_vertex(random), 11});  // a huge in-row
    const Graph graph = make_graph(n, edges, undirected);
    INFO("undirected = " << undirected);
    const WccResult result = weakly_connected_components(engine, *engine.upload(graph));
    const std::vector<vertex_t> expected = bench::wcc_reference(graph);
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
