// A graph past 2^31 stored entries on the device (issue 54): every index
// that counts entries must be 64-bit, in the device build, the SpMV formats,
// cuSPARSE's descriptors and the algorithms' kernels. uniform-s24 at edge
// factor 129 draws 2,164,260,864 edges (2^31 + 16.8M), drawn and built on
// the GPU in about a second; SpMV (both directions: auto, the row kernels,
// and cuSPARSE in row blocks, CSR and COO), BFS (every direction), WCC and
// PageRank on it equal the cpu backend's on its host copy. Hidden tag: about
// 50 GB of device memory at its peak (the cusparse engine's unit weights and
// COO row ids beside two copies of the graph), 20 GB of host memory;
// scripts/gpu-tests.sh runs it as its own step.
#include <cmath>
#include <limits>

#include "cuda_test_support.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/algorithms/wcc.hpp"
#include "graphrun/generate.hpp"
#include "graphrun/generators/on_device.hpp"

namespace graphrun::test {
namespace {

// The float sum bound of spmv_test.cpp for a pattern graph and x >= 0:
// 16 eps sqrt(deg + 2) times the row's sum of x.
std::vector<double> pattern_sum_bounds(const Csr& csr, const std::vector<float>& x) {
  const double eps = std::numeric_limits<float>::epsilon();
  std::vector<double> bound(static_cast<std::size_t>(csr.num_rows()));
  for (vertex_t r = 0; r < csr.num_rows(); ++r) {
    double magnitude = 0.0;
    for (edge_t k = csr.offsets[r]; k < csr.offsets[r + 1]; ++k)
      magnitude += x[static_cast<std::size_t>(csr.indices[static_cast<std::size_t>(k)])];
    bound[static_cast<std::size_t>(r)] = 16.0 * eps * std::sqrt(static_cast<double>(csr.degree(r)) + 2.0) * magnitude + 1e-30;
  }
  return bound;
}

std::vector<float> product(Backend& backend, const DeviceGraph& graph, Edges edges, const std::vector<float>& x) {
  DeviceVector<float> on_backend = to_backend(backend, x);
  DeviceVector<float> y(backend.memory(), x.size());
  backend.fill(y.span(), poison_value<float>());
  backend.spmv(graph, PlusTimes<float>{}, SpmvDescriptor{.edges = edges}, on_backend.span(), y.span());
  return y.to_host();
}

}  // namespace

TEST_CASE("past 2^31 stored entries: SpMV, BFS, WCC and PageRank equal the cpu backend", "[.past_int32]") {
  GeneratorSpec spec;
  spec.kind = GeneratorKind::uniform;
  spec.scale = 24;
  spec.edge_factor = 129;
  Engine gpu = engine_of(BackendKind::cuda);
  DeviceBuild built = generate_on_device(gpu.backend(), spec);
  REQUIRE(built.graph->num_entries() > std::numeric_limits<std::int32_t>::max());
  const Graph host = gpu.backend().download_graph(*built.graph, built.stats, 1);
  REQUIRE(host.num_entries() == built.graph->num_entries());
  Engine cpu = engine_of(BackendKind::cpu);
  const auto on_cpu = cpu.upload(host);

  auto rng = seeded_rng(31);
  const std::vector<float> x = random_vector<float>(rng, static_cast<std::size_t>(host.num_vertices()), 0.0f, 1.0f);
  for (const Edges edges : {Edges::out, Edges::in}) {
    const Csr& csr = edges == Edges::out ? host.out_edges() : host.in_edges();
    const std::vector<float> expected = product(cpu.backend(), *on_cpu, edges, x);
    const std::vector<double> bound = pattern_sum_bounds(csr, x);
    INFO((edges == Edges::out ? "out-edges" : "in-edges"));
    {
      INFO("kernel auto (" << gpu.backend().spmv_kernel_for(*built.graph, edges) << ")");
      CHECK_SAME(compare_within(expected, product(gpu.backend(), *built.graph, edges, x), bound));
    }
    for (const char* kernel : {"csr-stream", "csr-vector", "csr-merge", "csr-hub-split"}) {
      INFO("kernel " << kernel);
      BackendOptions options;
      options.spmv_kernel = kernel;
      const auto forced = cuda_backend(options);
      const auto uploaded = forced->upload(host);
      CHECK_SAME(compare_within(expected, product(*forced, *uploaded, edges, x), bound));
    }
    for (const char* algorithm : {"auto", "coo-alg1"}) {
      INFO("cusparse " << algorithm << " (row blocks)");
      BackendOptions options;
      options.spmv_kernel = algorithm;
      const auto cusparse = make_backend(BackendKind::cusparse, options);
      const auto uploaded = cusparse->upload(host);
      CHECK_SAME(compare_within(expected, product(*cusparse, *uploaded, edges, x), bound));
    }
  }

  for (const BfsDirection direction : {BfsDirection::optimizing, BfsDirection::push, BfsDirection::pull}) {
    INFO("bfs from 0, direction " << static_cast<int>(direction));
    BfsParams params;
    params.source = 0;
    params.direction = direction;
    check_same_bfs(bfs(cpu, *on_cpu, params), bfs(gpu, *built.graph, params));
  }
  CHECK_SAME(compare_exact(weakly_connected_components(cpu, *on_cpu).component,
                           weakly_connected_components(gpu, *built.graph).component));

  PageRankParams fixed;
  fixed.fixed_iterations = true;
  fixed.max_iterations = 10;
  const std::vector<float> ranks_cpu = pagerank(cpu, *on_cpu, fixed).rank, ranks_gpu = pagerank(gpu, *built.graph, fixed).rank;
  double l1 = 0.0;
  for (std::size_t v = 0; v < ranks_cpu.size(); ++v) l1 += std::abs(static_cast<double>(ranks_cpu[v]) - ranks_gpu[v]);
  CHECK(l1 <= 2e-5);  // algorithms_test.cpp's pagerank_bound: its floor, above eps sqrt(max in-degree) / (1 - d) here
}

}  // namespace graphrun::test
