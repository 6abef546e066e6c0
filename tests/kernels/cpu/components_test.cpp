// Union-find primitives (link_neighbours, compress) of the cpu backend
// against a serial union-find over each graph's triples (forest_check.hpp):
// entry windows as Afforest uses them and others, skip values that skip a
// large tree, a non-root or nothing, compressed and deep starting forests,
// 1 and 4 threads, and rows long enough to be split over threads. The
// block-by-block primitives (local_forest, link_across_blocks) the same way,
// over block sizes from 1 to beyond n and road grids whose components cross
// block boundaries; local_forest's result, exact, is compared whole.
#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <map>

#include "support/forest_check.hpp"
#include "support/random_seed.hpp"
#include "reference.hpp"
#include "cpu_test_support.hpp"
#include "graphrun/algorithms/kernels/components_kernels.hpp"
#include "graphrun/error.hpp"
#include "kernels/backends.hpp"

namespace graphrun::test {
namespace {

constexpr edge_t rest_of_row = std::numeric_limits<edge_t>::max();

std::shared_ptr<Backend> backend_with(int threads) {
  BackendOptions options;
  options.threads = threads;
  return make_cpu_backend(options);
}

// Entries [first, first + count) of every row of the `edges` adjacency in
// ascending neighbour order (the order CSR rows are stored in).
EntryList window_entries(std::vector<std::vector<vertex_t>> rows, edge_t first, edge_t count) {
  EntryList entries;
  for (std::size_t u = 0; u < rows.size(); ++u) {
    std::sort(rows[u].begin(), rows[u].end());
    for (edge_t k = first; k < static_cast<edge_t>(rows[u].size()) && k - first < count; ++k)
      entries.push_back({static_cast<vertex_t>(u), rows[u][static_cast<std::size_t>(k)]});
  }
  return entries;
}


// Graphs beyond the shared ones: rows longer than one thread links alone
// (CpuTuning::link_row_limit) and enough vertices for the parallel loops.
std::vector<TestGraph> long_row_graphs(std::mt19937_64& rng) {
  std::vector<TestGraph> graphs;
  for (const bool undirected : {false, true}) {
    EdgeList edges;
    edges.num_vertices = 6000;
    edges.symmetry = undirected ? Symmetry::symmetric : Symmetry::general;
    std::uniform_int_distribution<vertex_t> vertex(0, 5999);
    for (int k = 0; k < 5000; ++k) {  // sparse: many components
      edges.src.push_back(vertex(rng));
      edges.dst.push_back(vertex(rng));
    }
    for (vertex_t v = 0; v < 6000; v += 2) {  // hub out-row 4321, hub in-row 17
      edges.src.push_back(4321);
      edges.dst.push_back(v);
      edges.src.push_back(v + 1);
      edges.dst.push_back(17);
    }
    graphs.push_back(make_test_graph(undirected ? "undirected, two hubs of 3000" : "directed, hub out- and in-rows",
                                     edges));
  }
  return graphs;
}

// Graphs for the block-by-block primitives: the shared ones, the long hub
// rows, n = 0, and 300-column road grids (ids row-major, about 45% of the
// grid edges dropped) whose components straddle block boundaries: every
// vertical edge crosses a block of 64 ids, a block of 16384 ends mid-row.
std::vector<TestGraph> block_test_graphs(std::mt19937_64& rng) {
  std::vector<TestGraph> graphs = all_test_graphs(rng);
  for (TestGraph& g : long_row_graphs(rng)) graphs.push_back(std::move(g));
  graphs.push_back(make_test_graph("n = 0", EdgeList{}));
  graphs.push_back(make_test_graph("road grid 200 x 300", road_grid(rng, 200, 300, 0.45, false)));
  graphs.push_back(make_test_graph("road grid 200 x 300 (directed)", road_grid(rng, 200, 300, 0.45, true)));
  return graphs;
}

// Every entry of the `edges` adjacency, from the graph's triples.
EntryList all_entries(const TestGraph& g, Edges edges) {
  return window_entries(neighbour_lists(g, edges), 0, rest_of_row);
}

}  // namespace

TEST_CASE("link_neighbours + compress unite exactly the windowed entries, skipping allowed vertices") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  std::vector<TestGraph> graphs = all_test_graphs(rng);
  for (TestGraph& g : long_row_graphs(rng)) graphs.push_back(std::move(g));
  const std::vector<std::pair<edge_t, edge_t>> windows = {{0, 1}, {1, 1}, {0, 2}, {2, rest_of_row},
                                                          {0, rest_of_row}, {3, 40}, {0, 0}, {1 << 20, rest_of_row}};
  auto serial = backend_with(1), parallel = backend_with(4);
  for (const TestGraph& g : graphs) {
    const vertex_t n = g.graph.num_vertices();
    auto serial_graph = serial->upload(g.graph), parallel_graph = parallel->upload(g.graph);
    const std::vector<vertex_t> deep = random_forest(rng, n);
    const std::vector<vertex_t> compressed = linked_labels(deep, {});
    const std::vector<vertex_t> identity = identity_forest(n);
    for (const Edges edges : {Edges::out, Edges::in}) {
      const auto rows = neighbour_lists(g, edges);
      for (const auto& [first, count] : windows) {
        const EntryList entries = window_entries(rows, first, count);
        struct Start {
          const char* name;
          const std::vector<vertex_t>* forest;
          vertex_t skip;
        };
        const vertex_t non_root = deep[static_cast<std::size_t>(n - 1)];  // a parent, maybe not a root
        const std::vector<Start> starts = {{"iota, skip none", &identity, no_vertex},
                                           {"iota, skip beyond n", &identity, n + 3},
                                           {"iota, skip a vertex", &identity, n / 2},
                                           {"deep forest, skip none", &deep, no_vertex},
                                           {"deep forest, skip a parent", &deep, non_root},
                                           {"compressed, skip the largest tree", &compressed, most_frequent(compressed)}};
        for (const Start& start : starts) {
          INFO("graph " << g.name << ", edges " << int(edges) << ", window [" << first << ", +" << count << "), "
                        << start.name << " (" << start.skip << ")");
          for (auto* run : {&serial, &parallel}) {
            const DeviceGraph& a = run == &serial ? *serial_graph : *parallel_graph;
            const auto result = link_and_compress(**run, a, edges, first, count, start.skip, *start.forest);
            CHECK(check_linked_forest(*start.forest, entries, start.skip, result) == std::string());
            if (start.skip == no_vertex || start.skip >= n) CHECK(result == linked_labels(*start.forest, entries));
          }
        }
      }
    }
  }
}

