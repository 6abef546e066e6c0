// Union-find primitives (link_neighbours, compress) and weakly connected
// components on the cuda and cusparse backends against the CPU backend.
// Without a skip vertex the result is deterministic and compared exactly;
// with one it is checked against what the contract allows in any
// interleaving (support/forest_check.hpp, serial). Graphs include rows far
// longer than a thread links alone (the flat, entry-parallel pass) and a hub
// row of over a million entries outside the giant component. The
// block-by-block primitives (local_forest, link_across_blocks) are compared
// with the CPU backend and the serial oracles over block sizes from 1 to the
// cuda limit, on road grids whose components cross block boundaries, and WCC
// must take that path (two passes) wherever local_block_vertices offers it.
#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>
#include <numeric>

#include "support/forest_check.hpp"
#include "cuda_test_support.hpp"
#include "graphrun/algorithms/kernels/components_kernels.hpp"
#include "graphrun/algorithms/wcc.hpp"
#include "graphrun/error.hpp"
#include "kernels/backends.hpp"
#include "kernels/cuda/components/local_forest.cuh"

namespace graphrun::test {

namespace {

constexpr edge_t rest_of_row = std::numeric_limits<edge_t>::max();

struct NamedBackend {
  const char* name;
  std::shared_ptr<Backend> backend;
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

    const std::vector<vertex_t> identity = identity_forest(n);
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
      components_kernels(*cpu).compress(expected.span(), cpu_state.span());
      for (NamedBackend& gpu : gpus) {
        INFO("backend " << gpu.name);
        auto actual = to_backend(*gpu.backend, deep);
        auto state = forest_state(*gpu.backend, no_vertex);
        components_kernels(*gpu.backend).compress(actual.span(), state.span());
        CHECK_SAME(compare_exact(expected.to_host(), actual.to_host()));
        CHECK(state.to_host().front().broken == 0);
        CHECK(state.to_host().front().roots == cpu_state.to_host().front().roots);
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
        components_kernels(*cpu).pick_skip_root(on_cpu.span(), samples, cpu_state.span());
        CHECK(cpu_state.to_host().front().skip == expected);
        for (NamedBackend& gpu : gpus) {
          INFO("backend " << gpu.name);
          auto on_gpu = to_backend(*gpu.backend, values);
          auto state = forest_state(*gpu.backend, 12345);  // overwritten, poison-like
          components_kernels(*gpu.backend).pick_skip_root(on_gpu.span(), samples, state.span());
          const ForestState picked = state.to_host().front();
          CHECK(picked.skip == expected);
          CHECK(picked.broken == 0);
        }
      }
    }
  }
}

Engine engine_of(BackendKind kind) {
  EngineOptions options;
  options.backend = kind;
  return Engine(options);
}

// Link passes of weakly_connected_components on the block path:
// local_forest, then link_across_blocks.
constexpr int block_path_iterations = 2;

void check_wcc(const std::vector<NamedGraph>& graphs) {
  Engine cpu = engine_of(BackendKind::cpu);
  for (const BackendKind kind : {BackendKind::cuda, BackendKind::cusparse}) {
    Engine gpu = engine_of(kind);
    for (const NamedGraph& g : graphs) {
      INFO("backend " << to_string(kind) << ", graph " << g.name << ", wcc");
      const WccResult expected = weakly_connected_components(cpu, *cpu.upload(g.graph));
      const auto on_gpu = gpu.upload(g.graph);
      const WccResult actual = weakly_connected_components(gpu, *on_gpu);
      CHECK_SAME(compare_exact(expected.component, actual.component));
      CHECK(expected.num_components == actual.num_components);
      // The cpu backend keeps Afforest; the cuda ones go block by block
      // wherever they offer a block size.
      const bool block_path = components_kernels(gpu.backend()).local_block_vertices(*on_gpu, Edges::out) > 0;
      CHECK(actual.iterations == (block_path ? block_path_iterations : expected.iterations));
    }
  }
}

// ---- Components block by block ----------------------------------------------

using cuda::LocalForestPolicy;

