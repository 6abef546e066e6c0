// Union-find primitives (link_neighbours, compress) and weakly connected
// components on the cuda and cusparse backends against the CPU backend.
// Without a skip vertex the result is deterministic and compared exactly;
// with one it is checked against what the contract allows in any
// interleaving (cpu/forest_check.hpp, serial). Graphs include rows far
// longer than a thread links alone (the flat, entry-parallel pass) and a hub
// row of over a million entries outside the giant component.
#include <limits>
#include <map>
#include <numeric>

#include "cpu/forest_check.hpp"
#include "cuda/cuda_test_support.hpp"
#include "graphrun/algorithms/wcc.hpp"
#include "graphrun/error.hpp"
#include "kernels/backends.hpp"

namespace graphrun::test {

namespace {

constexpr edge_t rest_of_row = std::numeric_limits<edge_t>::max();

struct NamedBackend {
  const char* name;
  std::unique_ptr<Backend> backend;
};

std::vector<NamedBackend> gpu_backends() {
  std::vector<NamedBackend> backends;
  backends.push_back({"cuda", cuda_backend()});
  backends.push_back({"cusparse", make_cusparse_backend(BackendOptions{})});
  return backends;
}

// Entries [first, first + count) of every row of the chosen adjacency.
EntryList window_entries(const Graph& graph, Edges edges, edge_t first, edge_t count) {
  const Csr& csr = edges == Edges::out ? graph.out_edges() : graph.in_edges();
  EntryList entries;
  for (vertex_t u = 0; u < csr.num_rows(); ++u) {
    const edge_t begin = csr.offsets[u] + std::min(first, csr.offsets[u + 1] - csr.offsets[u]);
    const edge_t end = begin + std::min(count, csr.offsets[u + 1] - begin);
    for (edge_t k = begin; k < end; ++k) entries.push_back({u, csr.indices[k]});
  }
  return entries;
}


// quick: fewer windows and starting forests (the sanitizer subset, large graphs).
void check_union_find(const std::vector<NamedGraph>& graphs, std::mt19937_64& rng, bool quick) {
  const auto cpu = cpu_backend();
  auto gpus = gpu_backends();
  using Window = std::pair<edge_t, edge_t>;
  const std::vector<Window> windows = quick ? std::vector<Window>{{0, 1}, {1, rest_of_row}}
                                            : std::vector<Window>{{0, 1}, {1, 1}, {0, 2}, {2, rest_of_row},
                                                                  {0, rest_of_row}, {5, 100}};
  for (const NamedGraph& g : graphs) {
    const vertex_t n = g.graph.num_vertices();
    const auto on_cpu = cpu->upload(g.graph);
    std::vector<std::unique_ptr<DeviceGraph>> on_gpu;
    for (NamedBackend& gpu : gpus) on_gpu.push_back(gpu.backend->upload(g.graph));

    std::vector<vertex_t> identity(static_cast<std::size_t>(n));
    std::iota(identity.begin(), identity.end(), 0);
    const std::vector<vertex_t> deep = random_forest(rng, n);
    const std::vector<vertex_t> compressed = linked_labels(deep, {});
    struct Start {
      const char* name;
      const std::vector<vertex_t>* forest;
      vertex_t skip;
    };
    std::vector<Start> starts = {{"iota, skip none", &identity, no_vertex},
                                 {"compressed, skip the largest tree", &compressed, most_frequent(compressed)}};
    if (!quick) starts.push_back({"deep forest, skip none", &deep, no_vertex});

    {
      INFO("graph " << g.name << ", compress of a deep forest");
      auto expected = to_backend(*cpu, deep);
      auto cpu_state = forest_state(*cpu, no_vertex);
      cpu->compress(expected.span(), cpu_state.span());
      for (NamedBackend& gpu : gpus) {
        INFO("backend " << gpu.name);
        auto actual = to_backend(*gpu.backend, deep);
        auto state = forest_state(*gpu.backend, no_vertex);
        gpu.backend->compress(actual.span(), state.span());
        CHECK_SAME(compare_exact(expected.to_host(), actual.to_host()));
        CHECK(state.to_host().front().broken == 0);
      }
    }
    for (const Edges edges : {Edges::out, Edges::in}) {
      for (const auto& [first, count] : windows) {
        const EntryList entries = window_entries(g.graph, edges, first, count);
        for (const Start& start : starts) {
          INFO("graph " << g.name << ", edges " << static_cast<int>(edges) << ", window [" << first << ", +" << count
                        << "), " << start.name << " (" << start.skip << ")");
          const auto expected = link_and_compress(*cpu, *on_cpu, edges, first, count, start.skip, *start.forest);
          for (std::size_t b = 0; b < gpus.size(); ++b) {
            INFO("backend " << gpus[b].name);
            const auto actual =
                link_and_compress(*gpus[b].backend, *on_gpu[b], edges, first, count, start.skip, *start.forest);
            if (start.skip == no_vertex) CHECK_SAME(compare_exact(expected, actual));
            CHECK(check_linked_forest(*start.forest, entries, start.skip, actual) == std::string());
          }
        }
      }
    }
  }
}

// pick_skip_root on the graph's compressed forest and on values with long
// runs and ties, against the CPU backend and the serial oracle.
void check_skip_root(const std::vector<NamedGraph>& graphs, std::mt19937_64& rng) {
  const auto cpu = cpu_backend();
  auto gpus = gpu_backends();
  for (const NamedGraph& g : graphs) {
    const vertex_t n = g.graph.num_vertices();
    std::vector<vertex_t> few_values(static_cast<std::size_t>(n));
    for (vertex_t& value : few_values) value = std::uniform_int_distribution<vertex_t>(0, 4)(rng) * 31;
    // Out-of-range values (a broken forest) are not counted: here two thirds.
    std::vector<vertex_t> out_of_range = few_values;
    for (std::size_t v = 0; v < out_of_range.size(); ++v)
      if (v % 3 != 2) out_of_range[v] = v % 3 == 0 ? -1 : poison_value<vertex_t>();
    const std::vector<std::pair<const char*, std::vector<vertex_t>>> inputs = {
        {"compressed random forest", linked_labels(random_forest(rng, n), {})},
        {"five values", few_values},
        {"five values, two thirds out of range", out_of_range}};
    for (const auto& [input_name, values] : inputs) {
      for (const std::uint32_t samples : {1u, 3u, 1000u, max_root_samples}) {
        INFO("graph " << g.name << ", " << input_name << ", samples " << samples);
        const vertex_t expected = most_sampled(values, samples);
        auto on_cpu = to_backend(*cpu, values);
        auto cpu_state = forest_state(*cpu, 12345);
        cpu->pick_skip_root(on_cpu.span(), samples, cpu_state.span());
        CHECK(cpu_state.to_host().front().skip == expected);
        for (NamedBackend& gpu : gpus) {
          INFO("backend " << gpu.name);
          auto on_gpu = to_backend(*gpu.backend, values);
          auto state = forest_state(*gpu.backend, 12345);  // overwritten, poison-like
          gpu.backend->pick_skip_root(on_gpu.span(), samples, state.span());
          const ForestState picked = state.to_host().front();
          CHECK(picked.skip == expected);
          CHECK(picked.broken == 0);
        }
      }
    }
  }
}

void check_wcc(const std::vector<NamedGraph>& graphs) {
  const auto engine_of = [](BackendKind kind) {
    EngineOptions options;
    options.backend = kind;
    return Engine(options);
  };
  Engine cpu = engine_of(BackendKind::cpu);
  for (const BackendKind kind : {BackendKind::cuda, BackendKind::cusparse}) {
    Engine gpu = engine_of(kind);
    for (const NamedGraph& g : graphs) {
      INFO("backend " << to_string(kind) << ", graph " << g.name << ", wcc");
      const WccResult expected = weakly_connected_components(cpu, *cpu.upload(g.graph));
      const WccResult actual = weakly_connected_components(gpu, *gpu.upload(g.graph));
      CHECK_SAME(compare_exact(expected.component, actual.component));
      CHECK(expected.num_components == actual.num_components);
      CHECK(expected.iterations == actual.iterations);
    }
  }
}

// 99 entries in row 0 (more than a warp's width: the flat pass) on a graph
// small enough for the sanitizers.
NamedGraph small_long_row_graph(std::mt19937_64& rng) {
  std::vector<vertex_t> src, dst;
  for (vertex_t v = 1; v < 100; ++v) {
    src.push_back(0);
    dst.push_back(v);
  }
  std::uniform_int_distribution<vertex_t> vertex(0, 119);
  for (int k = 0; k < 60; ++k) {
    src.push_back(vertex(rng));
    dst.push_back(vertex(rng));
  }
  return {"120 vertices, row 0 of 99 entries", graph_from_edges(120, src, dst, {}, false)};
}

// A directed path-like giant v -> v+1, v -> v+2 over [0, 2^21) that the
// sampling rounds join and the sample picks, and beside it a hub whose
// out-row holds 2^20 + 100 leaves: not skipped, so WCC's final pass links its
// rest of row through the flat pass. Both directions (the undirected copy
// joins the leaves in the sampling rounds, yet the hub is still linked).
std::vector<NamedGraph> million_entry_hub_graphs() {
  const vertex_t giant = 1 << 21, leaves = (1 << 20) + 100;
  const vertex_t hub = giant, n = giant + 1 + leaves;
  std::vector<vertex_t> src, dst;
  for (vertex_t v = 0; v + 1 < giant; ++v) {
    src.push_back(v);
    dst.push_back(v + 1);
    if (v + 2 < giant) {
      src.push_back(v);
      dst.push_back(v + 2);
    }
  }
  for (vertex_t leaf = hub + 1; leaf < n; ++leaf) {
    src.push_back(hub);
    dst.push_back(leaf);
  }
  std::vector<NamedGraph> graphs;
  graphs.push_back({"directed, hub row of 2^20 + 100 entries beside a giant", graph_from_edges(n, src, dst, {}, false)});
  graphs.push_back({"undirected, hub row of 2^20 + 100 entries beside a giant", graph_from_edges(n, src, dst, {}, true)});
  return graphs;
}

}  // namespace

TEST_CASE("link_neighbours + compress match the CPU backend, edge cases and real graphs", "[components]") {
  SEED_INFO();
  auto rng = seeded_rng(60);
  std::vector<NamedGraph> graphs = edge_case_graphs(rng);
  graphs.push_back(small_long_row_graph(rng));
  for (NamedGraph& g : real_graphs()) graphs.push_back(std::move(g));
  check_union_find(graphs, rng, false);
  check_skip_root(graphs, rng);
  check_wcc(graphs);
}

TEST_CASE("link_neighbours + compress and wcc, 2^20-row random graph and a hub row of over 2^20 entries",
          "[components][large]") {
  SEED_INFO();
  auto rng = seeded_rng(61);
  std::vector<NamedGraph> graphs = million_entry_hub_graphs();
  graphs.push_back(large_random_graph(rng));
  check_union_find(graphs, rng, true);
  check_skip_root(graphs, rng);
  check_wcc(graphs);
}

TEST_CASE("link_neighbours + compress, sanitizer subset", "[components][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(62);
  std::vector<NamedGraph> graphs = sanitizer_graphs(rng);
  graphs.push_back(small_long_row_graph(rng));
  graphs.push_back(real_graph("karate.mtx"));
  check_union_find(graphs, rng, true);
  check_wcc(graphs);
}

// Bad sizes and descriptors are refused before any kernel runs (parent is
// untouched). A broken forest is flagged by the kernels as they follow parent
// values: compress follows every vertex, link_neighbours the vertices it
// walks from (here row 0 reaches 1..99, the others through random edges).
TEST_CASE("link_neighbours, compress and pick_skip_root refuse bad arguments and flag a broken forest",
          "[components][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(63);
  const NamedGraph g = small_long_row_graph(rng);
  const vertex_t n = g.graph.num_vertices();
  std::vector<vertex_t> identity(static_cast<std::size_t>(n));
  std::iota(identity.begin(), identity.end(), 0);
  for (NamedBackend& gpu : gpu_backends()) {
    INFO("backend " << gpu.name);
    Backend& backend = *gpu.backend;
    const auto a = backend.upload(g.graph);
    auto parent = to_backend(backend, identity);
    auto state = forest_state(backend, no_vertex);
    auto two_states = to_backend(backend, std::vector<ForestState>(2));
    CHECK_THROWS_AS(backend.link_neighbours(*a, Edges::both, 0, 1, parent.span(), state.span()), UsageError);
    CHECK_THROWS_AS(backend.link_neighbours(*a, Edges::out, -1, 1, parent.span(), state.span()), UsageError);
    CHECK_THROWS_AS(backend.link_neighbours(*a, Edges::out, 0, -1, parent.span(), state.span()), UsageError);
    CHECK_THROWS_AS(backend.link_neighbours(*a, Edges::out, 0, 1, parent.span().first(n - 1), state.span()),
                    UsageError);
    CHECK_THROWS_AS(backend.link_neighbours(*a, Edges::out, 0, 1, parent.span(), two_states.span()), UsageError);
    CHECK_THROWS_AS(backend.compress(parent.span(), std::span<ForestState>()), UsageError);
    CHECK_THROWS_AS(backend.pick_skip_root(parent.span(), 0, state.span()), UsageError);
    CHECK_THROWS_AS(backend.pick_skip_root(parent.span(), max_root_samples + 1, state.span()), UsageError);
    CHECK_THROWS_AS(backend.pick_skip_root(parent.span(), 10, two_states.span()), UsageError);
    CHECK(parent.to_host() == identity);
    CHECK(state.to_host().front().broken == 0);
    // Ids outside 0..n-1 (the poison value among them), and a parent above its child.
    for (const auto& [vertex, bad] : std::vector<std::pair<vertex_t, vertex_t>>{
             {7, -1}, {7, n}, {n - 1, poison_value<vertex_t>()}, {0, 1}, {50, 99}}) {
      INFO("parent[" << vertex << "] = " << bad);
      std::vector<vertex_t> invalid = identity;
      invalid[static_cast<std::size_t>(vertex)] = bad;
      if (vertex < 100) {
        auto on_device = to_backend(backend, invalid);
        auto linked = forest_state(backend, no_vertex);
        backend.link_neighbours(*a, Edges::out, 0, rest_of_row, on_device.span(), linked.span());
        CHECK(linked.to_host().front().broken == 1);
      }
      auto again = to_backend(backend, invalid);
      auto compressed = forest_state(backend, no_vertex);
      backend.compress(again.span(), compressed.span());
      CHECK(compressed.to_host().front().broken == 1);
    }
    // An empty parent: no sample, no skip root.
    auto picked = forest_state(backend, 12345);
    backend.pick_skip_root(std::span<const vertex_t>(), 10, picked.span());
    CHECK(picked.to_host().front().skip == no_vertex);
  }
}

}  // namespace graphrun::test