TEST_CASE("compress points every vertex at its root, deep chains included") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for (const vertex_t n : {0, 1, 2, 100, 20000}) {
    std::vector<vertex_t> forest = random_forest(rng, n);
    // A chain n-1 -> n-2 -> ... over the top half: the deepest tree possible.
    for (vertex_t v = n / 2 + 1; v < n; ++v) forest[v] = v - 1;
    const std::vector<vertex_t> expected = linked_labels(forest, {});
    for (const int threads : {1, 4}) {
      INFO("n = " << n << ", threads " << threads);
      auto backend = backend_with(threads);
      auto parent = to_backend(*backend, forest);
      auto state = forest_state(*backend, no_vertex);
      components_kernels(*backend).compress(parent.span(), state.span());
      CHECK(parent.to_host() == expected);
      CHECK(state.to_host().front().broken == 0);
      // The roots of the compressed forest, counted apart.
      vertex_t roots = 0;
      for (vertex_t v = 0; v < n; ++v) roots += expected[static_cast<std::size_t>(v)] == v ? 1 : 0;
      CHECK(state.to_host().front().roots == roots);
    }
  }
}

TEST_CASE("Afforest's sequence on the cpu backend yields the components") {
  // The calls algorithms/src/wcc.cpp makes, the skip root picked by the
  // backend from the compressed forest, against the components of all entries.
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  auto backend = backend_with(4);
  for (const TestGraph& g : long_row_graphs(rng)) {
    INFO("graph " << g.name);
    const auto n = static_cast<std::size_t>(g.graph.num_vertices());
    auto a = backend->upload(g.graph);
    auto parent = to_backend(*backend, std::vector<vertex_t>(n));
    auto state = forest_state(*backend, no_vertex);
    backend->iota(parent.span());
    for (edge_t round = 0; round < 2; ++round) {
      components_kernels(*backend).link_neighbours(*a, Edges::out, round, 1, parent.span(), state.span());
      components_kernels(*backend).compress(parent.span(), state.span());
    }
    components_kernels(*backend).pick_skip_root(parent.span(), max_root_samples, state.span());
    CHECK(state.to_host().front().skip == most_sampled(parent.to_host(), max_root_samples));
    components_kernels(*backend).link_neighbours(*a, Edges::out, 2, rest_of_row, parent.span(), state.span());
    if (g.graph.directed())
      components_kernels(*backend).link_neighbours(*a, Edges::in, 0, rest_of_row, parent.span(), state.span());
    components_kernels(*backend).compress(parent.span(), state.span());
    const std::vector<vertex_t> identity = identity_forest(g.graph.num_vertices());
    CHECK(parent.to_host() == linked_labels(identity, window_entries(neighbour_lists(g, Edges::out), 0, rest_of_row)));
    CHECK(state.to_host().front().broken == 0);
  }
}

