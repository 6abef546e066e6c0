// The device build (Backend::build_graph on the cuda backend) against the
// host build, Graph::build: the same CSR arrays bit for bit, the same
// statistics and the same errors, on the bundled graphs, random lists with
// every policy and symmetry, and the edge cases; and the device generators
// (generate_on_device) against the host generators.
#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <random>

#include "cuda_test_support.hpp"
#include "graphrun/engine.hpp"
#include "graphrun/error.hpp"
#include "graphrun/generate.hpp"
#include "graphrun/generators/on_device.hpp"
#include "graphrun/io/read.hpp"
#include "support/test_data.hpp"

using namespace graphrun;
using namespace graphrun::test;

namespace {

void require_same_graph(const Graph& host, const Graph& device) {
  REQUIRE(device.num_vertices() == host.num_vertices());
  REQUIRE(device.directed() == host.directed());
  CHECK(compare_exact(host.out_edges().offsets, device.out_edges().offsets) == "");
  CHECK(compare_exact(host.out_edges().indices, device.out_edges().indices) == "");
  CHECK(compare_exact(host.out_edges().values, device.out_edges().values) == "");
  CHECK(device.stats().file_entries == host.stats().file_entries);
  CHECK(device.stats().self_loops == host.stats().self_loops);
  CHECK(device.stats().self_loops_dropped == host.stats().self_loops_dropped);
  CHECK(device.stats().duplicates_merged == host.stats().duplicates_merged);
  CHECK(device.ids().base == host.ids().base);
  CHECK(device.ids().ids == host.ids().ids);
}

// Builds `edges` both ways and compares; the device build must run there.
void check_device_build(Backend& gpu, const EdgeList& edges, const BuildOptions& options) {
  const Graph host = Graph::build(edges, options);
  BuildReport report;
  const Graph device = gpu.build_graph(EdgeList(edges), options, BuildPlace::device, &report);
  CHECK(report.where == "device");
  require_same_graph(host, device);
}

EdgeList random_list(std::mt19937_64& rng, vertex_t n, std::size_t m, bool weighted) {
  EdgeList e;
  e.num_vertices = n;
  std::uniform_int_distribution<vertex_t> vertex(0, n - 1);
  std::uniform_real_distribution<float> weight(-1.0f, 1.0f);  // not exact in sums: file order matters
  for (std::size_t i = 0; i < m; ++i) {
    const vertex_t u = (i % 3 == 0) ? vertex(rng) % std::max<vertex_t>(1, n / 50) : vertex(rng);
    const vertex_t v = (i % 5 == 0) ? u : vertex(rng);  // self-loops too
    e.src.push_back(u);
    e.dst.push_back(v);
    if (weighted) e.weights.push_back(weight(rng));
    if (i % 4 == 0) {  // a repeat of this edge later in the list
      e.src.push_back(u);
      e.dst.push_back(v);
      if (weighted) e.weights.push_back(weight(rng));
    }
  }
  return e;
}

}  // namespace

TEST_CASE("device build equals the host build on random lists: every policy, symmetry and self-loop option",
          "[graph_build][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(41);
  const auto gpu = cuda_backend();
  for (const bool weighted : {true, false})
    for (const Symmetry symmetry : {Symmetry::general, Symmetry::symmetric, Symmetry::skew_symmetric})
      for (const auto policy :
           {DuplicatePolicy::keep_first, DuplicatePolicy::sum, DuplicatePolicy::min, DuplicatePolicy::max})
        for (const bool drop : {false, true}) {
          INFO("weighted " << weighted << " symmetry " << static_cast<int>(symmetry) << " policy "
                           << static_cast<int>(policy) << " drop " << drop);
          EdgeList e = random_list(rng, 700, 6000, weighted);
          e.symmetry = symmetry;
          BuildOptions options;
          options.duplicates = policy;
          options.drop_self_loops = drop;
          check_device_build(*gpu, e, options);
        }
  EdgeList general = random_list(rng, 900, 5000, true);
  BuildOptions symmetrize;
  symmetrize.undirected = true;
  symmetrize.duplicates = DuplicatePolicy::sum;
  check_device_build(*gpu, general, symmetrize);
}

TEST_CASE("device build equals the host build on every bundled graph", "[graph_build]") {
  const auto gpu = cuda_backend();
  for (const auto& entry : std::filesystem::directory_iterator(data_dir())) {
    if (entry.path().extension() != ".mtx") continue;
    INFO(entry.path().filename().string());
    io::ReadOptions read;
    read.ignore_weights = entry.path().filename() == "cond-mat-2005.mtx";  // stores 'inf' (tests/data/README.md)
    const EdgeList edges = io::read_edges(entry.path().string(), read);
    for (const auto policy : {DuplicatePolicy::keep_first, DuplicatePolicy::sum}) {
      BuildOptions options;
      options.duplicates = policy;
      check_device_build(*gpu, edges, options);
    }
  }
}

