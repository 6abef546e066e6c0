// PageRank: fixed points worked out by hand (in the comments), then random
// graphs and the LDBC example against the double-precision reference.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "algorithm_test_support.hpp"
#include "bench/src/reference/pagerank.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/error.hpp"
#include "graphrun/io/read.hpp"
#include "support/test_data.hpp"

namespace graphrun {
namespace {

using test::cpu_engine;
using test::make_graph;

// Runs to the fixed point: 0.85^200 is far below float resolution.
PageRankResult converged_pagerank(Engine& engine, const Graph& graph, PageRankParams params = {}) {
  params.fixed_iterations = true;
  params.max_iterations = 200;
  return pagerank(engine, *engine.upload(graph), params);
}

void check_ranks(const std::vector<float>& rank, const std::vector<double>& expected, double tolerance = 1e-6) {
  REQUIRE(rank.size() == expected.size());
  for (std::size_t v = 0; v < rank.size(); ++v) {
    INFO("vertex " << v);
    CHECK(rank[v] == Approx(expected[v]).margin(tolerance));
  }
}

TEST_CASE("pagerank: one vertex without edges keeps all the rank") {
  Engine engine = cpu_engine();
  const PageRankResult result = converged_pagerank(engine, make_graph(1, {}));
  check_ranks(result.rank, {1.0});
}

TEST_CASE("pagerank: a graph without edges is uniform") {
  // Every vertex is dangling: PR = (1-d)/n + d * (sum PR)/n = 1/n.
  Engine engine = cpu_engine();
  const PageRankResult result = converged_pagerank(engine, make_graph(4, {}));
  check_ranks(result.rank, {0.25, 0.25, 0.25, 0.25});
}

TEST_CASE("pagerank: dangling vertex spreads its rank uniformly") {
  // 0 -> 1, vertex 1 dangling, d = 0.85, n = 2:
  //   p0 = 0.075 + 0.425 p1,  p1 = 0.075 + 0.85 p0 + 0.425 p1,  p0 + p1 = 1
  //   => 1.425 p0 = 0.5 => p0 = 0.350877193, p1 = 0.649122807
  Engine engine = cpu_engine();
  const PageRankResult result = converged_pagerank(engine, make_graph(2, {{0, 1}}));
  check_ranks(result.rank, {0.5 / 1.425, 1.0 - 0.5 / 1.425});
}

TEST_CASE("pagerank: fixed_iterations runs exactly the given count") {
  // One iteration from (0.5, 0.5) on 0 -> 1 (1 dangling):
  //   p0 = 0.075 + 0.85 * 0.5 / 2 = 0.2875
  //   p1 = 0.075 + 0.85 * 0.5 + 0.85 * 0.5 / 2 = 0.7125;  residual = 0.425
  Engine engine = cpu_engine();
  const auto graph = engine.upload(make_graph(2, {{0, 1}}));
  const PageRankResult result =
      pagerank(engine, *graph, {.max_iterations = 1, .fixed_iterations = true});
  CHECK(result.iterations == 1);
  CHECK(result.residual == Approx(0.425).margin(1e-6));
  CHECK_FALSE(result.converged);
  check_ranks(result.rank, {0.2875, 0.7125});

  const PageRankResult none = pagerank(engine, *graph, {.max_iterations = 0, .fixed_iterations = true});
  CHECK(none.iterations == 0);
  check_ranks(none.rank, {0.5, 0.5});  // PR_0 = teleport
}

TEST_CASE("pagerank: duplicate edges count once, self-loops count as out-edges") {
  // Edges 0->1, 0->1 (duplicate, merged), 0->0, 1->0: outdeg(0) = 2, outdeg(1) = 1.
  //   p0 = 0.075 + 0.85 (p0/2 + p1),  p1 = 0.075 + 0.85 p0/2,  p0 + p1 = 1
  //   => 1.425 p0 = 0.925 => p0 = 0.649122807, p1 = 0.350877193
  Engine engine = cpu_engine();
  const PageRankResult result = converged_pagerank(engine, make_graph(2, {{0, 1}, {0, 1}, {0, 0}, {1, 0}}));
  check_ranks(result.rank, {0.925 / 1.425, 1.0 - 0.925 / 1.425});
}

TEST_CASE("pagerank: isolated vertex in a two-cycle") {
  // 0 <-> 1, vertex 2 isolated (dangling), n = 3:
  //   q = 0.05 + 0.85 q/3 => q = 0.05 / (1 - 0.85/3) = 0.069767442;  p0 = p1 = (1 - q)/2
  Engine engine = cpu_engine();
  const PageRankResult result = converged_pagerank(engine, make_graph(3, {{0, 1}, {1, 0}}));
  const double q = 0.05 / (1.0 - 0.85 / 3.0);
  check_ranks(result.rank, {(1 - q) / 2, (1 - q) / 2, q});
}

TEST_CASE("pagerank: undirected star") {
  // Centre 0, leaves 1..3, undirected. Leaves give everything to the centre:
  //   c = 0.0375 + 0.85 * 3 l,  l = 0.0375 + 0.85 c/3,  c + 3 l = 1
  //   => 1.85 c = 0.8875 => c = 0.479729730, l = (1 - c)/3
  Engine engine = cpu_engine();
  const PageRankResult result = converged_pagerank(engine, make_graph(4, {{1, 0}, {2, 0}, {3, 0}}, true));
  const double c = 0.8875 / 1.85;
  check_ranks(result.rank, {c, (1 - c) / 3, (1 - c) / 3, (1 - c) / 3});
}

TEST_CASE("pagerank: personalization on a directed cycle") {
  // 0 -> 1 -> 2 -> 0, teleport only to 0 (listed twice: still one member):
  //   p0 = 0.15 + 0.85 p2, p1 = 0.85 p0, p2 = 0.85 p1 => p0 = 0.15 / (1 - 0.85^3)
  Engine engine = cpu_engine();
  const PageRankResult result =
      converged_pagerank(engine, make_graph(3, {{0, 1}, {1, 2}, {2, 0}}), {.personalization = {0, 0}});
  const double p0 = 0.15 / (1.0 - 0.85 * 0.85 * 0.85);
  check_ranks(result.rank, {p0, 0.85 * p0, 0.85 * 0.85 * p0});
}

TEST_CASE("pagerank: weighted transition probabilities") {
  // 0->1 (w 1), 0->2 (w 3), 1->0, 2->0: from 0, 1/4 goes to 1 and 3/4 to 2.
  //   p0 = 0.05 + 0.85 (p1 + p2) = 0.05 + 0.85 (1 - p0) => p0 = 0.9/1.85
  //   p1 = 0.05 + 0.85 p0/4,  p2 = 0.05 + 0.85 * 3 p0/4
  Engine engine = cpu_engine();
  const Graph graph = make_graph(3, {{0, 1, 1.0f}, {0, 2, 3.0f}, {1, 0, 2.0f}, {2, 0, 5.0f}}, false, true);
  const PageRankResult result = converged_pagerank(engine, graph, {.weighted = true});
  const double p0 = 0.9 / 1.85;
  check_ranks(result.rank, {p0, 0.05 + 0.85 * p0 / 4, 0.05 + 0.85 * 3 * p0 / 4});

  // Unweighted on the same graph: 0 splits evenly, so p1 == p2.
  const PageRankResult plain = converged_pagerank(engine, graph);
  CHECK(plain.rank[1] == Approx(plain.rank[2]).margin(1e-7));
}

TEST_CASE("pagerank: tolerance stops at the first iteration below it") {
  Engine engine = cpu_engine();
  std::mt19937 random(7);
  const auto graph = engine.upload(test::random_graph(random, {.num_vertices = 100, .num_edges = 400}));
  const PageRankResult result = pagerank(engine, *graph, {.tolerance = 1e-4, .max_iterations = 100});
  REQUIRE(result.converged);
  CHECK(result.residual < 1e-4);
  REQUIRE(result.iterations > 1);
  CHECK(result.iterations < 100);
  // One iteration fewer has not converged yet.
  const PageRankResult shorter =
      pagerank(engine, *graph, {.tolerance = 1e-4, .max_iterations = result.iterations - 1});
  CHECK_FALSE(shorter.converged);
  CHECK(shorter.residual >= 1e-4);
}

// Iterations queued past convergence change nothing (RankSums' stopping
// rule), so every read-back interval gives the answer of a read after every
// iteration, with whole batches queued.
TEST_CASE("pagerank: every residual check interval gives the same answer") {
  Engine engine = cpu_engine();
  std::mt19937 random(11);
  const auto graph = engine.upload(test::random_graph(random, {.num_vertices = 300, .num_edges = 1500}));
  for (const int max_iterations : {100, 9}) {
    PageRankParams params{.tolerance = 1e-6, .max_iterations = max_iterations};
    const PageRankResult every = pagerank(engine, *graph, params);  // cpu: a read after every iteration
    if (max_iterations == 100) REQUIRE(every.iterations > 9);  // so that 9 caps the run
    CHECK(every.queued_iterations == every.iterations);
    for (const int interval : {2, 3, 4, 7, 32}) {
      INFO("max " << max_iterations << ", interval " << interval);
      params.residual_check_interval = interval;
      const PageRankResult batched = pagerank(engine, *graph, params);
      CHECK(batched.iterations == every.iterations);
      CHECK(batched.converged == every.converged);
      CHECK(batched.residual == every.residual);
      CHECK(batched.rank == every.rank);
      CHECK(batched.queued_iterations ==
            std::min(max_iterations, (batched.iterations + interval - 1) / interval * interval));
    }
  }
  PageRankParams fixed{.max_iterations = 13, .fixed_iterations = true, .residual_check_interval = 4};
  const PageRankResult counted = pagerank(engine, *graph, fixed);
  CHECK(counted.iterations == 13);
  CHECK(counted.queued_iterations == 13);
}

TEST_CASE("pagerank: random graphs match the reference") {
  Engine engine = cpu_engine();
  std::mt19937 random(20261123);
  for (const test::RandomGraphShape& shape : test::random_shapes()) {
    const Graph graph = test::random_graph(random, shape);
    const auto device_graph = engine.upload(graph);
    for (const bool weighted : {false, true}) {
      if (weighted && !shape.weighted) continue;
      INFO("n = " << shape.num_vertices << ", undirected = " << shape.undirected << ", weighted = " << weighted);
      const int iterations = 30;
      const PageRankResult result = pagerank(
          engine, *device_graph, {.max_iterations = iterations, .fixed_iterations = true, .weighted = weighted});
      CHECK(result.iterations == iterations);
      check_ranks(result.rank, bench::pagerank_reference(graph, 0.85, 0.0, iterations, true, weighted).rank, 2e-6);
      CHECK(std::accumulate(result.rank.begin(), result.rank.end(), 0.0) == Approx(1.0).margin(1e-5));
    }
    // Personalized on a random set of 3 vertices.
    std::uniform_int_distribution<vertex_t> vertex(0, shape.num_vertices - 1);
    const std::vector<vertex_t> chosen{vertex(random), vertex(random), vertex(random)};
    std::vector<double> teleport(static_cast<std::size_t>(shape.num_vertices), 0.0);
    for (const vertex_t v : chosen) teleport[v] = 1.0;
    const double members = std::accumulate(teleport.begin(), teleport.end(), 0.0);
    for (double& t : teleport) t /= members;
    const PageRankResult personalized = pagerank(
        engine, *device_graph, {.max_iterations = 30, .fixed_iterations = true, .personalization = chosen});
    check_ranks(personalized.rank, bench::pagerank_reference(graph, 0.85, 0.0, 30, true, false, teleport).rank, 2e-6);
  }
}

TEST_CASE("pagerank: LDBC directed example matches the reference") {
  Engine engine = cpu_engine();
  const Graph graph = io::load_graph(test::data_path("ldbc-directed-example.mtx"));
  const auto device_graph = engine.upload(graph);
  for (const bool weighted : {false, true}) {
    const PageRankResult result =
        pagerank(engine, *device_graph, {.max_iterations = 50, .fixed_iterations = true, .weighted = weighted});
    check_ranks(result.rank, bench::pagerank_reference(graph, 0.85, 0.0, 50, true, weighted).rank);
  }
}

TEST_CASE("pagerank: an empty graph and bad parameters") {
  Engine engine = cpu_engine();
  const PageRankResult empty = pagerank(engine, *engine.upload(make_graph(0, {})));
  CHECK(empty.rank.empty());

  const auto graph = engine.upload(make_graph(3, {{0, 1}}));
  CHECK_THROWS_AS(pagerank(engine, *graph, {.damping = 1.5f}), UsageError);
  CHECK_THROWS_AS(pagerank(engine, *graph, {.damping = std::nanf("")}), UsageError);
  CHECK_THROWS_AS(pagerank(engine, *graph, {.tolerance = -1.0}), UsageError);
  CHECK_THROWS_AS(pagerank(engine, *graph, {.max_iterations = -1}), UsageError);
  CHECK_THROWS_AS(pagerank(engine, *graph, {.residual_check_interval = -1}), UsageError);
  CHECK_THROWS_AS(pagerank(engine, *graph, {.personalization = {3}}), UsageError);
  CHECK_THROWS_AS(pagerank(engine, *graph, {.personalization = {no_vertex}}), UsageError);
}

TEST_CASE("pagerank: NaN or infinite ranks fail the run instead of passing for converged") {
  Engine engine = cpu_engine();
  // The API takes any float weight (the readers refuse non-finite ones): a
  // NaN weight poisons the ranks, and the run must say so.
  const float nan_weight = std::nanf("");
  const Graph graph = make_graph(3, {{0, 1, 1.0f}, {1, 2, nan_weight}, {2, 0, 1.0f}}, false, true);
  const auto resident = engine.upload(graph);
  for (const bool fixed : {false, true}) {
    INFO("fixed_iterations " << fixed);
    CHECK_THROWS_WITH(pagerank(engine, *resident, {.max_iterations = 20, .fixed_iterations = fixed, .weighted = true}),
                      Catch::Contains("residual is not finite"));
  }
}

}  // namespace
}  // namespace graphrun