TEST_CASE("pick_skip_root takes the most sampled value, the smallest on a tie") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  auto backend = backend_with(4);
  for (const vertex_t n : {1, 2, 7, 1000, 100000}) {
    // Few distinct values, so runs are long and ties between them likely.
    for (const vertex_t distinct : {1, 3, 50}) {
      std::vector<vertex_t> values(static_cast<std::size_t>(n));
      for (vertex_t& value : values) value = std::uniform_int_distribution<vertex_t>(0, distinct - 1)(rng) * 997 % n;
      // Out-of-range values (a broken forest) are not counted: here a third.
      for (std::size_t v = 0; v < values.size(); v += 3) values[v] = v % 2 == 0 ? -1 : n + 5;
      auto on_backend = to_backend(*backend, values);
      for (const std::uint32_t samples : {1u, 2u, 5u, 1000u, max_root_samples}) {
        INFO("n " << n << ", distinct values " << distinct << ", samples " << samples);
        auto state = forest_state(*backend, 12345);
        components_kernels(*backend).pick_skip_root(on_backend.span(), samples, state.span());
        CHECK(state.to_host().front().skip == most_sampled(values, samples));
        CHECK(state.to_host().front().broken == 0);
      }
    }
  }
  auto state = forest_state(*backend, 12345);
  components_kernels(*backend).pick_skip_root(std::span<const vertex_t>(), 10, state.span());
  CHECK(state.to_host().front().skip == no_vertex);

  auto values = to_backend(*backend, std::vector<vertex_t>{4, 4, 4});
  CHECK_THROWS_AS(components_kernels(*backend).pick_skip_root(values.span(), 0, state.span()), UsageError);
  CHECK_THROWS_AS(components_kernels(*backend).pick_skip_root(values.span(), max_root_samples + 1, state.span()),
                  UsageError);
  auto two_states = to_backend(*backend, std::vector<ForestState>(2));
  CHECK_THROWS_AS(components_kernels(*backend).pick_skip_root(values.span(), 10, two_states.span()), UsageError);
}