// A road grid (forest_check.hpp) of rows x columns vertices, ids row-major.
NamedGraph road_grid_graph(std::mt19937_64& rng, vertex_t rows, vertex_t columns, bool directed) {
  const EdgeList edges = road_grid(rng, rows, columns, 0.45, directed);
  return {"road grid " + std::to_string(rows) + " x " + std::to_string(columns) + (directed ? " (directed)" : ""),
          graph_from_edges(edges.num_vertices, edges.src, edges.dst, {}, !directed)};
}

// local_block_vertices' rule, computed on the host from the CSR: the
// preferred block size when every entry's column lies within a quarter block
// of its row and no row is longer than a warp, else 0 (so for an empty graph).
vertex_t expected_block_vertices(const Graph& graph, Edges edges) {
  const Csr& csr = edges == Edges::out ? graph.out_edges() : graph.in_edges();
  std::int64_t reach = 0, longest_row = 0;
  for (vertex_t u = 0; u < csr.num_rows(); ++u) {
    longest_row = std::max<std::int64_t>(longest_row, csr.offsets[u + 1] - csr.offsets[u]);
    for (edge_t k = csr.offsets[u]; k < csr.offsets[u + 1]; ++k)
      reach = std::max<std::int64_t>(reach, std::abs(static_cast<std::int64_t>(csr.indices[k]) - u));
  }
  const bool local = graph.num_vertices() > 0 && 4 * reach <= LocalForestPolicy::preferred_block_vertices &&
                     longest_row <= LocalForestPolicy::max_row_entries;
  return local ? LocalForestPolicy::preferred_block_vertices : 0;
}

// Graphs on local_block_vertices' bounds, with the answer for out and in: a
// band (v -> v+1, v -> v+5 from vertex 1 on) plus one entry exactly a
// quarter block from its row, or plus out-row 0 of 32 entries (its in-rows
// stay short); then one id farther, one entry more.
struct LocalityCase {
  NamedGraph graph;
  vertex_t out_block, in_block;
};
std::vector<LocalityCase> locality_bound_graphs() {
  const vertex_t preferred = LocalForestPolicy::preferred_block_vertices;
  const vertex_t quarter = preferred / 4;
  const auto row_entries = static_cast<vertex_t>(LocalForestPolicy::max_row_entries);
  const vertex_t n = 3 * quarter;
  std::vector<vertex_t> band_src, band_dst;
  for (vertex_t v = 1; v + 5 < n; ++v)
    for (const vertex_t step : {1, 5}) {
      band_src.push_back(v);
      band_dst.push_back(v + step);
    }
  std::vector<LocalityCase> cases;
  for (const vertex_t beyond : {0, 1}) {
    const vertex_t offered = beyond == 0 ? preferred : 0;
    std::vector<vertex_t> src = band_src, dst = band_dst;
    src.push_back(100);
    dst.push_back(100 + quarter + beyond);
    cases.push_back({{"band, an entry " + std::to_string(quarter + beyond) + " ids from its row",
                      graph_from_edges(n, src, dst, {}, false)},
                     offered,
                     offered});
    src = band_src;
    dst = band_dst;
    for (vertex_t v = 1; v <= row_entries + beyond; ++v) {
      src.push_back(0);
      dst.push_back(v);
    }
    cases.push_back({{"band, out-row 0 of " + std::to_string(row_entries + beyond) + " entries",
                      graph_from_edges(n, src, dst, {}, false)},
                     offered,
                     preferred});
  }
  return cases;
}

// Every vertex joined to the next `width` ids: rows of 2 * width entries
// (undirected) or width out- and in-entries (directed), all within width of
// their row. With blocks of 64 or 1000 ids link_across_blocks walks only
// the bands around the boundaries, and rows longer than a warp's width
// there take the set-aside pass.
NamedGraph dense_band_graph(vertex_t n, vertex_t width, bool directed) {
  std::vector<vertex_t> src, dst;
  for (vertex_t v = 0; v < n; ++v)
    for (vertex_t step = 1; step <= width && v + step < n; ++step) {
      src.push_back(v);
      dst.push_back(v + step);
    }
  return {"dense band, width " + std::to_string(width) + (directed ? " (directed)" : ""),
          graph_from_edges(n, src, dst, {}, !directed)};
}

