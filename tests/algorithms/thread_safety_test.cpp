// The thread-safety contract (README, "Limits and safety"): a built Graph is
// immutable and may be shared by threads, its lazily built transpose
// included; each Engine is used by one thread at a time, and engines on
// different threads may run on the same Graph at once.
#include <catch2/catch.hpp>

#include <barrier>
#include <random>
#include <thread>

#include "algorithm_test_support.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/algorithms/wcc.hpp"

namespace graphrun {
namespace {

TEST_CASE("threads asking a fresh directed Graph for its transpose get the one same CSR") {
  std::mt19937 random(11);
  for (int trial = 0; trial < 20; ++trial) {
    const Graph graph = test::random_graph(random, {.num_vertices = 20000, .num_edges = 200000});
    std::barrier start(2);
    std::shared_ptr<const Csr> seen[2];
    auto ask = [&](int who) {
      start.arrive_and_wait();  // both ask at once, before either has built it
      seen[who] = graph.in_edges_shared();
    };
    std::thread other(ask, 1);
    ask(0);
    other.join();
    INFO("trial " << trial);
    REQUIRE(seen[0] == seen[1]);
    CHECK(seen[0]->num_entries() == graph.num_entries());
  }
}

TEST_CASE("two engines on two threads run on one shared Graph and agree with one engine alone") {
  std::mt19937 random(12);
  const Graph graph = test::random_graph(random, {.num_vertices = 5000, .num_edges = 60000});
  Engine alone = test::cpu_engine();
  const auto on_alone = alone.upload(graph);
  const PageRankResult expected_rank = pagerank(alone, *on_alone, {.max_iterations = 30, .fixed_iterations = true});
  const WccResult expected_wcc = weakly_connected_components(alone, *on_alone);

  // The same graph again, its transpose not built yet: the two uploads race for it.
  std::mt19937 same(12);
  const Graph shared = test::random_graph(same, {.num_vertices = 5000, .num_edges = 60000});
  PageRankResult rank[2];
  WccResult wcc[2];
  auto run = [&](int who) {
    Engine engine = test::cpu_engine();
    const auto resident = engine.upload(shared);
    rank[who] = pagerank(engine, *resident, {.max_iterations = 30, .fixed_iterations = true});
    wcc[who] = weakly_connected_components(engine, *resident);
  };
  std::thread other(run, 1);
  run(0);
  other.join();
  for (int who = 0; who < 2; ++who) {
    INFO("thread " << who);
    CHECK(rank[who].rank == expected_rank.rank);
    CHECK(wcc[who].component == expected_wcc.component);
  }
}

}  // namespace
}  // namespace graphrun
