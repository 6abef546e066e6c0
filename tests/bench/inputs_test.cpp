#include <algorithm>
#include <catch2/catch.hpp>
#include <set>

#include "bench/src/inputs.hpp"
#include "bench/src/workload.hpp"

using namespace graphrun;
using namespace graphrun::bench;

namespace {
// Star 0 -> 1..4 plus 5 -> 6; vertices 1-4, 6, 7 have no out-edges.
Graph small_directed_graph() {
  EdgeList edges;
  edges.num_vertices = 8;
  edges.src = {0, 0, 0, 0, 5};
  edges.dst = {1, 2, 3, 4, 6};
  return Graph::build(edges);
}
}  // namespace

TEST_CASE("BFS sources are distinct vertices with out-edges, reproducible per seed") {
  const Graph graph = small_directed_graph();
  const std::vector<vertex_t> all = pick_bfs_sources(graph, 16, 1);
  CHECK(std::set<vertex_t>(all.begin(), all.end()) == std::set<vertex_t>{0, 5});  // fewer candidates: all of them

  EdgeList ring;
  ring.num_vertices = 1000;
  for (vertex_t v = 0; v < 1000; v += 2) {  // odd vertices have no out-edge
    ring.src.push_back(v);
    ring.dst.push_back((v + 1) % 1000);
  }
  const Graph sparse = Graph::build(ring);
  const std::vector<vertex_t> picked = pick_bfs_sources(sparse, 32, 9);
  REQUIRE(picked.size() == 32);
  CHECK(std::set<vertex_t>(picked.begin(), picked.end()).size() == 32);
  for (vertex_t v : picked) CHECK(v % 2 == 0);
  CHECK(pick_bfs_sources(sparse, 32, 9) == picked);
  CHECK(pick_bfs_sources(sparse, 32, 10) != picked);
}

TEST_CASE("random inputs lie in -1 <= x < 1, signed and reproducible") {
  const std::vector<float> a = random_values(10000, 3, 1);
  CHECK(a == random_values(10000, 3, 1));
  CHECK(a != random_values(10000, 3, 2));
  CHECK(*std::min_element(a.begin(), a.end()) >= -1.0f);
  CHECK(*std::max_element(a.begin(), a.end()) < 1.0f);
  CHECK(std::count_if(a.begin(), a.end(), [](float x) { return x < 0; }) > 4000);
}

TEST_CASE("graph files are recognised by extension") {
  for (const char* name : {"a.mtx", "a.mtx.gz", "b.mm", "c.grb", "road.txt", "x.el", "y.edges.gz", "z.tsv", "w.snap"})
    CHECK(is_graph_file(name));
  for (const char* name : {"README.md", "notes", "a.mtx.bak", "graph.json", ".gz"}) CHECK_FALSE(is_graph_file(name));
}