TEST_CASE("link_neighbours and compress refuse bad arguments, and flag a broken forest untouched") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  const TestGraph g = edge_case_graphs(rng)[3];  // 300 vertices, directed
  const vertex_t n = g.graph.num_vertices();
  auto backend = backend_with(4);
  auto a = backend->upload(g.graph);
  const std::vector<vertex_t> identity = identity_forest(n);
  auto parent = to_backend(*backend, identity);
  auto state = forest_state(*backend, no_vertex);

  CHECK_THROWS_AS(components_kernels(*backend).link_neighbours(*a, Edges::both, 0, 1, parent.span(), state.span()),
                  UsageError);
  CHECK_THROWS_AS(components_kernels(*backend).link_neighbours(*a, Edges::out, -1, 1, parent.span(), state.span()),
                  UsageError);
  CHECK_THROWS_AS(components_kernels(*backend).link_neighbours(*a, Edges::out, 0, -1, parent.span(), state.span()),
                  UsageError);
  CHECK_THROWS_AS(
      components_kernels(*backend).link_neighbours(*a, Edges::out, 0, 1, parent.span().first(n - 1), state.span()),
      UsageError);
  DeviceVector<vertex_t> longer(backend->memory(), static_cast<std::size_t>(n) + 1);
  backend->iota(longer.span());
  CHECK_THROWS_AS(components_kernels(*backend).link_neighbours(*a, Edges::out, 0, 1, longer.span(), state.span()),
                  UsageError);
  auto two_states = to_backend(*backend, std::vector<ForestState>(2));
  CHECK_THROWS_AS(components_kernels(*backend).link_neighbours(*a, Edges::out, 0, 1, parent.span(), two_states.span()),
                  UsageError);
  CHECK_THROWS_AS(components_kernels(*backend).compress(parent.span(), two_states.span()), UsageError);
  CHECK_THROWS_AS(components_kernels(*backend).compress(parent.span(), std::span<ForestState>()), UsageError);
  CHECK(parent.to_host() == identity);
  CHECK(state.to_host().front().broken == 0);

  // Ids outside 0..n-1, and a parent above its child (a possible cycle).
  for (const auto& [vertex, bad] : std::vector<std::pair<vertex_t, vertex_t>>{
           {7, -1}, {7, n}, {n - 1, std::numeric_limits<vertex_t>::max()}, {0, 1}, {10, 11}}) {
    INFO("parent[" << vertex << "] = " << bad);
    std::vector<vertex_t> poisoned = identity;
    poisoned[static_cast<std::size_t>(vertex)] = bad;
    auto invalid = to_backend(*backend, poisoned);
    auto linked = forest_state(*backend, no_vertex);
    components_kernels(*backend).link_neighbours(*a, Edges::out, 0, rest_of_row, invalid.span(), linked.span());
    CHECK(linked.to_host().front().broken == 1);
    auto compressed = forest_state(*backend, no_vertex);
    components_kernels(*backend).compress(invalid.span(), compressed.span());
    CHECK(compressed.to_host().front().broken == 1);
    CHECK(invalid.to_host() == poisoned);
  }
}

// ---- Components block by block ----------------------------------------------

TEST_CASE("local_forest: each vertex labelled with the smallest vertex of its component inside its block") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  auto serial = backend_with(1), parallel = backend_with(4);
  for (const TestGraph& g : block_test_graphs(rng)) {
    const vertex_t n = g.graph.num_vertices();
    auto serial_graph = serial->upload(g.graph), parallel_graph = parallel->upload(g.graph);
    // Whatever parent held is overwritten: -7 everywhere, then random values.
    const std::vector<std::vector<vertex_t>> garbage = {std::vector<vertex_t>(static_cast<std::size_t>(n), -7),
                                                        garbage_forest(rng, n)};
    for (const Edges edges : {Edges::out, Edges::in}) {
      const EntryList entries = all_entries(g, edges);
      for (const vertex_t block_vertices : test_block_sizes(n)) {
        INFO("graph " << g.name << ", edges " << int(edges) << ", block_vertices " << block_vertices);
        const std::vector<vertex_t> expected = local_forest_oracle(n, entries, block_vertices);
        for (auto* run : {&serial, &parallel}) {
          const DeviceGraph& a = run == &serial ? *serial_graph : *parallel_graph;
          for (const std::vector<vertex_t>& before : garbage)
            CHECK(local_forest_from(**run, a, edges, block_vertices, before) == expected);
        }
      }
    }
  }
}

