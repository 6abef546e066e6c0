// Label propagation (LDBC CDLP): the LDBC example traced by hand, directed
// neighbourhoods counted both ways, then random graphs against the reference.
#include <catch2/catch.hpp>

#include <random>

#include "algorithm_test_support.hpp"
#include "bench/src/reference/label_propagation.hpp"
#include "graphrun/algorithms/label_propagation.hpp"
#include "graphrun/error.hpp"
#include "graphrun/label_rounds.hpp"
#include "graphrun/io/read.hpp"
#include "support/test_data.hpp"

namespace graphrun {
namespace {

using test::cpu_engine;
using test::make_graph;

TEST_CASE("cdlp: LDBC undirected example traced by hand") {
  // Original ids, neighbours: 1:{2,3,7} 2:{1,3} 3:{1,2} 4:{5,6,8} 5:{4,6,7,8}
  // 6:{4,5,8} 7:{1,5,8} 8:{4,5,6,7}.
  // Round 1 (all counts 1, smallest wins): 1->2 2->1 3->1 4->5 5->4 6->4 7->1 8->4
  // Round 2: 1 sees {1,1,1}->1; 2 sees {2,1}->1; 3 {2,1}->1; 4 {4,4,4}->4;
  //   5 {5,4,1,4}->4; 6 {5,4,4}->4; 7 {2,4,4}->4; 8 {5,4,4,1}->4
  // Round 3: 7 sees {1,4,4}->4, everything else unchanged: stable.
  Engine engine = cpu_engine();
  const auto graph = engine.upload(io::load_graph(test::data_path("ldbc-cdlp-undirected-example.mtx")));
  const LabelPropagationResult one = label_propagation(engine, *graph, {.max_iterations = 1});
  CHECK(one.label == std::vector<vertex_t>{1, 0, 0, 4, 3, 3, 0, 3});  // compact = original - 1
  CHECK(one.last_changes == 8);
  const LabelPropagationResult two = label_propagation(engine, *graph, {.max_iterations = 2});
  CHECK(two.label == std::vector<vertex_t>{0, 0, 0, 3, 3, 3, 3, 3});
  CHECK(two.last_changes == 3);  // original vertices 1, 4 and 7 changed
  const LabelPropagationResult stable =
      label_propagation(engine, *graph, {.max_iterations = 10, .stop_when_stable = true});
  CHECK(stable.label == two.label);
  CHECK(stable.iterations == 3);
  CHECK(stable.last_changes == 0);
  const LabelPropagationResult fixed = label_propagation(engine, *graph, {.max_iterations = 10});
  CHECK(fixed.iterations == 10);
  CHECK(fixed.label == two.label);
}

TEST_CASE("cdlp: a directed edge both ways counts twice") {
  // 0 <-> 3, 1 -> 0, 2 -> 0 (directed). Neighbourhood of 0 (out and in):
  // 3 (out), 3 (in), 1 (in), 2 (in): label 3 occurs twice and wins, where a
  // neighbour *set* {1, 2, 3} would give the smallest, 1.
  Engine engine = cpu_engine();
  const auto graph = engine.upload(make_graph(4, {{0, 3}, {3, 0}, {1, 0}, {2, 0}}));
  const LabelPropagationResult result = label_propagation(engine, *graph, {.max_iterations = 1});
  // 1 and 2 see {0}; 3 sees {0, 0}: all take 0.
  CHECK(result.label == std::vector<vertex_t>{3, 0, 0, 0});
}

TEST_CASE("cdlp: isolated vertices, self-loops and zero rounds") {
  Engine engine = cpu_engine();
  SECTION("a vertex without neighbours keeps its label") {
    const auto graph = engine.upload(make_graph(3, {{0, 1}}, true));
    const LabelPropagationResult result = label_propagation(engine, *graph, {.max_iterations = 3});
    // 0 and 1 swap labels every round (synchronous), 2 stays.
    CHECK(result.label == std::vector<vertex_t>{1, 0, 2});
    CHECK(result.last_changes == 2);
  }
  SECTION("zero rounds return the initial labels") {
    const auto graph = engine.upload(make_graph(3, {{0, 1}}, true));
    const LabelPropagationResult result = label_propagation(engine, *graph, {.max_iterations = 0});
    CHECK(result.label == std::vector<vertex_t>{0, 1, 2});
    CHECK(result.iterations == 0);
  }
  SECTION("one vertex with a self-loop") {
    const auto graph = engine.upload(make_graph(1, {{0, 0}}));
    const LabelPropagationResult result = label_propagation(engine, *graph, {.max_iterations = 2});
    CHECK(result.label == std::vector<vertex_t>{0});
    CHECK(result.last_changes == 0);
  }
  SECTION("negative rounds are a usage error") {
    const auto graph = engine.upload(make_graph(2, {{0, 1}}));
    CHECK_THROWS_AS(label_propagation(engine, *graph, {.max_iterations = -1}), UsageError);
  }
}

TEST_CASE("cdlp: random graphs match the reference") {
  Engine engine = cpu_engine();
  std::mt19937 random(1234);
  for (const test::RandomGraphShape& shape : test::random_shapes()) {
    const Graph graph = test::random_graph(random, shape);
    const auto device_graph = engine.upload(graph);
    for (const int rounds : {1, 2, 7}) {
      INFO("n = " << shape.num_vertices << ", undirected = " << shape.undirected << ", rounds = " << rounds);
      const LabelPropagationResult result = label_propagation(engine, *device_graph, {.max_iterations = rounds});
      CHECK(result.iterations == rounds);
      CHECK(result.label == bench::label_propagation_reference(graph, rounds));
      std::size_t changes = 0;
      const std::vector<vertex_t> before = bench::label_propagation_reference(graph, rounds - 1);
      for (std::size_t v = 0; v < before.size(); ++v) changes += before[v] != result.label[v];
      CHECK(result.last_changes == changes);
    }
  }
}

TEST_CASE("cdlp: until stable stops at the first round that changes nothing, however often it reads") {
  Engine engine = cpu_engine();
  std::mt19937 random(4321);
  for (const test::RandomGraphShape& shape : test::random_shapes()) {
    const Graph graph = test::random_graph(random, shape);
    const auto device_graph = engine.upload(graph);
    constexpr int cap = 30;
    // The reference's labels after 0..cap rounds, and its first stable round
    // (cap when none is).
    std::vector<std::vector<vertex_t>> after_rounds;
    for (int round = 0; round <= cap; ++round) after_rounds.push_back(bench::label_propagation_reference(graph, round));
    int stable_round = cap;
    for (int round = cap; round >= 1; --round)
      if (after_rounds[round] == after_rounds[round - 1]) stable_round = round;
    // Interval 0 on the cpu backend reads every round; 4 and 64 queue rounds
    // past the stable one, which must change neither labels nor counts.
    for (const int interval : {0, 1, 4, 64}) {
      INFO("n = " << shape.num_vertices << ", undirected = " << shape.undirected << ", interval = " << interval);
      const LabelPropagationResult result = label_propagation(
          engine, *device_graph,
          {.max_iterations = cap, .stop_when_stable = true, .stable_check_interval = interval});
      CHECK(result.iterations == stable_round);
      CHECK(result.label == after_rounds[stable_round]);
      CHECK((result.last_changes == 0) == (after_rounds[stable_round] == after_rounds[stable_round - 1]));
      CHECK(result.queued_iterations >= result.iterations);
      CHECK(result.queued_iterations <= cap);
      if (interval == 64) CHECK(result.queued_iterations == cap);  // one batch, cut by the cap
    }
  }
}

TEST_CASE("cdlp: the stopping record counts until the first stable round, then holds") {
  LabelRounds record;
  record = after_round(record, 5);
  CHECK((record.rounds == 1 && record.changes == 5 && record.previous_changes == 0 && record.stable == 0));
  record = after_round(record, 2);
  CHECK((record.rounds == 2 && record.changes == 2 && record.previous_changes == 5 && record.stable == 0));
  record = after_round(record, 0);
  CHECK((record.rounds == 3 && record.changes == 0 && record.previous_changes == 2 && record.stable == 1));
  const LabelRounds held = after_round(record, 7);
  CHECK((held.rounds == 3 && held.changes == 0 && held.stable == 1));
}

TEST_CASE("cdlp: a negative check interval is a usage error") {
  Engine engine = cpu_engine();
  const auto graph = engine.upload(make_graph(2, {{0, 1}}));
  CHECK_THROWS_AS(label_propagation(engine, *graph, {.stop_when_stable = true, .stable_check_interval = -1}),
                  UsageError);
}

TEST_CASE("cdlp: LDBC directed example matches the reference") {
  Engine engine = cpu_engine();
  const Graph graph = io::load_graph(test::data_path("ldbc-directed-example.mtx"));
  const auto device_graph = engine.upload(graph);
  for (const int rounds : {1, 2, 5})
    CHECK(label_propagation(engine, *device_graph, {.max_iterations = rounds}).label ==
          bench::label_propagation_reference(graph, rounds));
}

}  // namespace
}  // namespace graphrun
