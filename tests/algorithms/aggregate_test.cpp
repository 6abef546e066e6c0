// Aggregation (sum / mean / gcn): a hand-worked graph, then random features
// on random graphs against the double-precision reference.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>

#include "algorithm_test_support.hpp"
#include "bench/src/reference/products.hpp"
#include "graphrun/algorithms/aggregate.hpp"
#include "graphrun/error.hpp"

namespace graphrun {
namespace {

using test::cpu_engine;
using test::make_graph;

void check_close(const std::vector<float>& actual, const std::vector<double>& expected) {
  REQUIRE(actual.size() == expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i) {
    INFO("entry " << i);
    CHECK(actual[i] == Approx(expected[i]).epsilon(1e-5).margin(1e-6));
  }
}

TEST_CASE("aggregate: hand-worked sum, mean and gcn") {
  // Directed 0->2, 1->2, 2->0 (w 2, 3, 4), features h = [1, 10, 100] (width 1).
  // in-degree: 0:1 1:0 2:2
  //   sum:  [h2, 0, h0 + h1] = [100, 0, 11];  weighted: [4*100, 0, 2*1 + 3*10]
  //   mean: [100/1, 0, 11/2]
  //   gcn:  D = in-degree + 1 = [2, 1, 3]
  //         row 0: h2/sqrt(2*3) + h0/2;  row 1: h1/1;  row 2: h0/sqrt(3*2) + h1/sqrt(3*1) + h2/3
  Engine engine = cpu_engine();
  const auto graph = engine.upload(make_graph(3, {{0, 2, 2.0f}, {1, 2, 3.0f}, {2, 0, 4.0f}}, false, true));
  const std::vector<float> h{1.0f, 10.0f, 100.0f};
  check_close(aggregate(engine, *graph, h, 1, {.norm = AggregateNorm::sum}), {100, 0, 11});
  check_close(aggregate(engine, *graph, h, 1, {.norm = AggregateNorm::sum, .weighted = true}), {400, 0, 32});
  check_close(aggregate(engine, *graph, h, 1, {.norm = AggregateNorm::mean}), {100, 0, 5.5});
  check_close(aggregate(engine, *graph, h, 1, {.norm = AggregateNorm::gcn}),
              {100 / std::sqrt(6.0) + 0.5, 10, 1 / std::sqrt(6.0) + 10 / std::sqrt(3.0) + 100 / 3.0});
}

TEST_CASE("aggregate: random graphs and features match the reference") {
  Engine engine = cpu_engine();
  std::mt19937 random(31337);
  std::normal_distribution<float> value(0.0f, 1.0f);
  for (const test::RandomGraphShape& shape : test::random_shapes()) {
    const Graph graph = test::random_graph(random, shape);
    const auto device_graph = engine.upload(graph);
    for (const std::size_t width : {std::size_t{1}, std::size_t{5}, std::size_t{32}}) {
      std::vector<float> features(static_cast<std::size_t>(shape.num_vertices) * width);
      for (float& f : features) f = value(random);
      INFO("n = " << shape.num_vertices << ", undirected = " << shape.undirected << ", width = " << width);
      check_close(aggregate(engine, *device_graph, features, width, {.norm = AggregateNorm::sum}),
                  bench::aggregate_reference(graph, features, width, AggregateNorm::sum, false));
      check_close(aggregate(engine, *device_graph, features, width, {.norm = AggregateNorm::mean}),
                  bench::aggregate_reference(graph, features, width, AggregateNorm::mean, false));
      check_close(aggregate(engine, *device_graph, features, width, {.norm = AggregateNorm::gcn}),
                  bench::aggregate_reference(graph, features, width, AggregateNorm::gcn, false));
      if (shape.weighted)
        check_close(aggregate(engine, *device_graph, features, width, {.norm = AggregateNorm::sum, .weighted = true}),
                    bench::aggregate_reference(graph, features, width, AggregateNorm::sum, true));
    }
  }
}

TEST_CASE("aggregate: sizes and unsupported combinations") {
  Engine engine = cpu_engine();
  const auto graph = engine.upload(make_graph(3, {{0, 1}}));
  const std::vector<float> features(6, 1.0f);
  CHECK_THROWS_AS(aggregate(engine, *graph, features, 3), UsageError);  // 3 x 3 expected
  CHECK_THROWS_AS(aggregate(engine, *graph, features, 2, {.norm = AggregateNorm::mean, .weighted = true}),
                  UsageError);
  CHECK(aggregate(engine, *graph, {}, 0).empty());
  // 3 x (2^64 / 3 + 1) wraps to 2 in size_t arithmetic: refused, not matched.
  const std::size_t wrapping = std::numeric_limits<std::size_t>::max() / 3 + 1;
  CHECK_THROWS_AS(aggregate(engine, *graph, std::span<const float>(features.data(), 3 * wrapping), wrapping),
                  UsageError);
  CHECK(aggregate(engine, *graph, features, 2).size() == 6);
}

TEST_CASE("aggregate_into: vectors in backend memory give aggregate's result and stay unwritten") {
  Engine engine = cpu_engine();
  std::mt19937 random(7);
  std::normal_distribution<float> value(0.0f, 1.0f);
  const test::RandomGraphShape shape = test::random_shapes().front();
  const Graph graph = test::random_graph(random, shape);
  const auto device_graph = engine.upload(graph);
  const std::size_t width = 4, count = static_cast<std::size_t>(shape.num_vertices) * width;
  std::vector<float> host(count);
  for (float& f : host) f = value(random);
  const DeviceVector<float> features(engine.backend().memory(), std::span<const float>(host));
  for (const AggregateNorm norm : {AggregateNorm::sum, AggregateNorm::mean, AggregateNorm::gcn}) {
    INFO("norm " << static_cast<int>(norm));
    DeviceVector<float> output(engine.backend().memory(), count);
    aggregate_into(engine, *device_graph, features, output, width, {.norm = norm});
    CHECK(output.to_host() == aggregate(engine, *device_graph, host, width, {.norm = norm}));
    CHECK(features.to_host() == host);  // gcn scales a scratch copy, not the caller's features
  }
  DeviceVector<float> output(engine.backend().memory(), count);
  CHECK_THROWS_AS(aggregate_into(engine, *device_graph, features, output.span().first(count - 1), width),
                  UsageError);
  DeviceVector<float> both(engine.backend().memory(), 2 * count);
  CHECK_THROWS_AS(aggregate_into(engine, *device_graph, both.span().first(count),
                                 both.span().subspan(count / 2, count), width),
                  UsageError);  // overlapping
  CHECK_NOTHROW(aggregate_into(engine, *device_graph, both.span().first(count), both.span().subspan(count), width));
}

}  // namespace
}  // namespace graphrun
