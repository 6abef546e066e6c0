// The bench's host references: hand-checked on small graphs, then
// cross-checked against the CPU backend's algorithms on random graphs (two
// independent implementations of the same definitions must agree).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "bench/src/reference/label_propagation.hpp"
#include "bench/src/reference/pagerank.hpp"
#include "bench/src/reference/traversal.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/label_propagation.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/algorithms/wcc.hpp"
#include "graphrun/engine.hpp"
#include "graphrun/generate.hpp"

using namespace graphrun;
using namespace graphrun::bench;

namespace {

Graph from_edges(vertex_t n, std::vector<vertex_t> src, std::vector<vertex_t> dst, Symmetry symmetry) {
  EdgeList edges;
  edges.num_vertices = n;
  edges.symmetry = symmetry;
  edges.src = std::move(src);
  edges.dst = std::move(dst);
  return Graph::build(edges);
}

Graph random_graph(std::mt19937_64& random, vertex_t n, int edges_per_vertex, bool directed) {
  EdgeList edges;
  edges.num_vertices = n;
  edges.symmetry = directed ? Symmetry::general : Symmetry::symmetric;
  std::uniform_int_distribution<vertex_t> vertex(0, n - 1);
  for (std::int64_t e = 0; e < std::int64_t{edges_per_vertex} * n; ++e) {
    edges.src.push_back(vertex(random));
    edges.dst.push_back(vertex(random) / (e % 5 == 0 ? 1 : 3));  // skewed towards small ids, some isolated
  }
  return Graph::build(edges);
}

}  // namespace

TEST_CASE("BFS reference: levels, reach and Graph500 component edges") {
  // Undirected path 0-1-2-3 with a self-loop on 2, isolated 4.
  const Graph path = from_edges(5, {1, 2, 3, 2}, {0, 1, 2, 2}, Symmetry::symmetric);
  CHECK(bfs_levels(path, 0) == std::vector<level_t>{0, 1, 2, 3, no_level});
  const BfsReference reference = bfs_reference(path, 1);
  CHECK(reference.reached == 4);
  CHECK(reference.depth == 2);
  CHECK(reference.component_edges == 4);  // three path edges + the self-loop, each once

  // Directed: 0 -> 1 -> 2, 2 -> 0 is not followed backwards from 1.
  const Graph cycle = from_edges(4, {0, 1, 3}, {1, 2, 0}, Symmetry::general);
  CHECK(bfs_levels(cycle, 1) == std::vector<level_t>{no_level, 0, 1, no_level});
  CHECK(bfs_reference(cycle, 0).component_edges == 2);
}

TEST_CASE("WCC reference ignores direction and labels by the smallest id") {
  const Graph graph = from_edges(6, {5, 3, 1}, {3, 4, 2}, Symmetry::general);
  CHECK(wcc_reference(graph) == std::vector<vertex_t>{0, 1, 1, 3, 3, 3});
}

TEST_CASE("label propagation reference on a triangle, by hand") {
  const Graph triangle = from_edges(3, {1, 2, 2}, {0, 0, 1}, Symmetry::symmetric);
  // Round 1: 0 sees {1, 2} -> tie -> 1; 1 sees {0, 2} -> 0; 2 sees {0, 1} -> 0.
  CHECK(label_propagation_reference(triangle, 1) == std::vector<vertex_t>{1, 0, 0});
  // Round 2: 0 sees {0, 0} -> 0; 1 sees {1, 0} -> 0; 2 sees {1, 0} -> 0.
  CHECK(label_propagation_reference(triangle, 2) == std::vector<vertex_t>{0, 0, 0});
  // Directed 0 -> 1: 0 sees its out-neighbour 1, 1 its in-neighbour 0; 2 has none.
  const Graph arc = from_edges(3, {0}, {1}, Symmetry::general);
  CHECK(label_propagation_reference(arc, 1) == std::vector<vertex_t>{1, 0, 2});
}

TEST_CASE("PageRank reference: one iteration by hand, dangling mass spread") {
  // 0 -> 1, vertex 1 dangling; PR_0 = 1/2 each, d = 0.85:
  // PR_1(0) = 0.15/2 + 0.85/2 * 0.5 = 0.2875; PR_1(1) = 0.075 + 0.85 * 0.5 + 0.2125 = 0.7125.
  const Graph graph = from_edges(2, {0}, {1}, Symmetry::general);
  const PageRankReference one = pagerank_reference(graph, 0.85, 0.0, 1, true);
  REQUIRE(one.rank.size() == 2);
  CHECK(one.rank[0] == Approx(0.2875));
  CHECK(one.rank[1] == Approx(0.7125));
  const PageRankReference converged = pagerank_reference(graph, 0.85, 1e-12, 1000, false);
  CHECK(converged.iterations < 1000);
  CHECK(converged.rank[0] + converged.rank[1] == Approx(1.0));
}

TEST_CASE("host references agree with the CPU backend's algorithms on random graphs") {
  std::mt19937_64 random(std::random_device{}());
  Engine engine(EngineOptions{BackendKind::cpu, {}});
  for (const bool directed : {true, false}) {
    INFO((directed ? "directed" : "undirected"));
    const Graph graph = random_graph(random, 300, 3, directed);
    (void)graph.in_edges();
    const auto device = engine.upload(graph);

    for (vertex_t source : {0, 7, 150}) {
      BfsParams params;
      params.source = source;
      CHECK(bfs(engine, *device, params).level == bfs_levels(graph, source));
    }
    CHECK(weakly_connected_components(engine, *device).component == wcc_reference(graph));

    LabelPropagationParams lp;
    lp.max_iterations = 5;
    CHECK(label_propagation(engine, *device, lp).label == label_propagation_reference(graph, 5));

    PageRankParams pr;
    pr.fixed_iterations = true;
    pr.max_iterations = 15;
    const std::vector<float> rank = pagerank(engine, *device, pr).rank;
    const PageRankReference reference = pagerank_reference(graph, pr.damping, 0.0, 15, true);
    double l1 = 0.0;
    for (std::size_t v = 0; v < rank.size(); ++v) l1 += std::abs(rank[v] - reference.rank[v]);
    CHECK(l1 < 1e-5);
  }
}

TEST_CASE("host references agree with the CPU backend on a generated kron graph") {
  GeneratorSpec spec;
  spec.scale = 9;
  spec.seed = std::random_device{}();
  const Graph graph = Graph::build(generate(spec));
  Engine engine(EngineOptions{BackendKind::cpu, {}});
  const auto device = engine.upload(graph);
  CHECK(weakly_connected_components(engine, *device).component == wcc_reference(graph));
  LabelPropagationParams lp;
  lp.max_iterations = 4;
  CHECK(label_propagation(engine, *device, lp).label == label_propagation_reference(graph, 4));
}