TEST_CASE("link_across_blocks + compress unite exactly the entries across blocks, skipping allowed vertices") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  auto serial = backend_with(1), parallel = backend_with(4);
  for (const TestGraph& g : block_test_graphs(rng)) {
    const vertex_t n = g.graph.num_vertices();
    auto serial_graph = serial->upload(g.graph), parallel_graph = parallel->upload(g.graph);
    for (const Edges edges : {Edges::out, Edges::in}) {
      const EntryList entries = all_entries(g, edges);
      for (const vertex_t block_vertices : test_block_sizes(n)) {
        const EntryList across = block_entries(entries, block_vertices, true);
        const auto starts = link_across_starts(rng, local_forest_oracle(n, entries, block_vertices), false);
        for (const LinkStart& start : starts) {
          INFO("graph " << g.name << ", edges " << int(edges) << ", block_vertices " << block_vertices << ", "
                        << start.name << " (" << start.skip << ")");
          for (auto* run : {&serial, &parallel}) {
            const DeviceGraph& a = run == &serial ? *serial_graph : *parallel_graph;
            const auto result = link_across_and_compress(**run, a, edges, block_vertices, start.skip, start.forest);
            CHECK(check_linked_forest(start.forest, across, start.skip, result) == std::string());
            if (skips_nothing(start.skip, n)) CHECK(result == linked_labels(start.forest, across));
          }
        }
      }
    }
  }
}

TEST_CASE("local_forest then link_across_blocks and compress give the weakly connected components") {
  // Every edge u -> w lies in u's out-row and in w's in-row, and inside a
  // block or across two whichever row holds it: so the two passes cover all
  // edges whichever adjacency each reads.
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  auto backend = backend_with(4);
  for (const TestGraph& g : block_test_graphs(rng)) {
    const vertex_t n = g.graph.num_vertices();
    auto a = backend->upload(g.graph);
    const std::vector<vertex_t> components = linked_labels(identity_forest(n), all_entries(g, Edges::out));
    for (const vertex_t block_vertices : test_block_sizes(n))
      for (const Edges local : {Edges::out, Edges::in})
        for (const Edges across : {Edges::out, Edges::in}) {
          INFO("graph " << g.name << ", block_vertices " << block_vertices << ", local_forest edges " << int(local)
                        << ", link_across_blocks edges " << int(across));
          const auto forest = local_forest_from(*backend, *a, local, block_vertices, garbage_forest(rng, n));
          CHECK(link_across_and_compress(*backend, *a, across, block_vertices, no_vertex, forest) == components);
        }
  }
}

TEST_CASE("local_block_vertices is 0 on the cpu backend (it keeps Afforest), even on a road grid") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  auto backend = backend_with(4);
  for (const TestGraph& g : block_test_graphs(rng)) {
    INFO("graph " << g.name);
    auto a = backend->upload(g.graph);
    CHECK(components_kernels(*backend).local_block_vertices(*a, Edges::out) == 0);
    CHECK(components_kernels(*backend).local_block_vertices(*a, Edges::in) == 0);
    CHECK_THROWS_AS(components_kernels(*backend).local_block_vertices(*a, Edges::both), UsageError);
  }
}

