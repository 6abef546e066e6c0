// Bit-parallel multi-source BFS on the device (BfsKernels::bfs_batch, used by
// multi_source_bfs) against the cpu backend, which runs the searches one by
// one: levels of every search bit for bit, depths and reached counts. The
// graphs cover both directions of the pass (a power-law graph whose early
// levels push and middle levels pull, a road network and a long path that
// stay in push), rows split into several chunks (a hub of 5,000 leaves),
// directed graphs (out- and in-rows differ), isolated vertices, n = 1, and
// batches of 1, 63, 64 (every bit), 65 and 130 sources (several batches, a
// last one not full), with repeated sources.
#include <random>

#include "cuda_test_support.hpp"
#include "graphrun/algorithms/kernels/bfs_kernels.hpp"
#include "graphrun/algorithms/multi_bfs.hpp"
#include "graphrun/error.hpp"
#include "graphrun/generate.hpp"

namespace graphrun::test {

namespace {

void check_batch(Engine& cpu, Engine& gpu, const NamedGraph& g, const std::vector<vertex_t>& sources) {
  INFO("graph " << g.name << ", " << sources.size() << " sources");
  const auto on_cpu = cpu.upload(g.graph);
  const auto on_gpu = gpu.upload(g.graph);
  const MultiBfsResult expected = multi_source_bfs(cpu, *on_cpu, sources);
  const MultiBfsResult actual = multi_source_bfs(gpu, *on_gpu, sources);
  CHECK(expected.batches == 0);
  CHECK(actual.batches == (sources.size() + 63) / 64);
  CHECK_SAME(compare_exact(expected.level, actual.level));
  CHECK(expected.depth == actual.depth);
  CHECK(expected.reached == actual.reached);
}

std::vector<vertex_t> random_sources(std::mt19937_64& rng, vertex_t n, std::size_t count) {
  std::uniform_int_distribution<vertex_t> vertex(0, n - 1);
  std::vector<vertex_t> sources(count);
  for (vertex_t& source : sources) source = vertex(rng);
  if (count > 2) sources[2] = sources[0];  // a repeat has its own bit
  return sources;
}

}  // namespace

TEST_CASE("bit-parallel multi-source BFS matches one search per source", "[bfs][batch]") {
  SEED_INFO();
  auto rng = seeded_rng(60);
  Engine cpu = engine_of(BackendKind::cpu);
  Engine gpu = engine_of(BackendKind::cuda);
  std::vector<NamedGraph> graphs = {
      {"kron-14", generated_graph(GeneratorKind::kron, 14)},
      {"road-12", generated_graph(GeneratorKind::road, 12)},
      {"path of 3000, directed", path_graph(3000, false)},
      {"hub of 5000 leaves, directed", hub_graph(5000, false)},
      {"hub of 5000 leaves, undirected", hub_graph(5000, true)},
      real_graph("polblogs.mtx"),
      real_graph("as-22july06.mtx"),
      real_graph("celegansneural.mtx")};
  for (const NamedGraph& g : graphs)
    for (const std::size_t count : {1, 63, 64, 65, 130})
      check_batch(cpu, gpu, g, random_sources(rng, g.graph.num_vertices(), count));
  const NamedGraph path{"path of 3000, undirected", path_graph(3000, true)};
  check_batch(cpu, gpu, path, {0, 2999, 1500});  // the searches meet in the middle
}

TEST_CASE("bit-parallel multi-source BFS on edge-case graphs", "[bfs][batch][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(61);
  Engine cpu = engine_of(BackendKind::cpu);
  Engine gpu = engine_of(BackendKind::cuda);
  for (const NamedGraph& g : edge_case_graphs(rng)) {
    if (g.graph.num_vertices() == 0) continue;
    for (const std::size_t count : {1, 64, 65})
      check_batch(cpu, gpu, g, random_sources(rng, g.graph.num_vertices(), count));
  }
  const NamedGraph one{"one vertex", graph_from_edges(1, {}, {}, {}, true)};
  check_batch(cpu, gpu, one, std::vector<vertex_t>(64, 0));
}

TEST_CASE("bfs_batch refuses bad arguments; the cpu backend has no batch", "[bfs][batch]") {
  const NamedGraph g = real_graph("karate.mtx");
  const auto n = static_cast<std::size_t>(g.graph.num_vertices());
  for (const BackendKind kind : {BackendKind::cuda, BackendKind::cpu}) {
    INFO(to_string(kind));
    Engine engine = engine_of(kind);
    const auto graph = engine.upload(g.graph);
    BfsKernels& kernels = bfs_kernels(engine.backend());
    DeviceVector<level_t> level(engine.backend().memory(), 65 * n);
    std::vector<level_t> depth(65);
    std::vector<std::size_t> reached(65);
    const auto call = [&](std::vector<vertex_t> sources, std::size_t level_rows) {
      return kernels.bfs_batch(*graph, sources, level.span().first(level_rows * n),
                               std::span(depth).first(sources.size()), std::span(reached).first(sources.size()));
    };
    CHECK_THROWS_AS(call({}, 0), UsageError);
    CHECK_THROWS_AS(call(std::vector<vertex_t>(65, 0), 65), UsageError);
    CHECK_THROWS_AS(call({0, static_cast<vertex_t>(n)}, 2), UsageError);
    CHECK_THROWS_AS(call({no_vertex}, 1), UsageError);
    CHECK_THROWS_AS(call({0, 1}, 1), UsageError);  // level has one row for two sources
    CHECK(call({0, 1}, 2) == (kind == BackendKind::cuda));
  }
}

}  // namespace graphrun::test
