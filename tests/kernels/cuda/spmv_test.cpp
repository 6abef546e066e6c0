// SpMV of the CUDA backend against the CPU backend: every kernel name the
// backend lists x every semiring x mask (none / mask / complement) x
// accumulate x use_weights x Edges (out / in), on edge-case, real and large
// random graphs. Fresh random x on every call; y starts poisoned (NaN or a
// bogus id) unless accumulating, so an entry a kernel forgets shows up.
//
// Exactness: MinSecond, OrAnd and MinPlus must match bit for bit (min and OR
// do not depend on order; each MinPlus term is one IEEE addition, so even
// real weights give identical terms). PlusTimes sums may differ by rounding
// order only: |cpu - cuda| <= 16 * eps * sqrt(deg + 2) * (sum |a_ij x_j| + |y_i|)
// with eps the type's epsilon and deg the row's entry count (a generous
// multiple of the random-walk rounding growth of a length-deg sum).
#include <algorithm>
#include <cmath>
#include <limits>

#include "cuda_test_support.hpp"
#include "graphrun/error.hpp"

namespace graphrun::test {

namespace {

enum class MaskMode { none, mask, complement };
const char* to_string(MaskMode mode) {
  return mode == MaskMode::none ? "no mask" : mode == MaskMode::mask ? "mask" : "complemented mask";
}

template <class S>
const char* semiring_name() {
  if constexpr (std::is_same_v<S, PlusTimes<float>>) return "PlusTimes<float>";
  if constexpr (std::is_same_v<S, PlusTimes<double>>) return "PlusTimes<double>";
  if constexpr (std::is_same_v<S, MinPlus>) return "MinPlus";
  if constexpr (std::is_same_v<S, OrAnd>) return "OrAnd";
  if constexpr (std::is_same_v<S, MinSecond>) return "MinSecond";
}

template <class S>
constexpr bool sums_by_rounding() {
  return std::is_same_v<S, PlusTimes<float>> || std::is_same_v<S, PlusTimes<double>>;
}

// An input vector in the semiring's domain, with the awkward values the
// algorithms produce: identities (unreached / infinite distances) included.
template <class S>
std::vector<typename S::value_type> random_input(std::mt19937_64& rng, std::size_t n) {
  using T = typename S::value_type;
  std::vector<T> x(n);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (std::size_t j = 0; j < n; ++j) {
    const double u = unit(rng);
    if constexpr (sums_by_rounding<S>()) {
      x[j] = static_cast<T>(2.0 * unit(rng) - 1.0);
    } else if constexpr (std::is_same_v<S, MinPlus>) {
      x[j] = u < 0.3 ? std::numeric_limits<float>::infinity() : static_cast<float>(std::floor(unit(rng) * 100.0));
    } else if constexpr (std::is_same_v<S, OrAnd>) {
      x[j] = u < 0.3 ? 1 : 0;
    } else {  // MinSecond: ids on a "frontier", identity elsewhere
      x[j] = u < 0.4 ? static_cast<vertex_t>(unit(rng) * static_cast<double>(n)) : MinSecond::identity();
    }
  }
  return x;
}

template <class S>
std::vector<typename S::value_type> initial_y(std::mt19937_64& rng, std::size_t n, bool accumulate) {
  using T = typename S::value_type;
  if (!accumulate) return poisoned<T>(n);
  auto y = random_input<S>(rng, n);
  if constexpr (std::is_same_v<S, MinSecond>) {
    // Accumulated min-labels are real ids, not the poison.
    for (auto& value : y)
      if (value == MinSecond::identity()) value = static_cast<vertex_t>(n / 2);
  }
  return y;
}

// Per-row bound for PlusTimes (see the file comment).
template <class T>
std::vector<double> sum_bounds(const Csr& csr, bool use_weights, const std::vector<T>& x, const std::vector<T>& y0,
                               bool accumulate) {
  const double eps = std::numeric_limits<T>::epsilon();
  std::vector<double> bound(x.size(), 0.0);
  for (vertex_t r = 0; r < csr.num_rows(); ++r) {
    double magnitude = accumulate ? std::abs(static_cast<double>(y0[r])) : 0.0;
    for (edge_t e = csr.offsets[r]; e < csr.offsets[r + 1]; ++e)
      magnitude += std::abs((use_weights ? static_cast<double>(csr.value(e)) : 1.0) *
                            static_cast<double>(x[csr.indices[e]]));
    bound[r] = 16.0 * eps * std::sqrt(static_cast<double>(csr.degree(r)) + 2.0) * magnitude + 1e-300;
  }
  return bound;
}

struct Uploaded {
  Backend& backend;
  const DeviceGraph& graph;
};

template <class S>
void check_spmv(const Uploaded& cpu, const Uploaded& gpu, const Graph& graph, Edges edges, MaskMode mode,
                bool accumulate, bool use_weights, std::mt19937_64& rng) {
  using T = typename S::value_type;
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  const auto x = random_input<S>(rng, n);
  const auto y0 = initial_y<S>(rng, n, accumulate);
  const auto flags = random_flags(rng, n, 0.5);

  const auto run = [&](const Uploaded& side) {
    auto dx = to_backend(side.backend, x);
    auto dy = to_backend(side.backend, y0);
    auto dflags = to_backend(side.backend, flags);
    SpmvDescriptor d;
    d.edges = edges;
    d.use_weights = use_weights;
    d.accumulate = accumulate;
    if (mode != MaskMode::none) d.mask = VertexMask{dflags.data(), mode == MaskMode::complement};
    side.backend.spmv(side.graph, S{}, d, std::span<const T>(dx.span()), dy.span());
    return dy.to_host();
  };
  const auto expected = run(cpu);
  const auto actual = run(gpu);

  INFO(semiring_name<S>() << ", Edges::" << (edges == Edges::out ? "out" : "in") << ", " << to_string(mode)
                          << ", accumulate " << accumulate << ", use_weights " << use_weights);
  if constexpr (sums_by_rounding<S>()) {
    const Csr& csr = edges == Edges::out ? graph.out_edges() : graph.in_edges();
    CHECK_SAME(compare_within(expected, actual, sum_bounds(csr, use_weights, x, y0, accumulate)));
  } else {
    CHECK_SAME(compare_exact(expected, actual));
  }
}

// The whole descriptor space for one semiring.
template <class S>
void check_all_descriptors(const Uploaded& cpu, const Uploaded& gpu, const Graph& graph, std::mt19937_64& rng) {
  for (const Edges edges : {Edges::out, Edges::in})
    for (const MaskMode mode : {MaskMode::none, MaskMode::mask, MaskMode::complement})
      for (const bool accumulate : {false, true})
        for (const bool use_weights : {true, false})
          check_spmv<S>(cpu, gpu, graph, edges, mode, accumulate, use_weights, rng);
}

// One random descriptor per semiring and direction (the large graph).
template <class S>
void check_sampled_descriptors(const Uploaded& cpu, const Uploaded& gpu, const Graph& graph, std::mt19937_64& rng) {
  std::uniform_int_distribution<int> pick(0, 2);
  std::bernoulli_distribution coin(0.5);
  for (const Edges edges : {Edges::out, Edges::in})
    check_spmv<S>(cpu, gpu, graph, edges, static_cast<MaskMode>(pick(rng)), coin(rng), coin(rng), rng);
}

template <template <class> class Check>
void for_each_semiring(const Uploaded& cpu, const Uploaded& gpu, const Graph& graph, std::mt19937_64& rng) {
  Check<PlusTimes<float>>{}(cpu, gpu, graph, rng);
  Check<PlusTimes<double>>{}(cpu, gpu, graph, rng);
  Check<MinPlus>{}(cpu, gpu, graph, rng);
  Check<OrAnd>{}(cpu, gpu, graph, rng);
  Check<MinSecond>{}(cpu, gpu, graph, rng);
}

template <class S>
struct AllDescriptors {
  void operator()(const Uploaded& c, const Uploaded& g, const Graph& graph, std::mt19937_64& rng) const {
    check_all_descriptors<S>(c, g, graph, rng);
  }
};
template <class S>
struct SampledDescriptors {
  void operator()(const Uploaded& c, const Uploaded& g, const Graph& graph, std::mt19937_64& rng) const {
    check_sampled_descriptors<S>(c, g, graph, rng);
  }
};

std::vector<std::string> kernel_names() { return cuda_backend()->spmv_kernels(); }

// A forced kernel with bounds (kernel_has_bounds: ELL padding, the compact
// kernels' 8-bit lengths and 16-bit column offsets) may refuse a graph with a
// UsageError that says so and names the alternatives; that is the documented
// behaviour, not a failure. Any other error propagates.
bool kernel_refuses(Backend& gpu, const std::string& kernel, const DeviceGraph& graph, Edges edges) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  DeviceVector<float> x(gpu.memory(), n), y(gpu.memory(), n);
  gpu.fill(x, 1.0f);
  SpmvDescriptor d;
  d.edges = edges;
  try {
    gpu.spmv_kernel_for(graph, edges);
    gpu.spmv(graph, PlusTimes<float>{}, d, std::span<const float>(x.span()), y.span());
    return false;
  } catch (const UsageError& error) {
    const std::string message = error.what();
    if (!kernel_has_bounds(kernel) || message.find("refused") == std::string::npos) throw;
    return true;
  }
}

// Every kernel (forced by name, plus "auto") on every graph.
template <template <class> class Check>
void check_graphs(const std::vector<NamedGraph>& graphs, std::mt19937_64& rng) {
  std::vector<std::string> kernels = kernel_names();
  REQUIRE_FALSE(kernels.empty());
  kernels.insert(kernels.begin(), "auto");
  for_each_kernel_and_graph(kernels, graphs, [&](const std::string& kernel, const NamedGraph& g, GraphOnBoth both) {
    for (const Edges edges : {Edges::out, Edges::in}) {
      // A forced kernel may refuse a graph (ELL padding, the compact
      // kernels' bounds); said so, never silent.
      if (kernel_refuses(both.gpu, kernel, both.on_gpu, edges)) return;
      const std::string chosen = both.gpu.spmv_kernel_for(both.on_gpu, edges);
      if (kernel == "auto")
        CHECK(std::find(kernels.begin(), kernels.end(), chosen) != kernels.end());
      else
        CHECK(chosen == kernel);
    }
    for_each_semiring<Check>({both.cpu, both.on_cpu}, {both.gpu, both.on_gpu}, g.graph, rng);
  });
}

}  // namespace