TEST_CASE("local_forest and link_across_blocks refuse bad arguments, and link_across_blocks flags a broken forest "
          "untouched") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  const TestGraph g = edge_case_graphs(rng)[3];  // 300 vertices, directed
  const vertex_t n = g.graph.num_vertices();
  auto backend = backend_with(4);
  auto a = backend->upload(g.graph);
  const std::vector<vertex_t> identity = identity_forest(n);
  auto parent = to_backend(*backend, identity);
  auto state = forest_state(*backend, no_vertex);

  const vertex_t no_block = 0;
  CHECK_THROWS_AS(components_kernels(*backend).local_forest(*a, Edges::out, no_block, parent.span()), UsageError);
  CHECK_THROWS_AS(
      components_kernels(*backend).link_across_blocks(*a, Edges::out, no_block, parent.span(), state.span()),
      UsageError);
  CHECK_THROWS_AS(components_kernels(*backend).local_forest(*a, Edges::both, 64, parent.span()), UsageError);
  CHECK_THROWS_AS(components_kernels(*backend).link_across_blocks(*a, Edges::both, 64, parent.span(), state.span()),
                  UsageError);
  DeviceVector<vertex_t> longer(backend->memory(), static_cast<std::size_t>(n) + 1);
  for (const std::span<vertex_t> wrong_size : {parent.span().first(n - 1), longer.span()}) {
    INFO("parent of " << wrong_size.size() << " entries");
    CHECK_THROWS_AS(components_kernels(*backend).local_forest(*a, Edges::out, 64, wrong_size), UsageError);
    CHECK_THROWS_AS(components_kernels(*backend).link_across_blocks(*a, Edges::out, 64, wrong_size, state.span()),
                    UsageError);
  }
  auto two_states = to_backend(*backend, std::vector<ForestState>(2));
  CHECK_THROWS_AS(components_kernels(*backend).link_across_blocks(*a, Edges::out, 64, parent.span(), two_states.span()),
                  UsageError);
  CHECK_THROWS_AS(
      components_kernels(*backend).link_across_blocks(*a, Edges::out, 64, parent.span(), std::span<ForestState>()),
      UsageError);
  CHECK(parent.to_host() == identity);
  CHECK(state.to_host().front().broken == 0);

  // No shared-memory bound here: 2^20 ids, or every id there is, make one block.
  const EntryList entries = all_entries(g, Edges::out);
  for (const vertex_t block_vertices : {vertex_t{1} << 20, std::numeric_limits<vertex_t>::max()}) {
    INFO("block_vertices " << block_vertices);
    CHECK(local_forest_from(*backend, *a, Edges::out, block_vertices, garbage_forest(rng, n)) ==
          local_forest_oracle(n, entries, block_vertices));
    CHECK(link_across_and_compress(*backend, *a, Edges::out, block_vertices, no_vertex, identity) == identity);
  }

  // As link_neighbours: ids outside 0..n-1 and a parent above its child are
  // flagged, parent left as it was, even with blocks larger than the graph
  // (nothing to link).
  for (const auto& [vertex, bad] : std::vector<std::pair<vertex_t, vertex_t>>{
           {7, no_vertex}, {7, n}, {n - 1, no_vertex - 1}, {0, 1}, {10, 11}})
    for (const vertex_t block_vertices : {vertex_t{1}, vertex_t{64}, n + 1}) {
      INFO("parent[" << vertex << "] = " << bad << ", block_vertices " << block_vertices);
      std::vector<vertex_t> poisoned = identity;
      poisoned[static_cast<std::size_t>(vertex)] = bad;
      auto invalid = to_backend(*backend, poisoned);
      auto linked = forest_state(*backend, no_vertex);
      components_kernels(*backend).link_across_blocks(*a, Edges::out, block_vertices, invalid.span(), linked.span());
      CHECK(linked.to_host().front().broken == 1);
      CHECK(invalid.to_host() == poisoned);
    }

  // n = 0: nothing to label or link, and no failure.
  auto empty = backend->upload(Graph::build(EdgeList{}));
  DeviceVector<vertex_t> no_parent(backend->memory(), 0);
  CHECK_NOTHROW(components_kernels(*backend).local_forest(*empty, Edges::out, 64, no_parent.span()));
  CHECK_NOTHROW(components_kernels(*backend).link_across_blocks(*empty, Edges::in, 64, no_parent.span(), state.span()));
  CHECK(state.to_host().front().broken == 0);
}

}  // namespace graphrun::test
