// Graphs made from arrays already in device memory: Backend::build_device_graph
// against the host build of the same list (CSR, transpose, statistics and
// errors), and Backend::adopt_device_csr, which must read the given arrays
// in place and refuse what io::adopt_csr refuses, in the same words.
#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "cuda/cuda_graph.cuh"
#include "cuda_test_support.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/engine.hpp"
#include "graphrun/error.hpp"
#include "graphrun/io/adopt_csr.hpp"

using namespace graphrun;
using namespace graphrun::test;

namespace {

EngineOptions cuda_engine_options() {
  EngineOptions options;
  options.backend = BackendKind::cuda;
  return options;
}

// A list with repeats (distinct weights), self-loops and a skewed source.
EdgeList random_positions(std::mt19937_64& rng, vertex_t n, std::size_t m, bool weighted) {
  EdgeList e;
  e.num_vertices = n;
  e.ids.base = 0;
  std::uniform_int_distribution<vertex_t> vertex(0, n - 1);
  std::uniform_real_distribution<float> weight(-1.0f, 1.0f);
  for (std::size_t i = 0; i < m; ++i) {
    const vertex_t u = (i % 3 == 0) ? vertex(rng) % std::max<vertex_t>(1, n / 40) : vertex(rng);
    const vertex_t v = (i % 7 == 0) ? u : vertex(rng);
    for (int copy = 0; copy < (i % 4 == 0 ? 2 : 1); ++copy) {
      e.src.push_back(u);
      e.dst.push_back(v);
      if (weighted) e.weights.push_back(weight(rng));
    }
  }
  return e;
}

// `edges` copied to device memory with ids of `Id`: the arrays a framework
// would hand over.
template <class Id>
struct DeviceList {
  DeviceList(Backend& backend, const EdgeList& edges)
      : src(to_backend(backend, std::vector<Id>(edges.src.begin(), edges.src.end()))),
        dst(to_backend(backend, std::vector<Id>(edges.dst.begin(), edges.dst.end()))),
        weights(to_backend(backend, edges.weights)) {}
  // Ids as a caller's tensors hold them, negative ones included.
  DeviceList(Backend& backend, const std::vector<Id>& sources, const std::vector<Id>& targets)
      : src(to_backend(backend, sources)), dst(to_backend(backend, targets)), weights(backend.memory(), 0) {}
  DeviceEdgeArrays arrays(std::optional<std::int64_t> n) const {
    DeviceEdgeArrays a;
    a.src = src.data();
    a.dst = dst.data();
    a.id_width = sizeof(Id) == 8 ? IdWidth::bits64 : IdWidth::bits32;
    a.weights = weights.empty() ? nullptr : weights.data();
    a.count = src.size();
    a.num_vertices = n;
    return a;
  }
  DeviceVector<Id> src, dst;
  DeviceVector<float> weights;
};

template <class T>
std::vector<T> download(Backend& backend, const T* device, std::size_t count) {
  std::vector<T> host(count);
  if (count > 0) backend.memory().copy(host.data(), device, count * sizeof(T), CopyKind::backend_to_host);
  return host;
}

// The device graph's in-CSR (its transpose) against the host's.
void require_same_in_edges(Backend& backend, const Graph& host, const DeviceGraph& device) {
  const cuda::CsrView in = cuda::as_cuda_graph(device).view(Edges::in);
  const Csr& expected = host.in_edges();
  CHECK(compare_exact(expected.offsets, download(backend, in.offsets, expected.offsets.size())) == "");
  CHECK(compare_exact(expected.indices, download(backend, in.indices, expected.indices.size())) == "");
  if (expected.weighted())
    CHECK(compare_exact(expected.values, download(backend, in.values, expected.values.size())) == "");
}

template <class Id>
void check_device_list(Engine& engine, const EdgeList& edges, const BuildOptions& options,
                       std::optional<std::int64_t> n) {
  Backend& gpu = engine.backend();
  const Graph host = Graph::build(edges, options);
  const DeviceList<Id> list(gpu, edges);
  const DeviceBuild built = gpu.build_device_graph(list.arrays(n), options);
  REQUIRE(built.graph);
  CHECK(built.graph->num_vertices() == host.num_vertices());
  CHECK(built.graph->directed() == host.directed());
  CHECK(built.graph->weighted() == host.out_edges().weighted());
  const Graph back = gpu.download_graph(*built.graph, built.stats);
  CHECK(compare_exact(host.out_edges().offsets, back.out_edges().offsets) == "");
  CHECK(compare_exact(host.out_edges().indices, back.out_edges().indices) == "");
  CHECK(compare_exact(host.out_edges().values, back.out_edges().values) == "");
  CHECK(built.stats.file_entries == host.stats().file_entries);
  CHECK(built.stats.self_loops == host.stats().self_loops);
  CHECK(built.stats.self_loops_dropped == host.stats().self_loops_dropped);
  CHECK(built.stats.duplicates_merged == host.stats().duplicates_merged);
  require_same_in_edges(gpu, host, *built.graph);
}

std::string usage_error_of(const std::function<void()>& work) {
  try {
    work();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("build_device_graph equals the host build: 32- and 64-bit ids, every policy, both directions",
          "[device_input][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(53);
  Engine engine(cuda_engine_options());
  for (const bool weighted : {true, false})
    for (const bool undirected : {false, true})
      for (const auto policy : {DuplicatePolicy::keep_first, DuplicatePolicy::sum, DuplicatePolicy::max})
        for (const bool drop : {false, true}) {
          INFO("weighted " << weighted << " undirected " << undirected << " policy " << static_cast<int>(policy)
                           << " drop " << drop);
          const EdgeList e = random_positions(rng, 600, 5000, weighted);
          BuildOptions options;
          options.undirected = undirected;
          options.duplicates = policy;
          options.drop_self_loops = drop;
          check_device_list<std::int32_t>(engine, e, options, 600);
          check_device_list<std::int64_t>(engine, e, options, 600);
        }
}

TEST_CASE("build_device_graph edge cases: empty, n from the ids, isolated vertices, n = 1, one huge row",
          "[device_input][sanitize]") {
  Engine engine(cuda_engine_options());
  BuildOptions keep, undirected;
  undirected.undirected = true;
  EdgeList empty;
  empty.ids.base = 0;
  check_device_list<std::int32_t>(engine, empty, keep, std::nullopt);  // n = 0
  empty.num_vertices = 5;
  check_device_list<std::int64_t>(engine, empty, keep, 5);

  EdgeList few;  // n defaults to the largest id + 1 = 7
  few.ids.base = 0;
  few.num_vertices = 7;
  few.src = {0, 6, 2, 2};
  few.dst = {6, 3, 2, 2};
  few.weights = {1.0f, 2.0f, 3.0f, 4.0f};
  check_device_list<std::int32_t>(engine, few, keep, std::nullopt);
  check_device_list<std::int64_t>(engine, few, undirected, std::nullopt);
  few.num_vertices = 20;  // isolated vertices 7..19
  check_device_list<std::int64_t>(engine, few, keep, 20);

  EdgeList one;
  one.ids.base = 0;
  one.num_vertices = 1;
  one.src = {0};
  one.dst = {0};
  check_device_list<std::int32_t>(engine, one, keep, 1);

  EdgeList hub;  // row 0 holds 70000 columns, listed backwards: a long row and a long column
  hub.ids.base = 0;
  hub.num_vertices = 70001;
  for (vertex_t v = 70000; v >= 1; --v) {
    hub.src.push_back(0);
    hub.dst.push_back(v);
    hub.src.push_back(v);
    hub.dst.push_back(1);
  }
  check_device_list<std::int32_t>(engine, hub, keep, std::nullopt);
}

TEST_CASE("build_device_graph refuses ids outside 0..n-1, naming the edge", "[device_input][sanitize]") {
  Engine engine(cuda_engine_options());
  Backend& gpu = engine.backend();
  BuildOptions options;
  options.source = "from_edges";
  const std::vector<std::int64_t> sources{0, 1, 2, 3}, targets{1, 2, -5, 0};
  const DeviceList<std::int64_t> wide(gpu, sources, targets);
  CHECK(usage_error_of([&] { (void)gpu.build_device_graph(wide.arrays(std::nullopt), options); }) ==
        "from_edges: edge 2 has a negative vertex id (-5)");
  const DeviceList<std::int32_t> narrow(gpu, std::vector<std::int32_t>(sources.begin(), sources.end()),
                                        std::vector<std::int32_t>(targets.begin(), targets.end()));
  CHECK(usage_error_of([&] { (void)gpu.build_device_graph(narrow.arrays(10), options); }) ==
        "from_edges: edge 2 has a negative vertex id (-5)");

  EdgeList beyond;  // the largest id is named, as the host path names it
  beyond.src = {0, 7, 9, 3};
  beyond.dst = {1, 2, 0, 4};
  const DeviceList<std::int32_t> list(gpu, beyond);
  CHECK(usage_error_of([&] { (void)gpu.build_device_graph(list.arrays(5), options); }) ==
        "from_edges: vertex id 9 is not below n = 5");
  // A negative id is reported before any id beyond n, a source's before its target's.
  const DeviceList<std::int64_t> mixed(gpu, std::vector<std::int64_t>{9, 3, -2},
                                       std::vector<std::int64_t>{0, -1, -3});
  CHECK(usage_error_of([&] { (void)gpu.build_device_graph(mixed.arrays(5), options); }) ==
        "from_edges: edge 1 has a negative vertex id (-1)");

  // A 64-bit id past what a 32-bit vertex id holds.
  std::vector<std::int64_t> src{0, std::int64_t{1} << 33}, dst{1, 0};
  const DeviceVector<std::int64_t> s = to_backend(gpu, src), d = to_backend(gpu, dst);
  DeviceEdgeArrays huge;
  huge.src = s.data();
  huge.dst = d.data();
  huge.id_width = IdWidth::bits64;
  huge.count = 2;
  CHECK(usage_error_of([&] { (void)gpu.build_device_graph(huge, options); }) ==
        "from_edges: n = 8589934593 is outside 0..4294967294");
  huge.num_vertices = std::int64_t{1} << 32;
  CHECK(usage_error_of([&] { (void)gpu.build_device_graph(huge, options); }) ==
        "from_edges: n = 4294967296 is outside 0..4294967294");
  huge.num_vertices = (std::int64_t{1} << 32) - 1;  // no_vertex: outside every graph
  CHECK(usage_error_of([&] { (void)gpu.build_device_graph(huge, options); }) ==
        "from_edges: n = 4294967295 is outside 0..4294967294");

  // A weighted list whose every entry is dropped builds a pattern graph, as on the host.
  EdgeList loops;
  loops.num_vertices = 3;
  loops.src = {2, 2};
  loops.dst = {2, 2};
  loops.weights = {1.0f, 2.0f};
  BuildOptions drop;
  drop.drop_self_loops = true;
  const DeviceList<std::int32_t> only_loops(gpu, loops);
  const DeviceBuild dropped = gpu.build_device_graph(only_loops.arrays(3), drop);
  CHECK(dropped.graph->num_entries() == 0);
  CHECK(dropped.graph->weighted() == Graph::build(loops, drop).out_edges().weighted());
}

TEST_CASE("adopt_device_csr reads the given arrays in place and runs like an uploaded graph",
          "[device_input][sanitize]") {
  Engine engine(cuda_engine_options());
  Backend& gpu = engine.backend();
  auto rng = seeded_rng(59);
  for (const bool weighted : {true, false})
    for (const bool undirected : {false, true}) {
      INFO("weighted " << weighted << " undirected " << undirected);
      BuildOptions options;
      options.undirected = undirected;
      const Graph host = Graph::build(random_positions(rng, 500, 4000, weighted), options);
      const Csr& csr = host.out_edges();
      auto offsets = std::make_shared<DeviceVector<edge_t>>(to_backend(gpu, csr.offsets));
      const DeviceVector<vertex_t> indices = to_backend(gpu, csr.indices);
      const DeviceVector<float> values = to_backend(gpu, csr.values);
      const DeviceCsrArrays arrays{offsets->data(), indices.data(), weighted ? values.data() : nullptr,
                                   host.num_vertices(), host.num_entries()};
      const DeviceBuild adopted = gpu.adopt_device_csr(arrays, !undirected, offsets, "test CSR");
      REQUIRE(adopted.graph);
      const DeviceCsrArrays seen = adopted.graph->out_csr();
      CHECK(seen.offsets == arrays.offsets);  // read in place: no copy
      CHECK(seen.indices == arrays.indices);
      CHECK(seen.values == arrays.values);
      CHECK(adopted.graph->weighted() == weighted);
      std::uint64_t loops = 0;
      for (vertex_t r = 0; r < host.num_vertices(); ++r)
        for (edge_t k = csr.offsets[r]; k < csr.offsets[r + 1]; ++k) loops += csr.indices[k] == r;
      CHECK(adopted.stats.self_loops == loops);
      CHECK(adopted.stats.file_entries == static_cast<std::uint64_t>(host.num_entries()));
      if (!undirected) require_same_in_edges(gpu, host, *adopted.graph);

      const auto uploaded = engine.upload(host);
      BfsParams from_zero;
      from_zero.source = 0;
      CHECK(compare_exact(bfs(engine, *uploaded, from_zero).level, bfs(engine, *adopted.graph, from_zero).level) == "");
      PageRankParams twenty;
      twenty.max_iterations = 20;
      twenty.fixed_iterations = true;
      const std::vector<float> expected = pagerank(engine, *uploaded, twenty).rank;
      CHECK(compare_within(expected, pagerank(engine, *adopted.graph, twenty).rank,
                           std::vector<double>(expected.size(), 1e-6)) == "");
      const Graph back = gpu.download_graph(*adopted.graph);
      CHECK(compare_exact(csr.values, back.out_edges().values) == "");
    }
}

TEST_CASE("adopt_device_csr refuses what adopt_csr refuses, in the same words", "[device_input][sanitize]") {
  Engine engine(cuda_engine_options());
  Backend& gpu = engine.backend();
  struct Bad {
    const char* name;
    Csr csr;
    bool directed;
  };
  const auto csr = [](std::vector<edge_t> o, std::vector<vertex_t> i, std::vector<float> v) {
    Csr c;
    c.offsets = std::move(o);
    c.indices = std::move(i);
    c.values = std::move(v);
    return c;
  };
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<Bad> cases{
      {"offsets not from 0", csr({1, 2, 3}, {1, 0, 1}, {}), true},
      {"offsets decrease", csr({0, 2, 1, 3}, {1, 2, 0}, {}), true},
      {"last offset short", csr({0, 1, 2}, {1, 0, 1}, {}), true},
      {"column out of range", csr({0, 1, 2}, {1, 2}, {}), true},
      {"columns repeat", csr({0, 2, 3}, {1, 1, 0}, {}), true},
      {"columns decrease", csr({0, 2, 3}, {1, 0, 0}, {}), true},
      {"NaN value", csr({0, 1, 2}, {1, 0}, {1.0f, nan}), true},
      {"infinite value", csr({0, 1, 2}, {1, 0}, {std::numeric_limits<float>::infinity(), 1.0f}), true},
      {"no mirror", csr({0, 1, 1}, {1}, {}), false},
      {"mirror differs", csr({0, 1, 2}, {1, 0}, {1.0f, 2.0f}), false},
  };
  for (const Bad& bad : cases) {
    INFO(bad.name);
    // The entry count the arrays claim: the indices' length.
    const auto entries = static_cast<edge_t>(bad.csr.indices.size());
    const auto n = static_cast<vertex_t>(bad.csr.offsets.size() - 1);
    const DeviceVector<edge_t> offsets = to_backend(gpu, bad.csr.offsets);
    const DeviceVector<vertex_t> indices = to_backend(gpu, bad.csr.indices);
    const DeviceVector<float> values = to_backend(gpu, bad.csr.values);
    const DeviceCsrArrays arrays{offsets.data(), indices.data(), bad.csr.weighted() ? values.data() : nullptr, n,
                                 entries};
    const std::string host = usage_error_of([&] { (void)io::adopt_csr(bad.csr, bad.directed, "from_csr"); });
    const std::string device = usage_error_of([&] { (void)gpu.adopt_device_csr(arrays, bad.directed, nullptr, "from_csr"); });
    CHECK_FALSE(host.empty());
    CHECK(device == host);
  }
}

TEST_CASE("graphs from device arrays on the cusparse backend run its SpMV", "[device_input][sanitize]") {
  EngineOptions options;
  options.backend = BackendKind::cusparse;
  Engine engine(options);
  Backend& gpu = engine.backend();
  auto rng = seeded_rng(61);
  const EdgeList edges = random_positions(rng, 400, 3000, true);
  const Graph host = Graph::build(edges);
  const DeviceList<std::int32_t> list(gpu, edges);
  const DeviceBuild built = gpu.build_device_graph(list.arrays(400), {});
  const Csr& csr = host.out_edges();
  const DeviceVector<edge_t> offsets = to_backend(gpu, csr.offsets);
  const DeviceVector<vertex_t> indices = to_backend(gpu, csr.indices);
  const DeviceVector<float> values = to_backend(gpu, csr.values);
  const DeviceBuild adopted = gpu.adopt_device_csr(
      DeviceCsrArrays{offsets.data(), indices.data(), values.data(), host.num_vertices(), host.num_entries()}, true,
      nullptr);
  REQUIRE(built.graph);
  REQUIRE(adopted.graph);
  const auto uploaded = engine.upload(host);
  PageRankParams twenty;
  twenty.max_iterations = 20;
  twenty.fixed_iterations = true;  // weights in [-1, 1): transition weights would not be a distribution
  const std::vector<float> expected = pagerank(engine, *uploaded, twenty).rank;
  const std::vector<double> bound(expected.size(), 1e-6);
  CHECK(compare_within(expected, pagerank(engine, *built.graph, twenty).rank, bound) == "");
  CHECK(compare_within(expected, pagerank(engine, *adopted.graph, twenty).rank, bound) == "");
}
