// SpMM (Y = A X, plus-times, row-major X and Y) of the CUDA backend against
// the CPU backend: every SpMM kernel name and "auto" x widths around the warp
// and vector-width boundaries x Edges (out / in) x use_weights. Y starts
// poisoned. Sums differ only by rounding order:
// |cpu - cuda| <= 16 * eps_float * sqrt(deg + 2) * sum_j |a_ij x_jc|.
#include <cmath>
#include <limits>

#include "cuda_test_support.hpp"
#include "graphrun/error.hpp"
#include "kernels/cuda/spmm/spmm.cuh"
#include "kernels/cuda/spmm/tuning/spmm_policy.cuh"

namespace graphrun::test {

namespace {

std::vector<double> spmm_bounds(const Csr& csr, bool use_weights, const std::vector<float>& x, std::size_t width) {
  const double eps = std::numeric_limits<float>::epsilon();
  std::vector<double> bound(static_cast<std::size_t>(csr.num_rows()) * width, 0.0);
  for (vertex_t r = 0; r < csr.num_rows(); ++r) {
    const double growth = 16.0 * eps * std::sqrt(static_cast<double>(csr.degree(r)) + 2.0);
    for (std::size_t c = 0; c < width; ++c) {
      double magnitude = 0.0;
      for (edge_t e = csr.offsets[r]; e < csr.offsets[r + 1]; ++e)
        magnitude += std::abs((use_weights ? static_cast<double>(csr.value(e)) : 1.0) *
                              static_cast<double>(x[static_cast<std::size_t>(csr.indices[e]) * width + c]));
      bound[static_cast<std::size_t>(r) * width + c] = growth * magnitude + 1e-300;
    }
  }
  return bound;
}

// slice-staged refuses a matrix when not even one float of X per row fits
// next to it in one block's shared memory (the dispatch narrows the vector
// width before it refuses, so neither the width nor alignment matters).
bool slice_staged_refuses(const Csr& csr) {
  return !cuda::SliceStagedPolicy::fits(csr.num_rows(), csr.num_rows(), csr.num_entries(), 1);
}

void check_spmm(const std::vector<NamedGraph>& graphs, const std::vector<std::size_t>& widths, std::mt19937_64& rng) {
  const auto cpu = cpu_backend();
  std::vector<std::string> kernels = cuda::spmm_kernel_names();
  REQUIRE_FALSE(kernels.empty());
  kernels.insert(kernels.begin(), "auto");
  for (const std::string& kernel : kernels) {
    BackendOptions options;
    options.spmm_kernel = kernel;
    const auto gpu = cuda_backend(options);
    for (const NamedGraph& g : graphs) {
      const auto on_cpu = cpu->upload(g.graph);
      const auto on_gpu = gpu->upload(g.graph);
      const auto n = static_cast<std::size_t>(g.graph.num_vertices());
      for (const std::size_t width : widths) {
        for (const Edges edges : {Edges::out, Edges::in}) {
          for (const bool use_weights : {true, false}) {
            INFO("graph " << g.name << ", kernel " << kernel << ", width " << width << ", Edges::"
                          << (edges == Edges::out ? "out" : "in") << ", use_weights " << use_weights);
            const auto x = random_vector<float>(rng, n * width, -1.0f, 1.0f);
            SpmvDescriptor d;
            d.edges = edges;
            d.use_weights = use_weights;
            const auto run = [&](Backend& backend, const DeviceGraph& graph) {
              auto dx = to_backend(backend, x);
              auto dy = to_backend(backend, poisoned<float>(n * width));
              backend.spmm(graph, d, dx, dy, width);
              return dy.to_host();
            };
            const Csr& csr = edges == Edges::out ? g.graph.out_edges() : g.graph.in_edges();
            if (kernel == "slice-staged" && slice_staged_refuses(csr)) {
              CHECK_THROWS_AS(run(*gpu, *on_gpu), UsageError);
              continue;
            }
            const auto expected = run(*cpu, *on_cpu);
            const auto actual = run(*gpu, *on_gpu);
            CHECK_SAME(compare_within(expected, actual, spmm_bounds(csr, use_weights, x, width)));
          }
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("SpMM, every kernel x width x direction, edge cases and real graphs", "[spmm]") {
  SEED_INFO();
  auto rng = seeded_rng(20);
  std::vector<NamedGraph> graphs = edge_case_graphs(rng);
  for (const char* file : {"karate.mtx", "west0067.mtx", "polblogs.mtx", "bcsstk13.mtx", "email-Enron.mtx"})
    graphs.push_back(real_graph(file));
  // Small enough for slice-staged (the edge cases above are not), one with
  // a row of hundreds of entries that a single thread walks.
  graphs.push_back({"small directed, empty rows", random_graph(rng, {.vertices = 300, .edges = 900,
                                                                      .isolated_share = 0.2})});
  graphs.push_back({"small directed, one row of 400+ entries",
                    random_graph(rng, {.vertices = 500, .edges = 1000, .hub_share = 0.9})});
  check_spmm(graphs, {1, 2, 3, 4, 8, 16, 31, 32, 33, 64, 100}, rng);
}

TEST_CASE("SpMM auto takes slice-staged for a matrix that fits, unless the plan lists a long row", "[spmm]") {
  SEED_INFO();
  auto rng = seeded_rng(22);
  const Graph fitting = random_graph(rng, {.vertices = 300, .edges = 900});
  const Graph with_hub = random_graph(rng, {.vertices = 500, .edges = 1000, .hub_share = 0.9});
  REQUIRE(with_hub.out_edges().degree(0) >= cuda::LongRowPolicy::min_entries);
  const auto gpu = cuda_backend();
  const auto fitting_on_gpu = gpu->upload(fitting);
  const auto with_hub_on_gpu = gpu->upload(with_hub);
  REQUIRE_FALSE(slice_staged_refuses(fitting.out_edges()));
  REQUIRE_FALSE(slice_staged_refuses(with_hub.out_edges()));
  for (const std::size_t width : {1u, 32u, 256u}) {
    INFO("width " << width);
    CHECK(gpu->spmm_kernel_for(*fitting_on_gpu, width) == "slice-staged");
    CHECK(gpu->spmm_kernel_for(*with_hub_on_gpu, width) != "slice-staged");
  }
}

TEST_CASE("SpMM, sanitizer subset", "[spmm][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(21);
  std::vector<NamedGraph> graphs = sanitizer_graphs(rng);
  graphs.push_back(real_graph("karate.mtx"));
  check_spmm(graphs, {1, 5, 32, 33}, rng);
}

}  // namespace graphrun::test