TEST_CASE("device build edge cases: empty, only duplicates, only self-loops, n = 1, a row over 2^16",
          "[graph_build][sanitize]") {
  const auto gpu = cuda_backend();
  BuildOptions keep, sum, drop;
  sum.duplicates = DuplicatePolicy::sum;
  drop.drop_self_loops = true;

  EdgeList empty;
  check_device_build(*gpu, empty, keep);
  EdgeList isolated;
  isolated.num_vertices = 5;
  check_device_build(*gpu, isolated, keep);

  EdgeList duplicates;  // one edge, 20000 times, distinct weights
  duplicates.num_vertices = 3;
  for (int i = 0; i < 20000; ++i) {
    duplicates.src.push_back(1);
    duplicates.dst.push_back(2);
    duplicates.weights.push_back(0.1f * static_cast<float>(i + 1));
  }
  check_device_build(*gpu, duplicates, keep);
  check_device_build(*gpu, duplicates, sum);

  for (const Symmetry symmetry : {Symmetry::general, Symmetry::symmetric}) {
    EdgeList loops;  // self-loops only
    loops.num_vertices = 4;
    loops.symmetry = symmetry;
    loops.src = {0, 3, 3, 1};
    loops.dst = {0, 3, 3, 1};
    check_device_build(*gpu, loops, keep);
    check_device_build(*gpu, loops, drop);
  }

  EdgeList one;
  one.num_vertices = 1;
  one.src = {0};
  one.dst = {0};
  check_device_build(*gpu, one, keep);
  check_device_build(*gpu, one, drop);

  EdgeList hub;  // row 0 holds 70000 distinct columns plus repeats, listed backwards
  hub.num_vertices = 80000;
  for (vertex_t v = 70000; v >= 1; --v) {
    hub.src.push_back(0);
    hub.dst.push_back(v);
    hub.weights.push_back(static_cast<float>(v % 13) * 0.37f);
    if (v % 9 == 0) {
      hub.src.push_back(0);
      hub.dst.push_back(v);
      hub.weights.push_back(1.5f);
    }
  }
  check_device_build(*gpu, hub, sum);
  hub.symmetry = Symmetry::symmetric;
  check_device_build(*gpu, hub, keep);
}

TEST_CASE("device build refuses what the host build refuses, with the same error", "[graph_build][sanitize]") {
  const auto gpu = cuda_backend();
  EdgeList overflow;
  overflow.num_vertices = 3;
  overflow.src = {0, 1, 1, 2};
  overflow.dst = {1, 2, 2, 0};
  overflow.weights = {1.0f, 3e38f, 3e38f, 1.0f};
  BuildOptions sum;
  sum.duplicates = DuplicatePolicy::sum;
  sum.source = "g.mtx";
  std::string host_error, device_error;
  try {
    (void)Graph::build(overflow, sum);
  } catch (const InputError& e) {
    host_error = e.what();
  }
  try {
    (void)gpu->build_graph(EdgeList(overflow), sum, BuildPlace::device);
  } catch (const InputError& e) {
    device_error = e.what();
  }
  CHECK_FALSE(host_error.empty());
  CHECK(device_error == host_error);

  EdgeList outside;
  outside.num_vertices = 2;
  outside.src = {0, 2};
  outside.dst = {1, 0};
  CHECK_THROWS_AS(gpu->build_graph(EdgeList(outside), {}, BuildPlace::device), UsageError);
}

TEST_CASE("build_graph reports where it built", "[graph_build][sanitize]") {
  const auto gpu = cuda_backend();
  EdgeList e;
  e.num_vertices = 3;
  e.src = {0, 1};
  e.dst = {1, 2};
  BuildReport report;
  (void)gpu->build_graph(EdgeList(e), {}, BuildPlace::automatic, &report);
  CHECK(report.where == "device");
  (void)gpu->build_graph(EdgeList(e), {}, BuildPlace::host, &report);
  CHECK(report.where == "host");
  const auto cpu = cpu_backend();
  (void)cpu->build_graph(EdgeList(e), {}, BuildPlace::automatic, &report);
  CHECK(report.where == "host");
  CHECK_THAT(report.why, Catch::Contains("no device"));
  CHECK_THROWS_AS(cpu->build_graph(EdgeList(e), {}, BuildPlace::device), UsageError);
}

TEST_CASE("device generators give the host generators' graph, bit for bit", "[graph_build][generators][sanitize]") {
  for (const BackendKind kind : {BackendKind::cuda, BackendKind::cusparse}) {
    const auto gpu = make_backend(kind, {});
    for (const GeneratorKind generator : {GeneratorKind::kron, GeneratorKind::uniform, GeneratorKind::urand})
      for (const bool weighted : {false, true})
        for (const int scale : {1, 5, 11}) {
          GeneratorSpec spec;
          spec.kind = generator;
          spec.scale = scale;
          spec.edge_factor = scale == 5 ? 3 : 16;  // scale 5: few entries per row, isolated vertices
          spec.seed = 7 + static_cast<std::uint64_t>(scale);
          spec.weighted = weighted;
          INFO(to_string(kind) << " " << generator_name(spec) << (weighted ? " weighted" : ""));
          const Graph host = Graph::build(generate(spec));
          DeviceBuild built = generate_on_device(*gpu, spec);
          require_same_graph(host, gpu->download_graph(*built.graph, built.stats, 1));
        }
  }
}

TEST_CASE("device generators refuse kinds without one and the cpu backend", "[graph_build][generators][sanitize]") {
  GeneratorSpec road;
  road.kind = GeneratorKind::road;
  road.scale = 4;
  CHECK_THROWS_WITH(generate_on_device(*cuda_backend(), road), Catch::Contains("no device generator"));
  GeneratorSpec kron;
  kron.scale = 4;
  CHECK_THROWS_WITH(generate_on_device(*cpu_backend(), kron), Catch::Contains("GPU backend"));
  kron.scale = 32;  // 2^32 vertices: past max_vertices
  CHECK_THROWS_AS(generate_on_device(*cuda_backend(), kron), UsageError);
}