TEST_CASE("SpMV, every kernel x semiring x descriptor, edge-case graphs", "[spmv]") {
  SEED_INFO();
  auto rng = seeded_rng(10);
  check_graphs<AllDescriptors>(edge_case_graphs(rng), rng);
}

TEST_CASE("SpMV, every kernel x semiring x descriptor, real graphs of both kinds", "[spmv]") {
  SEED_INFO();
  auto rng = seeded_rng(11);
  std::vector<NamedGraph> graphs;
  for (const char* file : {"karate.mtx", "west0067.mtx", "celegansneural.mtx", "polblogs.mtx", "bcsstk13.mtx",
                           "ldbc-directed-example.mtx"})
    graphs.push_back(real_graph(file));
  check_graphs<AllDescriptors>(graphs, rng);
}

TEST_CASE("SpMV, every kernel x semiring, sampled descriptors, every real graph", "[spmv]") {
  SEED_INFO();
  auto rng = seeded_rng(14);
  check_graphs<SampledDescriptors>(real_graphs(), rng);
}

TEST_CASE("SpMV, every kernel x semiring, 2^20-row random graph", "[spmv][large]") {
  SEED_INFO();
  auto rng = seeded_rng(12);
  check_graphs<SampledDescriptors>({large_random_graph(rng)}, rng);
}

TEST_CASE("SpMV, sanitizer subset", "[spmv][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(13);
  const std::vector<NamedGraph> graphs = sanitizer_graphs_with_real(rng);
  check_graphs<SampledDescriptors>(graphs, rng);
}

}  // namespace graphrun::test
