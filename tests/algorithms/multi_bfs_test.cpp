// Several BFS searches in one call: every source's levels against the serial
// reference, for 1, 3, 64 and 65 sources, repeated sources, every thread
// count, on kron, road and a directed graph in two parts; and the same levels
// kept in backend memory (multi_source_bfs_on_device).
#include <catch2/catch.hpp>

#include <random>

#include "algorithm_test_support.hpp"
#include "bench/src/reference/traversal.hpp"
#include "graphrun/algorithms/multi_bfs.hpp"
#include "graphrun/error.hpp"
#include "graphrun/generate.hpp"

namespace graphrun {
namespace {

void check_against_reference(const Graph& graph, const MultiBfsResult& result) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  REQUIRE(result.level.size() == result.sources.size() * n);
  for (std::size_t s = 0; s < result.sources.size(); ++s) {
    INFO("source " << result.sources[s] << " (#" << s << ")");
    const std::vector<level_t> expected = bench::bfs_levels(graph, result.sources[s]);
    const std::vector<level_t> actual(result.level.begin() + static_cast<std::ptrdiff_t>(s * n),
                                       result.level.begin() + static_cast<std::ptrdiff_t>((s + 1) * n));
    CHECK(actual == expected);
    const bench::BfsReference reference = bench::bfs_reference(graph, result.sources[s]);
    CHECK(result.reached[s] == reference.reached);
    CHECK(result.depth[s] == reference.depth);
  }
}

Graph generated(GeneratorKind kind, int scale) {
  GeneratorSpec spec;
  spec.kind = kind;
  spec.scale = scale;
  return Graph::build(generate(spec));
}

}  // namespace

TEST_CASE("multi-source bfs matches one search per source", "[bfs][multi]") {
  std::mt19937 random(77);
  std::vector<Graph> graphs;
  graphs.push_back(generated(GeneratorKind::kron, 12));
  graphs.push_back(generated(GeneratorKind::road, 12));
  graphs.push_back(test::make_graph(5, {{0, 1}, {1, 2}, {3, 4}}));  // directed, two parts
  for (const Graph& graph : graphs) {
    const vertex_t n = graph.num_vertices();
    std::uniform_int_distribution<vertex_t> vertex(0, n - 1);
    for (const int threads : {1, 2, 3}) {
      Engine engine = test::cpu_engine(threads);
      const auto device_graph = engine.upload(graph);
      for (const std::size_t count : {std::size_t{1}, std::size_t{3}, std::size_t{64}, std::size_t{65}}) {
        INFO("n = " << n << ", threads " << threads << ", " << count << " sources");
        std::vector<vertex_t> sources(count);
        for (vertex_t& source : sources) source = vertex(random);
        if (count > 2) sources[1] = sources[0];  // a repeat shares the start, not the bit
        const MultiBfsResult result = multi_source_bfs(engine, *device_graph, sources);
        check_against_reference(graph, result);
        CHECK(result.batches == 0);  // the cpu backend searches one by one
        // The same levels when they stay in backend memory (one matrix, not group by group).
        const MultiBfsDeviceResult kept = multi_source_bfs_on_device(engine, *device_graph, sources);
        CHECK(kept.level.to_host() == result.level);
        CHECK(kept.depth == result.depth);
        CHECK(kept.reached == result.reached);
      }
    }
  }
}

TEST_CASE("multi-source bfs refuses no sources and sources outside the graph", "[bfs][multi][errors]") {
  Engine engine = test::cpu_engine();
  const auto graph = engine.upload(test::make_graph(3, {{0, 1}}));
  CHECK_THROWS_AS(multi_source_bfs(engine, *graph, {}), UsageError);
  CHECK_THROWS_AS(multi_source_bfs(engine, *graph, {0, 3}), UsageError);
  CHECK_THROWS_AS(multi_source_bfs(engine, *graph, {no_vertex}), UsageError);
}

}  // namespace graphrun