// local_forest and link_across_blocks on the cuda and cusparse backends
// against the CPU backend and the serial oracles (forest_check.hpp): both
// adjacencies, block sizes from 1 up to the cuda limit (quick: 64 and the
// limit) and one larger than n where the limit allows. local_forest is exact;
// link_across_blocks is exact without a skip vertex and else checked against
// what the contract allows; the two in a row must give the components.
void check_blocks(const std::vector<NamedGraph>& graphs, std::mt19937_64& rng, bool quick) {
  const auto cpu = cpu_backend();
  auto gpus = gpu_backends();
  constexpr vertex_t limit = LocalForestPolicy::max_block_vertices;
  for (const NamedGraph& g : graphs) {
    const vertex_t n = g.graph.num_vertices();
    const auto on_cpu = cpu->upload(g.graph);
    std::vector<std::unique_ptr<DeviceGraph>> on_gpu;
    for (NamedBackend& gpu : gpus) on_gpu.push_back(gpu.backend->upload(g.graph));
    // Whatever parent held is overwritten: the poison value, random values.
    const std::vector<std::vector<vertex_t>> garbage = {poisoned<vertex_t>(static_cast<std::size_t>(n)),
                                                        garbage_forest(rng, n)};
    const std::vector<vertex_t> components =
        linked_labels(identity_forest(n), window_entries(g.graph, Edges::out, 0, rest_of_row));
    std::vector<vertex_t> block_sizes = test_block_sizes(n, limit);
    if (quick) std::erase_if(block_sizes, [&](vertex_t size) { return size != 64 && size != limit && size != n + 5; });

    for (const Edges edges : {Edges::out, Edges::in}) {
      const EntryList entries = window_entries(g.graph, edges, 0, rest_of_row);
      for (const vertex_t block_vertices : block_sizes) {
        INFO("graph " << g.name << ", edges " << static_cast<int>(edges) << ", block_vertices " << block_vertices);
        const std::vector<vertex_t> oracle = local_forest_oracle(n, entries, block_vertices);
        const std::vector<vertex_t> expected = local_forest_from(*cpu, *on_cpu, edges, block_vertices, garbage[1]);
        CHECK_SAME(compare_exact(oracle, expected));
        for (std::size_t b = 0; b < gpus.size(); ++b) {
          INFO("backend " << gpus[b].name);
          for (const std::vector<vertex_t>& before : garbage)
            CHECK_SAME(compare_exact(expected, local_forest_from(*gpus[b].backend, *on_gpu[b], edges, block_vertices,
                                                                 before)));
          // The block path of WCC, with either adjacency for the second pass.
          for (const Edges across : {Edges::out, Edges::in}) {
            INFO("then link_across_blocks over edges " << static_cast<int>(across));
            const auto local = local_forest_from(*gpus[b].backend, *on_gpu[b], edges, block_vertices, garbage[0]);
            CHECK_SAME(compare_exact(components, link_across_and_compress(*gpus[b].backend, *on_gpu[b], across,
                                                                          block_vertices, no_vertex, local)));
          }
        }

        const EntryList across = block_entries(entries, block_vertices, true);
        for (const LinkStart& start : link_across_starts(rng, oracle, quick)) {
          INFO(start.name << " (" << start.skip << ")");
          const auto linked =
              link_across_and_compress(*cpu, *on_cpu, edges, block_vertices, start.skip, start.forest);
          for (std::size_t b = 0; b < gpus.size(); ++b) {
            INFO("backend " << gpus[b].name);
            const auto actual =
                link_across_and_compress(*gpus[b].backend, *on_gpu[b], edges, block_vertices, start.skip, start.forest);
            if (skips_nothing(start.skip, n)) CHECK_SAME(compare_exact(linked, actual));
            CHECK(check_linked_forest(start.forest, across, start.skip, actual) == std::string());
          }
        }
      }
    }
  }
}

