// The distributed algorithms against the one-process ones on the cpu
// backend: bit for bit, for every process count the test runs under
// (ctest runs it with mpirun -np 1, 2, 3 and 4), on the bundled graphs and
// edge cases (one vertex, no entries, more processes than vertices, a row
// holding most entries, isolated vertices, weights).
#include <catch2/catch.hpp>

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "algorithms/algorithm_test_support.hpp"
#include "graphrun/distributed/algorithms.hpp"
#include "graphrun/io/read.hpp"
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
    REQUIRE(part.local.num_vertices() == named.graph.num_vertices());
    std::uint64_t held = 0;
    for (vertex_t v = 0; v < named.graph.num_vertices(); ++v) {
      const bool owned = v >= part.blocks.begin(world.rank()) && v < part.blocks.end(world.rank());
      REQUIRE(local.degree(v) == (owned ? whole.degree(v) : 0));
      for (edge_t k = 0; owned && k < whole.offsets[v + 1] - whole.offsets[v]; ++k) {
        REQUIRE(local.indices[local.offsets[v] + k] == whole.indices[whole.offsets[v] + k]);
        REQUIRE(local.value(local.offsets[v] + k) == whole.value(whole.offsets[v] + k));
      }
      held += static_cast<std::uint64_t>(local.degree(v));
    }
    CHECK(world.sum(held) == static_cast<std::uint64_t>(named.graph.num_entries()));
  }
}

TEST_CASE("pagerank on several processes equals one process, bit for bit", "[distributed][pagerank]") {
  const Communicator world = Communicator::world();
  Engine engine = cpu_engine();
  for (const NamedGraph& named : graphs_to_split()) {
    const Uploaded on(world, engine, named.graph);
    std::vector<PageRankParams> runs(4);
    runs[1].fixed_iterations = true;
    runs[1].max_iterations = 7;
    runs[2].weighted = named.graph.out_edges().weighted();
    runs[3].personalization = {0};
    if (named.graph.num_vertices() > 3) runs[3].personalization = {1, 3};
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
  }
}

TEST_CASE("bfs on several processes equals one process", "[distributed][bfs]") {
  const Communicator world = Communicator::world();
  Engine engine = cpu_engine();
  for (const NamedGraph& named : graphs_to_split()) {
    const Uploaded on(world, engine, named.graph);
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
        CHECK(several.push_steps + several.pull_steps == one.push_steps + one.pull_steps);
      }
    }
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

}  // namespace
}  // namespace graphrun::test
