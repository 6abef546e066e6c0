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

// A graph on one engine twice: this process's part with its exchange, and
// whole (the one-process run every process compares with).
struct Uploaded {
  Uploaded(const Communicator& world, Engine& engine, const Graph& graph)
      : part(split(world, graph)),
        local(engine.upload(part.local)),
        whole(engine.upload(graph)),
        exchange(distributed::make_block_exchange(world, engine, part.blocks)) {}
  PartitionedGraph part;
  std::unique_ptr<DeviceGraph> local;
  std::unique_ptr<DeviceGraph> whole;
  std::unique_ptr<BlockExchange> exchange;
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

// Every BlockExchange call on `engine`'s memory against what it must give:
// blocks of known values (process r writes r + 1 + v into its block), a
// list of each process's rank repeated rank + 1 times, and sums.
void check_block_exchange(const Communicator& world, Engine& engine) {
  Backend& backend = engine.backend();
  const int p = world.size();
  const vertex_t n = 5 * p + 3;  // blocks of unequal sizes
  const Graph graph = make_graph(n, {});
  const distributed::VertexBlocks blocks = distributed::balanced_blocks(graph.in_edges(), p);
  const auto exchange = distributed::make_block_exchange(world, engine, blocks);
  const auto owner = [&](vertex_t v) {
    int r = 0;
    while (v >= blocks.end(r)) ++r;
    return r;
  };
  const vertex_t begin = blocks.begin(world.rank()), end = blocks.end(world.rank());
  std::vector<vertex_t> ids(static_cast<std::size_t>(n), -1);
  std::vector<vertex_t> expected_ids(static_cast<std::size_t>(n));
  for (vertex_t v = 0; v < n; ++v) {
    expected_ids[v] = owner(v) + 1 + v;
    if (v >= begin && v < end) ids[v] = expected_ids[v];
  }
  DeviceVector<vertex_t> shared_ids(backend.memory(), std::span<const vertex_t>(ids));
  exchange->share_blocks(shared_ids.span());
  CHECK(shared_ids.to_host() == expected_ids);

  const std::size_t width = 3;
  std::vector<float> rows(static_cast<std::size_t>(n) * width, -1.0f), expected_rows(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto v = static_cast<vertex_t>(i / width);
    expected_rows[i] = static_cast<float>(expected_ids[v]) + 0.25f * static_cast<float>(i % width);
    if (v >= begin && v < end) rows[i] = expected_rows[i];
  }
  DeviceVector<float> shared_rows(backend.memory(), std::span<const float>(rows));
  exchange->share_row_blocks(shared_rows.span(), width);
  CHECK(shared_rows.to_host() == expected_rows);
  std::vector<float> values(static_cast<std::size_t>(n), -1.0f), expected_values(values.size());
  for (vertex_t v = 0; v < n; ++v) {
    expected_values[v] = 0.5f * static_cast<float>(expected_ids[v]);
    if (v >= begin && v < end) values[v] = expected_values[v];
  }
  DeviceVector<float> shared_values(backend.memory(), std::span<const float>(values));
  exchange->share_blocks(shared_values.span());
  CHECK(shared_values.to_host() == expected_values);
  CHECK_THROWS_AS(exchange->share_row_blocks(shared_rows.span(), width + 1), UsageError);

  std::vector<vertex_t> list(static_cast<std::size_t>(n), -1), expected_list;
  for (int r = 0; r < p; ++r) expected_list.insert(expected_list.end(), static_cast<std::size_t>(r + 1), r);
  std::fill_n(list.begin(), world.rank() + 1, world.rank());
  DeviceVector<vertex_t> listed(backend.memory(), std::span<const vertex_t>(list));
  REQUIRE(expected_list.size() <= list.size());
  CHECK(exchange->concatenate(listed, static_cast<std::size_t>(world.rank() + 1)) == expected_list.size());
  std::vector<vertex_t> concatenated = listed.to_host();
  concatenated.resize(expected_list.size());  // the rest is room
  CHECK(concatenated == expected_list);

  CHECK(exchange->sum(static_cast<std::uint64_t>(world.rank()) + 1) ==
        static_cast<std::uint64_t>(p) * static_cast<std::uint64_t>(p + 1) / 2);
  std::vector<vertex_t> counts(static_cast<std::size_t>(n)), expected_counts(counts.size());
  for (vertex_t v = 0; v < n; ++v) {
    counts[v] = v % (world.rank() + 2);
    for (int r = 0; r < p; ++r) expected_counts[v] += v % (r + 2);
  }
  DeviceVector<vertex_t> summed(backend.memory(), std::span<const vertex_t>(counts));
  exchange->sum_elements(summed.span());
  CHECK(summed.to_host() == expected_counts);
}

TEST_CASE("the block exchange shares blocks and rows, concatenates lists and sums", "[distributed]") {
  const Communicator world = Communicator::world();
  Engine engine = cpu_engine();
  check_block_exchange(world, engine);
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
        CHECK_THROWS_AS(distributed::pagerank(world, engine, on.part, *on.local, runs[r], *on.exchange), RuntimeError);
        continue;
      }
      const PageRankResult& one = *ran;
      const PageRankResult several = distributed::pagerank(world, engine, on.part, *on.local, runs[r], *on.exchange);
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
      for (vertex_t source : {vertex_t{0}, named.graph.num_vertices() / 2, named.graph.num_vertices() - 1}) {
        INFO(named.name << " on " << world.size() << " processes, source " << source << ", direction "
                        << static_cast<int>(direction));
        const BfsParams params{.source = source, .direction = direction};
        const BfsResult one = bfs(engine, *on.whole, params);
        const BfsResult several = distributed::bfs(world, engine, on.part, *on.local, params, *on.exchange);
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
    for (const vertex_t source : {vertex_t{0}, n / 2, n - 1}) {
      INFO(named.name << " on " << world.size() << " processes, source " << source);
      const SsspParams params{.source = source};
      if (negative) {  // every process refuses, none waits for the others
        CHECK_THROWS_AS(distributed::sssp(world, engine, on.part, *on.local, params, *on.exchange), UsageError);
        continue;
      }
      const SsspResult one = sssp(engine, *on.whole, params);
      const SsspResult rounds =
          sssp(engine, *on.whole, {.source = source, .method = SsspMethod::bellman_ford});
      const SsspResult several = distributed::sssp(world, engine, on.part, *on.local, params, *on.exchange);
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
      const std::vector<float> several = distributed::aggregate(world, engine, on.part, *on.local, sent,
                                                                world.root() ? width : 0, params, *on.exchange);
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
      const LabelPropagationResult several =
          distributed::label_propagation(world, engine, on.part, *on.local, params, *on.exchange);
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
    const WccResult several = distributed::weakly_connected_components(world, engine, on.part, *on.local, *on.exchange);
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
  const BfsResult several =
      distributed::bfs(world, engine, on.part, *on.local, {.source = world.root() ? vertex_t{33} : vertex_t{0}},
                       *on.exchange);
  CHECK(several.level == bfs(engine, *on.whole, {.source = 33}).level);
  PageRankParams personalized;
  if (world.root()) personalized.personalization = {4, 9};
  const PageRankResult ranks = distributed::pagerank(world, engine, on.part, *on.local, personalized, *on.exchange);
  CHECK(ranks.rank == pagerank(engine, *on.whole, {.personalization = {4, 9}}).rank);
}

// The largest |a - b| / max(|b|, 1e-12); a size mismatch or a NaN counts
// as 1.
float largest_relative_difference(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return 1.0f;
  float largest = 0.0f;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const float difference = std::abs(a[i] - b[i]) / std::max(std::abs(b[i]), 1e-12f);
    if (std::isnan(difference)) return 1.0f;
    largest = std::max(largest, difference);
  }
  return largest;
}

// The GPU path: each process on its own device (local rank), blocks moving
// by NCCL when graphrun was built with it. The GPU's kernels for a graph
// depend on its shape (row statistics), and a block's in-rows are shaped
// otherwise than the whole graph's: PageRank's sums and aggregate's rows
// are added in another order, so they agree within float rounding; the
// others, integers or the least fixed point of SSSP, exactly. Skips
// without a GPU for each process of the host.
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
  check_block_exchange(world, engine);
  for (const char* file : {"karate.mtx", "polblogs.mtx", "email-Enron.mtx", "cond-mat-2005.mtx"}) {
    INFO(file << " on " << world.size() << " processes");
    io::ReadOptions structure;  // cond-mat-2005's weights include 'inf'
    structure.ignore_weights = true;
    const Graph graph = io::load_graph(data_path(file), {}, structure);
    const Uploaded on(world, engine, graph);
    const PageRankParams fixed{.max_iterations = 20, .fixed_iterations = true};
    const PageRankResult one = pagerank(engine, *on.whole, fixed);
    const PageRankResult several = distributed::pagerank(world, engine, on.part, *on.local, fixed, *on.exchange);
    CHECK(largest_relative_difference(several.rank, one.rank) < 1e-4f);
    const BfsResult levels = distributed::bfs(world, engine, on.part, *on.local, {.source = 1}, *on.exchange);
    CHECK(levels.parent == bfs(engine, *on.whole, {.source = 1}).parent);
    CHECK(distributed::label_propagation(world, engine, on.part, *on.local, {}, *on.exchange).label ==
          label_propagation(engine, *on.whole, {}).label);
    CHECK(distributed::weakly_connected_components(world, engine, on.part, *on.local, *on.exchange).component ==
          weakly_connected_components(engine, *on.whole).component);
    CHECK(bits_of(distributed::sssp(world, engine, on.part, *on.local, {.source = 1}, *on.exchange).distance) ==
          bits_of(sssp(engine, *on.whole, {.source = 1}).distance));
    const std::vector<float> features(static_cast<std::size_t>(graph.num_vertices()) * 8, 0.5f);
    // Positive terms, rows of up to a few hundred: float sums in another
    // order differ by far less than 1e-4 relative.
    const AggregateParams gcn{.norm = AggregateNorm::gcn};
    CHECK(largest_relative_difference(
              distributed::aggregate(world, engine, on.part, *on.local, features, 8, gcn, *on.exchange),
              aggregate(engine, *on.whole, features, 8, gcn)) < 1e-4f);
  }
}

}  // namespace
}  // namespace graphrun::test