// WCC on both engines: the cpu's Afforest (3 passes undirected, 4 directed)
// and the cuda backends' block path (2), which they must take here; the
// components against each other and the serial oracle.
void check_wcc_block_path(const std::vector<NamedGraph>& grids) {
  Engine cpu = engine_of(BackendKind::cpu);
  for (const NamedGraph& g : grids) {
    INFO("graph " << g.name);
    const std::vector<vertex_t> oracle = linked_labels(identity_forest(g.graph.num_vertices()),
                                                       window_entries(g.graph, Edges::out, 0, rest_of_row));
    const WccResult expected = weakly_connected_components(cpu, *cpu.upload(g.graph));
    CHECK_SAME(compare_exact(oracle, expected.component));
    CHECK(expected.iterations == (g.graph.directed() ? 4 : 3));
    for (const BackendKind kind : {BackendKind::cuda, BackendKind::cusparse}) {
      INFO("backend " << to_string(kind));
      Engine gpu = engine_of(kind);
      const auto on_gpu = gpu.upload(g.graph);
      REQUIRE(components_kernels(gpu.backend()).local_block_vertices(*on_gpu, Edges::out) ==
              LocalForestPolicy::preferred_block_vertices);
      const WccResult actual = weakly_connected_components(gpu, *on_gpu);
      CHECK_SAME(compare_exact(expected.component, actual.component));
      CHECK(actual.num_components == expected.num_components);
      CHECK(actual.iterations == block_path_iterations);
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
  const std::vector<vertex_t> identity = identity_forest(n);
  for (NamedBackend& gpu : gpu_backends()) {
    INFO("backend " << gpu.name);
    Backend& backend = *gpu.backend;
    const auto a = backend.upload(g.graph);
    auto parent = to_backend(backend, identity);
    auto state = forest_state(backend, no_vertex);
    auto two_states = to_backend(backend, std::vector<ForestState>(2));
    CHECK_THROWS_AS(components_kernels(backend).link_neighbours(*a, Edges::both, 0, 1, parent.span(), state.span()),
                    UsageError);
    CHECK_THROWS_AS(components_kernels(backend).link_neighbours(*a, Edges::out, -1, 1, parent.span(), state.span()),
                    UsageError);
    CHECK_THROWS_AS(components_kernels(backend).link_neighbours(*a, Edges::out, 0, -1, parent.span(), state.span()),
                    UsageError);
    CHECK_THROWS_AS(
        components_kernels(backend).link_neighbours(*a, Edges::out, 0, 1, parent.span().first(n - 1), state.span()),
        UsageError);
    CHECK_THROWS_AS(components_kernels(backend).link_neighbours(*a, Edges::out, 0, 1, parent.span(), two_states.span()),
                    UsageError);
    CHECK_THROWS_AS(components_kernels(backend).compress(parent.span(), std::span<ForestState>()), UsageError);
    CHECK_THROWS_AS(components_kernels(backend).pick_skip_root(parent.span(), 0, state.span()), UsageError);
    CHECK_THROWS_AS(components_kernels(backend).pick_skip_root(parent.span(), max_root_samples + 1, state.span()),
                    UsageError);
    CHECK_THROWS_AS(components_kernels(backend).pick_skip_root(parent.span(), 10, two_states.span()), UsageError);
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
        components_kernels(backend).link_neighbours(*a, Edges::out, 0, rest_of_row, on_device.span(), linked.span());
        CHECK(linked.to_host().front().broken == 1);
      }
      auto again = to_backend(backend, invalid);
      auto compressed = forest_state(backend, no_vertex);
      components_kernels(backend).compress(again.span(), compressed.span());
      CHECK(compressed.to_host().front().broken == 1);
    }
    // An empty parent: no sample, no skip root.
    auto picked = forest_state(backend, 12345);
    components_kernels(backend).pick_skip_root(std::span<const vertex_t>(), 10, picked.span());
    CHECK(picked.to_host().front().skip == no_vertex);
  }
}

TEST_CASE("local_forest + link_across_blocks match the CPU backend and the oracles: edge cases, road grids, bands, "
          "real graphs",
          "[components]") {
  SEED_INFO();
  auto rng = seeded_rng(64);
  std::vector<NamedGraph> graphs = edge_case_graphs(rng);
  graphs.push_back({"n=0", graph_from_edges(0, {}, {}, {}, false)});
  graphs.push_back(small_long_row_graph(rng));
  for (const bool directed : {false, true}) graphs.push_back(road_grid_graph(rng, 200, 300, directed));
  graphs.push_back(dense_band_graph(3000, 20, false));
  graphs.push_back(dense_band_graph(3000, 36, true));
  for (LocalityCase& bound : locality_bound_graphs()) graphs.push_back(std::move(bound.graph));
  for (NamedGraph& g : real_graphs()) graphs.push_back(std::move(g));
  check_blocks(graphs, rng, false);
}

