// The distributed algorithms (pagerank, bfs, label propagation, components)
// against the one-process ones on the cpu backend: bit for bit, for every process count the test runs under
// (ctest runs it with mpirun -np 1, 2, 3 and 4), on the bundled graphs and
// edge cases (one vertex, no entries, more processes than vertices, a row
// holding most entries, isolated vertices, weights).
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "algorithms/algorithm_test_support.hpp"
#include "graphrun/distributed/algorithms.hpp"
#include "graphrun/distributed/process_engine.hpp"
#include "graphrun/io/read.hpp"
#include "backends.hpp"  // cuda_device_count
#include "support/test_data.hpp"

namespace graphrun::test {
namespace {

using distributed::Communicator;
using distributed::PartitionedGraph;

struct NamedGraph {
  std::string name;
  Graph graph;
};

std::vector<NamedGraph> graphs_to_split() {
  std::vector<NamedGraph> graphs;
  for (const char* file : {"karate.mtx", "west0067.mtx", "polblogs.mtx", "celegansneural.mtx", "email-Enron.mtx"})
    graphs.push_back({file, io::load_graph(data_path(file))});
  std::mt19937 random(7);
  for (const RandomGraphShape& shape : random_shapes())
    graphs.push_back({"random " + std::to_string(shape.num_vertices) + " vertices, " +
                          std::to_string(shape.num_edges) + " edges" + (shape.undirected ? ", undirected" : "") +
                          (shape.weighted ? ", weighted" : "") + (shape.hub_share > 0 ? ", hub" : ""),
                      random_graph(random, shape)});
  graphs.push_back({"no vertices", make_graph(0, {})});
  graphs.push_back({"no entries", make_graph(5, {})});
  graphs.push_back({"one vertex", make_graph(1, {})});
  graphs.push_back({"two vertices, one edge", make_graph(2, {{0, 1}})});
  return graphs;
}

// Every process splits the same graph; the root's copy is the one sent.
PartitionedGraph split(const Communicator& world, const Graph& graph) {
  return distributed::partition_graph(world, world.root() ? std::optional<Graph>(graph) : std::nullopt);
}

// A graph on one engine twice: this process's part, and whole (the
// one-process run every process compares with).
struct Uploaded {
  Uploaded(const Communicator& world, Engine& engine, const Graph& graph)
      : part(split(world, graph)), local(engine.upload(part.local)), whole(engine.upload(graph)) {}
  PartitionedGraph part;
  std::unique_ptr<DeviceGraph> local;
  std::unique_ptr<DeviceGraph> whole;
};

// check(world, engine, named, on) for each graph, split over the processes
// and whole, on one cpu engine.
template <class Check>
void for_each_split(const std::vector<NamedGraph>& graphs, Check check) {
  const Communicator world = Communicator::world();
  Engine engine = cpu_engine();
  for (const NamedGraph& named : graphs) {
    const Uploaded on(world, engine, named.graph);
    check(world, engine, named, on);
  }
}

TEST_CASE("balanced_blocks covers every row once and balances entries plus rows", "[distributed]") {
  std::mt19937 random(3);
  for (const int parts : {1, 2, 3, 4, 7, 64}) {
    for (const RandomGraphShape& shape : random_shapes()) {
      const Graph graph = random_graph(random, shape);
      const Csr& rows = graph.in_edges();
      const distributed::VertexBlocks blocks = distributed::balanced_blocks(rows, parts);
      INFO("parts " << parts << ", vertices " << shape.num_vertices);
      REQUIRE(blocks.parts() == parts);
      CHECK(blocks.starts.front() == 0);
      CHECK(blocks.starts.back() == static_cast<std::size_t>(graph.num_vertices()));
      const auto cost = [&](std::size_t v) { return static_cast<std::uint64_t>(rows.offsets[v]) + v; };
      const std::uint64_t total = cost(blocks.starts.back());
      std::uint64_t largest_row = 0;
      for (vertex_t v = 0; v < graph.num_vertices(); ++v)
        largest_row = std::max<std::uint64_t>(largest_row, static_cast<std::uint64_t>(rows.degree(v)) + 1);
      for (int p = 0; p < parts; ++p) {
        CHECK(blocks.starts[p] <= blocks.starts[p + 1]);
        // No block exceeds its share by more than one row.
        CHECK(cost(blocks.starts[p + 1]) - cost(blocks.starts[p]) <= total / parts + largest_row);
      }
    }
  }
  CHECK_THROWS_AS(distributed::balanced_blocks(Csr{}, 0), UsageError);
}

TEST_CASE("partition_graph gives each process the in-rows of its block", "[distributed]") {
  const Communicator world = Communicator::world();
  for (const NamedGraph& named : graphs_to_split()) {
    INFO(named.name << " on " << world.size() << " processes");
    const PartitionedGraph part = split(world, named.graph);
    CHECK(part.num_vertices == named.graph.num_vertices());
    CHECK(part.num_entries == named.graph.num_entries());
    CHECK(part.directed == named.graph.directed());
    CHECK(world.root() == (part.whole != nullptr));
    const Csr& whole = named.graph.in_edges();
    const Csr& local = part.local.in_edges();
    // CHECK, not REQUIRE: a process leaving the case early would skip the
    // collective below and hang the others.
    std::uint64_t held = 0;
    std::size_t wrong_rows = 0;
    if (part.local.num_vertices() == named.graph.num_vertices()) {
      for (vertex_t v = 0; v < named.graph.num_vertices(); ++v) {
        const bool owned = v >= part.blocks.begin(world.rank()) && v < part.blocks.end(world.rank());
        bool same = local.degree(v) == (owned ? whole.degree(v) : 0);
        for (edge_t k = 0; same && owned && k < whole.offsets[v + 1] - whole.offsets[v]; ++k)
          same = local.indices[local.offsets[v] + k] == whole.indices[whole.offsets[v] + k] &&
                 local.value(local.offsets[v] + k) == whole.value(whole.offsets[v] + k);
        wrong_rows += same ? 0 : 1;
        held += static_cast<std::uint64_t>(local.degree(v));
      }
    }
    CHECK(part.local.num_vertices() == named.graph.num_vertices());
    CHECK(wrong_rows == 0);
    CHECK(world.sum(held) == static_cast<std::uint64_t>(named.graph.num_entries()));
  }
}

TEST_CASE("pagerank on several processes equals one process, bit for bit", "[distributed][pagerank]") {
  for_each_split(graphs_to_split(), [](const Communicator& world, Engine& engine, const NamedGraph& named,
                                       const Uploaded& on) {
    std::vector<PageRankParams> runs(4);
    runs[1].fixed_iterations = true;
    runs[1].max_iterations = 7;
    runs[2].weighted = named.graph.out_edges().weighted();
    runs[3].personalization = {0};
    if (named.graph.num_vertices() > 3) runs[3].personalization = {1, 3};
    if (named.graph.num_vertices() == 0) runs.pop_back();  // no vertex to personalize
    for (std::size_t r = 0; r < runs.size(); ++r) {
      INFO(named.name << " on " << world.size() << " processes, run " << r);
      std::optional<PageRankResult> ran;
      try {
        ran = pagerank(engine, *on.whole, runs[r]);
      } catch (const RuntimeError&) {  // west0067's negative weights: the ranks overflow
        CHECK_THROWS_AS(distributed::pagerank(world, engine, on.part, *on.local, runs[r]), RuntimeError);
        continue;
      }
      const PageRankResult& one = *ran;
      const PageRankResult several = distributed::pagerank(world, engine, on.part, *on.local, runs[r]);
      CHECK(several.iterations == one.iterations);
      CHECK(several.residual == one.residual);
      CHECK(several.converged == one.converged);
      CHECK(several.rank == one.rank);
    }
  });
}

TEST_CASE("bfs on several processes equals one process", "[distributed][bfs]") {
  for_each_split(graphs_to_split(), [](const Communicator& world, Engine& engine, const NamedGraph& named,
                                       const Uploaded& on) {
    if (named.graph.num_vertices() == 0) return;  // no source
    for (const BfsDirection direction : {BfsDirection::optimizing, BfsDirection::push, BfsDirection::pull}) {
      for (vertex_t source : {0, named.graph.num_vertices() / 2, named.graph.num_vertices() - 1}) {
        INFO(named.name << " on " << world.size() << " processes, source " << source << ", direction "
                        << static_cast<int>(direction));
        const BfsParams params{.source = source, .direction = direction};
        const BfsResult one = bfs(engine, *on.whole, params);
        const BfsResult several = distributed::bfs(world, engine, on.part, *on.local, params);
        CHECK(several.level == one.level);
        CHECK(several.parent == one.parent);
        CHECK(several.reached == one.reached);
        CHECK(several.depth == one.depth);
        CHECK(several.edges_traversed == one.edges_traversed);
        CHECK(several.push_steps == one.push_steps);
        CHECK(several.pull_steps == one.pull_steps);
      }
    }
  });
}

// The bits of the distances: +0 and -0, or two NaNs, must not pass for equal.
std::vector<std::uint32_t> bits_of(const std::vector<float>& values) {
  std::vector<std::uint32_t> bits;
  bits.reserve(values.size());
  for (const float value : values) bits.push_back(std::bit_cast<std::uint32_t>(value));
  return bits;
}

TEST_CASE("sssp on several processes equals one process, bit for bit", "[distributed][sssp]") {
  for_each_split(graphs_to_split(), [](const Communicator& world, Engine& engine, const NamedGraph& named,
                                       const Uploaded& on) {
    const vertex_t n = named.graph.num_vertices();
    if (n == 0) return;  // no source
    const std::vector<float>& weights = named.graph.out_edges().values;
    const bool negative = std::any_of(weights.begin(), weights.end(), [](float w) { return w < 0.0f; });
    for (const vertex_t source : {0, n / 2, n - 1}) {
      INFO(named.name << " on " << world.size() << " processes, source " << source);
      const SsspParams params{.source = source};
      if (negative) {  // every process refuses, none waits for the others
        CHECK_THROWS_AS(distributed::sssp(world, engine, on.part, *on.local, params), UsageError);
        continue;
      }
      const SsspResult one = sssp(engine, *on.whole, params);
      const SsspResult rounds =
          sssp(engine, *on.whole, {.source = source, .method = SsspMethod::bellman_ford});
      const SsspResult several = distributed::sssp(world, engine, on.part, *on.local, params);
      CHECK(bits_of(several.distance) == bits_of(one.distance));
      CHECK(several.reached == one.reached);
      CHECK(several.max_distance == one.max_distance);
      CHECK(several.rounds == rounds.rounds);
      CHECK(several.edges_relaxed == static_cast<edge_t>(rounds.rounds) * named.graph.num_entries());
    }
  });
}

TEST_CASE("aggregate on several processes equals one process, bit for bit", "[distributed][aggregate]") {
  for_each_split(graphs_to_split(), [](const Communicator& world, Engine& engine, const NamedGraph& named,
                                       const Uploaded& on) {
    const std::size_t width = 3;
    std::mt19937 random(11);
    std::uniform_real_distribution<float> value(-1.0f, 1.0f);
    std::vector<float> features(static_cast<std::size_t>(named.graph.num_vertices()) * width);
    for (float& feature : features) feature = value(random);
    std::vector<AggregateParams> runs = {{.norm = AggregateNorm::sum}, {.norm = AggregateNorm::mean},
                                         {.norm = AggregateNorm::gcn}};
    if (named.graph.out_edges().weighted()) runs.push_back({.norm = AggregateNorm::sum, .weighted = true});
    for (const AggregateParams& params : runs) {
      INFO(named.name << " on " << world.size() << " processes, norm " << static_cast<int>(params.norm)
                      << (params.weighted ? ", weighted" : ""));
      // Only the root's features and width count.
      const std::vector<float> sent = world.root() ? features : std::vector<float>{};
      const std::vector<float> several =
          distributed::aggregate(world, engine, on.part, *on.local, sent, world.root() ? width : 0, params);
      CHECK(bits_of(several) == bits_of(aggregate(engine, *on.whole, features, width, params)));
    }
  });
}

TEST_CASE("label propagation on several processes equals one process", "[distributed][lp]") {
  for_each_split(graphs_to_split(), [](const Communicator& world, Engine& engine, const NamedGraph& named,
                                       const Uploaded& on) {
    for (const LabelPropagationParams params : {LabelPropagationParams{.max_iterations = 10},
                                                LabelPropagationParams{.max_iterations = 50, .stop_when_stable = true}}) {
      INFO(named.name << " on " << world.size() << " processes, " << params.max_iterations << " rounds");
      const LabelPropagationResult one = label_propagation(engine, *on.whole, params);
      const LabelPropagationResult several = distributed::label_propagation(world, engine, on.part, *on.local, params);
      CHECK(several.label == one.label);
      CHECK(several.iterations == one.iterations);
      CHECK(several.last_changes == one.last_changes);
    }
  });
}

TEST_CASE("components on several processes equal one process", "[distributed][wcc]") {
  std::vector<NamedGraph> graphs = graphs_to_split();
  // A path numbered against its order: every label must travel the whole way.
  std::vector<Edge> path;
  for (vertex_t v = 0; v + 1 < 300; ++v) path.push_back({299 - v, 298 - v});
  graphs.push_back({"reversed path of 300", make_graph(300, path)});
  for_each_split(graphs, [](const Communicator& world, Engine& engine, const NamedGraph& named, const Uploaded& on) {
    INFO(named.name << " on " << world.size() << " processes");
    const WccResult one = weakly_connected_components(engine, *on.whole);
    const WccResult several = distributed::weakly_connected_components(world, engine, on.part, *on.local);
    CHECK(several.component == one.component);
    CHECK(several.num_components == one.num_components);
  });
}

TEST_CASE("ProcessEngine runs every algorithm on its loaded graph as one process does", "[distributed]") {
  const Communicator world = Communicator::world();
  EngineOptions on_cpu;
  on_cpu.backend = BackendKind::cpu;
  distributed::ProcessEngine several(world, on_cpu);
  CHECK_THROWS_AS(several.pagerank(), UsageError);  // nothing loaded
  Engine one = cpu_engine();
  for (const char* file : {"karate.mtx", "celegansneural.mtx"}) {  // a second load replaces the first
    INFO(file << " on " << world.size() << " processes");
    const Graph graph = io::load_graph(data_path(file));
    several.load(world.root() ? std::optional<Graph>(graph) : std::nullopt);
    CHECK(several.graph().num_vertices == graph.num_vertices());
    const auto whole = one.upload(graph);
    CHECK(several.pagerank().rank == pagerank(one, *whole).rank);
    CHECK(several.bfs({.source = 2}).parent == bfs(one, *whole, {.source = 2}).parent);
    CHECK(bits_of(several.sssp({.source = 2}).distance) == bits_of(sssp(one, *whole, {.source = 2}).distance));
    CHECK(several.label_propagation().label == label_propagation(one, *whole).label);
    CHECK(several.weakly_connected_components().component == weakly_connected_components(one, *whole).component);
    const std::vector<float> features(static_cast<std::size_t>(graph.num_vertices()) * 2, 0.25f);
    CHECK(bits_of(several.aggregate(features, 2, {.norm = AggregateNorm::mean})) ==
          bits_of(aggregate(one, *whole, features, 2, {.norm = AggregateNorm::mean})));
    CHECK(several.exchange_stats().calls > 0);
  }
}

TEST_CASE("the parameters that name vertices are the root's", "[distributed]") {
  const Communicator world = Communicator::world();
  Engine engine = cpu_engine();
  const Graph graph = io::load_graph(data_path("karate.mtx"));
  const Uploaded on(world, engine, graph);
  // Only the root resolved the source (as the CLI does); the others pass 0.
  const BfsResult several = distributed::bfs(world, engine, on.part, *on.local, {.source = world.root() ? 33 : 0});
  CHECK(several.level == bfs(engine, *on.whole, {.source = 33}).level);
  PageRankParams personalized;
  if (world.root()) personalized.personalization = {4, 9};
  const PageRankResult ranks = distributed::pagerank(world, engine, on.part, *on.local, personalized);
  CHECK(ranks.rank == pagerank(engine, *on.whole, {.personalization = {4, 9}}).rank);
}

// The GPU path: each process on its own device (local rank), blocks moving
// by NCCL when graphrun was built with it. PageRank's sums are added in
// another order on a GPU (the fused step's against the separate
// reductions), so its ranks agree within float rounding; the others
// exactly. Skips without a GPU for each process of the host.
TEST_CASE("on the cuda backend, several processes give the one-process answers", "[distributed][cuda]") {
  const Communicator world = Communicator::world();
  int devices = 0;
#if GRAPHRUN_HAVE_CUDA
  devices = cuda_device_count();
#endif
  if (devices < world.local_size()) {
    WARN("SKIPPED: " << world.local_size() << " processes on this host need as many GPUs, " << devices
                     << " visible");
    return;
  }
  EngineOptions options;
  options.backend = BackendKind::cuda;
  options.backend_options.device = world.local_rank();
  Engine engine(options);
  for (const char* file : {"karate.mtx", "polblogs.mtx", "email-Enron.mtx", "cond-mat-2005.mtx"}) {
    INFO(file << " on " << world.size() << " processes");
    io::ReadOptions structure;  // cond-mat-2005's weights include 'inf'
    structure.ignore_weights = true;
    const Graph graph = io::load_graph(data_path(file), {}, structure);
    const Uploaded on(world, engine, graph);
    const PageRankParams fixed{.max_iterations = 20, .fixed_iterations = true};
    const PageRankResult one = pagerank(engine, *on.whole, fixed);
    const PageRankResult several = distributed::pagerank(world, engine, on.part, *on.local, fixed);
    CHECK(several.rank.size() == one.rank.size());
    float largest = 0.0f;
    for (std::size_t v = 0; v < std::min(one.rank.size(), several.rank.size()); ++v)
      largest = std::max(largest, std::abs(several.rank[v] - one.rank[v]) / std::max(one.rank[v], 1e-12f));
    CHECK(largest < 1e-4f);
    const BfsResult levels = distributed::bfs(world, engine, on.part, *on.local, {.source = 1});
    CHECK(levels.parent == bfs(engine, *on.whole, {.source = 1}).parent);
    CHECK(distributed::label_propagation(world, engine, on.part, *on.local, {}).label ==
          label_propagation(engine, *on.whole, {}).label);
    CHECK(distributed::weakly_connected_components(world, engine, on.part, *on.local).component ==
          weakly_connected_components(engine, *on.whole).component);
    CHECK(bits_of(distributed::sssp(world, engine, on.part, *on.local, {.source = 1}).distance) ==
          bits_of(sssp(engine, *on.whole, {.source = 1}).distance));
    const std::vector<float> features(static_cast<std::size_t>(graph.num_vertices()) * 8, 0.5f);
    CHECK(bits_of(distributed::aggregate(world, engine, on.part, *on.local, features, 8, {.norm = AggregateNorm::gcn})) ==
          bits_of(aggregate(engine, *on.whole, features, 8, {.norm = AggregateNorm::gcn})));
  }
}

}  // namespace
}  // namespace graphrun::test