TEST_CASE("local_forest + link_across_blocks, a 2^21-vertex road grid, a 2^20-row random graph and a hub row of "
          "over 2^20 entries",
          "[components][large]") {
  SEED_INFO();
  auto rng = seeded_rng(65);
  std::vector<NamedGraph> graphs = million_entry_hub_graphs();
  graphs.push_back(large_random_graph(rng));
  for (const bool directed : {false, true}) graphs.push_back(road_grid_graph(rng, 1024, 2048, directed));
  check_blocks(graphs, rng, true);
  check_wcc_block_path({graphs.end() - 2, graphs.end()});
}

TEST_CASE("local_forest + link_across_blocks and wcc's block path, sanitizer subset", "[components][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(66);
  std::vector<NamedGraph> graphs = sanitizer_graphs(rng);
  graphs.push_back(small_long_row_graph(rng));
  std::vector<NamedGraph> grids;
  for (const bool directed : {false, true}) grids.push_back(road_grid_graph(rng, 30, 40, directed));
  graphs.insert(graphs.end(), grids.begin(), grids.end());
  check_blocks(graphs, rng, true);
  check_wcc_block_path(grids);
}

TEST_CASE("local_block_vertices: the preferred block where columns stay within a quarter block of their rows and "
          "rows are short, else 0",
          "[components]") {
  SEED_INFO();
  auto rng = seeded_rng(67);
  std::vector<NamedGraph> graphs = edge_case_graphs(rng);
  graphs.push_back({"n=0", graph_from_edges(0, {}, {}, {}, false)});
  for (NamedGraph& g : real_graphs()) graphs.push_back(std::move(g));
  // Stated answers beside the rule: grids (reach 300, rows of at most 4), the
  // bound cases, and a random graph whose entries reach across all its ids.
  struct Stated {
    NamedGraph graph;
    vertex_t out_block, in_block;
  };
  std::vector<Stated> stated;
  for (const bool directed : {false, true})
    stated.push_back({road_grid_graph(rng, 200, 300, directed), 16384, 16384});
  for (LocalityCase& bound : locality_bound_graphs())
    stated.push_back({std::move(bound.graph), bound.out_block, bound.in_block});
  stated.push_back({{"random, 5000 vertices", random_graph(rng, {.vertices = 5000, .edges = 20000})}, 0, 0});
  stated.push_back(
      {{"random, hub row", random_graph(rng, {.vertices = 20000, .edges = 40000, .hub_share = 0.5})}, 0, 0});

  for (NamedBackend& gpu : gpu_backends()) {
    INFO("backend " << gpu.name);
    for (const NamedGraph& g : graphs) {
      INFO("graph " << g.name);
      const auto a = gpu.backend->upload(g.graph);
      CHECK(components_kernels(*gpu.backend).local_block_vertices(*a, Edges::out) ==
            expected_block_vertices(g.graph, Edges::out));
      CHECK(components_kernels(*gpu.backend).local_block_vertices(*a, Edges::in) ==
            expected_block_vertices(g.graph, Edges::in));
    }
    for (const Stated& s : stated) {
      INFO("graph " << s.graph.name);
      const auto a = gpu.backend->upload(s.graph.graph);
      CHECK(expected_block_vertices(s.graph.graph, Edges::out) == s.out_block);
      CHECK(expected_block_vertices(s.graph.graph, Edges::in) == s.in_block);
      CHECK(components_kernels(*gpu.backend).local_block_vertices(*a, Edges::out) == s.out_block);
      CHECK(components_kernels(*gpu.backend).local_block_vertices(*a, Edges::in) == s.in_block);
      CHECK_THROWS_AS(components_kernels(*gpu.backend).local_block_vertices(*a, Edges::both), UsageError);
    }
  }
}

TEST_CASE("weakly_connected_components goes block by block on road grids and matches the CPU backend's Afforest",
          "[components]") {
  SEED_INFO();
  auto rng = seeded_rng(68);
  std::vector<NamedGraph> grids;
  for (const bool directed : {false, true}) {
    grids.push_back(road_grid_graph(rng, 200, 300, directed));
    grids.push_back(road_grid_graph(rng, 7, 4096, directed));  // reach 4096: the widest grid rows offered
  }
  check_wcc_block_path(grids);
}

// As for link_neighbours: bad sizes, descriptors and block sizes are refused
// before any kernel runs (parent untouched). A broken forest is flagged where
// link_across_blocks follows parent values: with blocks of 64 ids, row 0
// (1..99) links 0 with 64..99.
TEST_CASE("local_forest and link_across_blocks refuse bad arguments and flag a broken forest",
          "[components][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(69);
  const NamedGraph g = small_long_row_graph(rng);
  const vertex_t n = g.graph.num_vertices();
  const std::vector<vertex_t> identity = identity_forest(n);
  constexpr vertex_t limit = LocalForestPolicy::max_block_vertices;
  for (NamedBackend& gpu : gpu_backends()) {
    INFO("backend " << gpu.name);
    Backend& backend = *gpu.backend;
    const auto a = backend.upload(g.graph);
    auto parent = to_backend(backend, identity);
    auto state = forest_state(backend, no_vertex);
    for (const vertex_t block_vertices : {vertex_t{0}, limit + 1, no_vertex - 1, no_vertex}) {
      INFO("local_forest, block_vertices " << block_vertices);
      CHECK_THROWS_AS(components_kernels(backend).local_forest(*a, Edges::out, block_vertices, parent.span()),
                      UsageError);
    }
    CHECK_THROWS_AS(components_kernels(backend).link_across_blocks(*a, Edges::out, 0, parent.span(), state.span()),
                    UsageError);
    CHECK_THROWS_AS(components_kernels(backend).local_forest(*a, Edges::both, 64, parent.span()), UsageError);
    CHECK_THROWS_AS(components_kernels(backend).link_across_blocks(*a, Edges::both, 64, parent.span(), state.span()),
                    UsageError);
    CHECK_THROWS_AS(components_kernels(backend).local_forest(*a, Edges::out, 64, parent.span().first(n - 1)),
                    UsageError);
    CHECK_THROWS_AS(
        components_kernels(backend).link_across_blocks(*a, Edges::out, 64, parent.span().first(n - 1), state.span()),
        UsageError);
    auto two_states = to_backend(backend, std::vector<ForestState>(2));
    CHECK_THROWS_AS(
        components_kernels(backend).link_across_blocks(*a, Edges::out, 64, parent.span(), two_states.span()),
        UsageError);
    CHECK(parent.to_host() == identity);
    CHECK(state.to_host().front().broken == 0);

    // The largest block is taken; link_across_blocks has no upper bound (one
    // block of all ids: nothing crosses).
    const EntryList entries = window_entries(g.graph, Edges::out, 0, rest_of_row);
    CHECK_SAME(compare_exact(local_forest_oracle(n, entries, limit),
                             local_forest_from(backend, *a, Edges::out, limit, poisoned<vertex_t>(identity.size()))));
    CHECK_SAME(compare_exact(identity, link_across_and_compress(backend, *a, Edges::out,
                                                                std::numeric_limits<vertex_t>::max(), no_vertex,
                                                                identity)));

    // Ids outside 0..n-1 (the poison value among them), a parent above its child.
    for (const auto& [vertex, bad] : std::vector<std::pair<vertex_t, vertex_t>>{
             {70, -1}, {70, n}, {99, poison_value<vertex_t>()}, {0, 1}, {80, 81}}) {
      INFO("parent[" << vertex << "] = " << bad);
      std::vector<vertex_t> invalid = identity;
      invalid[static_cast<std::size_t>(vertex)] = bad;
      auto on_device = to_backend(backend, invalid);
      auto linked = forest_state(backend, no_vertex);
      components_kernels(backend).link_across_blocks(*a, Edges::out, 64, on_device.span(), linked.span());
      CHECK(linked.to_host().front().broken == 1);
    }

    // n = 0: nothing to label or link, no block offered.
    const auto empty = backend.upload(graph_from_edges(0, {}, {}, {}, false));
    DeviceVector<vertex_t> no_parent(backend.memory(), 0);
    CHECK_NOTHROW(components_kernels(backend).local_forest(*empty, Edges::out, 64, no_parent.span()));
    CHECK_NOTHROW(
        components_kernels(backend).link_across_blocks(*empty, Edges::in, 64, no_parent.span(), state.span()));
    CHECK(components_kernels(backend).local_block_vertices(*empty, Edges::out) == 0);
    CHECK(state.to_host().front().broken == 0);
  }
}

}  // namespace graphrun::test
