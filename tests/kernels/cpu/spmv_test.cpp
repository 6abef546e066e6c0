// SpMV: every kernel x semiring x mask x accumulate x use_weights x Edges
// against a reference computed from the graph's triples.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>

#include "support/random_seed.hpp"
#include "reference.hpp"
#include "cpu_test_support.hpp"
#include "graphrun/error.hpp"
#include "kernels/backends.hpp"

namespace graphrun::test {
namespace {

// Reference semantics of each semiring, written from the math.
template <class T>
struct PlusTimesOracle {
  using Semiring = PlusTimes<T>;
  static constexpr bool exact = false;  // the sum's rounding depends on the order
  static T random_value(std::mt19937_64& rng, vertex_t) { return std::uniform_real_distribution<T>(-1, 1)(rng); }
  static T poison() { return std::numeric_limits<T>::quiet_NaN(); }
  static bool matches(T got, T y_old, bool accumulate, const std::vector<Term>& row, const std::vector<T>& x,
                      bool use_weights) {
    double want = accumulate ? y_old : 0.0, magnitude = accumulate ? std::abs(double(y_old)) : 0.0;
    for (const Term& term : row) {
      const double product = (use_weights ? double(term.weight) : 1.0) * double(x[term.column]);
      want += product;
      magnitude += std::abs(product);
    }
    const double tolerance = 4.0 * double(row.size() + 2) * std::numeric_limits<T>::epsilon() * magnitude;
    return std::abs(double(got) - want) <= tolerance;
  }
};

struct MinPlusOracle {
  using Semiring = MinPlus;
  static constexpr bool exact = true;
  static float random_value(std::mt19937_64& rng, vertex_t) {
    if (std::bernoulli_distribution(0.2)(rng)) return std::numeric_limits<float>::infinity();
    return std::uniform_real_distribution<float>(0, 10)(rng);
  }
  static float poison() { return std::numeric_limits<float>::quiet_NaN(); }
  static bool matches(float got, float y_old, bool accumulate, const std::vector<Term>& row,
                      const std::vector<float>& x, bool use_weights) {
    float want = accumulate ? y_old : std::numeric_limits<float>::infinity();
    for (const Term& term : row) want = std::min(want, (use_weights ? term.weight : 1.0f) + x[term.column]);
    return same_bits(got, want);
  }
};

struct OrAndOracle {
  using Semiring = OrAnd;
  static constexpr bool exact = true;
  static std::uint8_t random_value(std::mt19937_64& rng, vertex_t) {
    return std::bernoulli_distribution(0.3)(rng) ? 1 : 0;
  }
  static std::uint8_t poison() { return 0xA5; }
  static bool matches(std::uint8_t got, std::uint8_t y_old, bool accumulate, const std::vector<Term>& row,
                      const std::vector<std::uint8_t>& x, bool) {
    bool want = accumulate && y_old != 0;
    for (const Term& term : row) want = want || x[term.column] != 0;
    return got == (want ? 1 : 0);
  }
};

struct MinSecondOracle {
  using Semiring = MinSecond;
  static constexpr bool exact = true;
  static constexpr vertex_t none = std::numeric_limits<vertex_t>::max();
  static vertex_t random_value(std::mt19937_64& rng, vertex_t n) {
    if (std::bernoulli_distribution(0.3)(rng)) return none;
    return std::uniform_int_distribution<vertex_t>(0, n - 1)(rng);
  }
  static vertex_t poison() { return -7777; }
  static bool matches(vertex_t got, vertex_t y_old, bool accumulate, const std::vector<Term>& row,
                      const std::vector<vertex_t>& x, bool) {
    vertex_t want = accumulate ? y_old : none;
    for (const Term& term : row) want = std::min(want, x[term.column]);
    return got == want;
  }
};

enum class MaskMode { none, mask, complement };
const char* to_string(MaskMode mode) {
  return mode == MaskMode::none ? "no mask" : mode == MaskMode::mask ? "mask" : "complemented mask";
}

struct KernelUnderTest {
  std::string kernel;
  int threads;
  std::shared_ptr<Backend> backend;
  std::unique_ptr<DeviceGraph> graph;
};

std::vector<KernelUnderTest> every_kernel(const Graph& graph) {
  std::vector<KernelUnderTest> all;
  for (const std::string kernel : {"csr-serial", "csr-parallel", "coo-serial", "coo-parallel", "auto"})
    for (int threads : {1, 3}) {
      BackendOptions options;
      options.spmv_kernel = kernel;
      options.threads = threads;
      auto backend = make_cpu_backend(options);
      auto device_graph = backend->upload(graph);
      all.push_back({kernel, threads, std::move(backend), std::move(device_graph)});
    }
  return all;
}

// Runs every configuration of one semiring on one graph.
template <class Oracle>
void check_semiring(const TestGraph& g, std::vector<KernelUnderTest>& kernels, std::mt19937_64& rng) {
  using T = typename Oracle::Semiring::value_type;
  const vertex_t n = g.graph.num_vertices();
  const auto size = static_cast<std::size_t>(n);
  for (Edges edges : {Edges::out, Edges::in}) {
    const auto terms = row_terms(g, edges);
    for (MaskMode mode : {MaskMode::none, MaskMode::mask, MaskMode::complement}) {
      // Non-zero flags other than 1 too: the contract says "non-zero = set".
      std::vector<std::uint8_t> flags(size);
      for (auto& flag : flags) flag = std::bernoulli_distribution(0.5)(rng) ? std::uint8_t(1 + rng() % 3) : 0;
      for (bool accumulate : {false, true})
        for (bool use_weights : {false, true}) {
          INFO("edges " << (edges == Edges::out ? "out" : "in") << ", " << to_string(mode) << ", accumulate "
                        << accumulate << ", use_weights " << use_weights);
          std::vector<T> x(size), y_before(size);
          for (auto& value : x) value = Oracle::random_value(rng, n);
          // Poison where the call must write; valid old values where it must read them.
          for (auto& value : y_before) value = accumulate ? Oracle::random_value(rng, n) : Oracle::poison();

          std::optional<std::vector<T>> serial_result;
          for (KernelUnderTest& k : kernels) {
            INFO("kernel " << k.kernel << ", " << k.threads << " threads");
            Backend& backend = *k.backend;
            auto x_device = to_backend(backend, x);
            auto y_device = to_backend(backend, y_before);
            auto flags_device = to_backend(backend, flags);
            SpmvDescriptor d;
            d.edges = edges;
            d.use_weights = use_weights;
            d.accumulate = accumulate;
            if (mode != MaskMode::none) d.mask = {flags_device.data(), mode == MaskMode::complement};
            backend.spmv(*k.graph, typename Oracle::Semiring{}, d, x_device.span(), y_device.span());
            const std::vector<T> y = y_device.to_host();

            MismatchLog log;
            for (std::size_t r = 0; r < size; ++r) {
              const bool selected = mode == MaskMode::none || ((flags[r] != 0) != (mode == MaskMode::complement));
              if (!selected) {
                if (!same_bits(y[r], y_before[r])) log.add(r, y[r], y_before[r], " (unselected: must stay)");
              } else if (!Oracle::matches(y[r], y_before[r], accumulate, terms[r], x, use_weights)) {
                log.add(r, y[r], "reference", " (row of " + std::to_string(terms[r].size()) + " entries)");
              }
            }
            CHECK(log.str() == "");

            // Each row is folded in entry order by one thread except in
            // coo-parallel, whose cut rows add partial sums: everything else
            // must match csr-serial bit for bit.
            if (!serial_result) {
              serial_result = y;
            } else if (Oracle::exact || k.kernel != "coo-parallel") {
              MismatchLog differences;
              for (std::size_t r = 0; r < size; ++r)
                if (!same_bits(y[r], (*serial_result)[r])) differences.add(r, y[r], (*serial_result)[r]);
              CHECK(differences.str() == "");
            }
          }
        }
    }
  }
}

}  // namespace

TEST_CASE("spmv matches the reference for every kernel, semiring and descriptor") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for (const TestGraph& g : all_test_graphs(rng)) {
    INFO("graph " << g.name << " (n " << g.graph.num_vertices() << ", entries " << g.entries.size() << ")");
    REQUIRE(g.graph.num_entries() == static_cast<edge_t>(g.entries.size()));
    auto kernels = every_kernel(g.graph);
    check_semiring<PlusTimesOracle<float>>(g, kernels, rng);
    check_semiring<PlusTimesOracle<double>>(g, kernels, rng);
    check_semiring<MinPlusOracle>(g, kernels, rng);
    check_semiring<OrAndOracle>(g, kernels, rng);
    check_semiring<MinSecondOracle>(g, kernels, rng);
  }
}

TEST_CASE("the directed fixture has in-rows that differ from its out-rows") {
  // Guards the meaning of the Edges::in checks above: on this graph a kernel
  // that walked out-rows for `in` would fail them.
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for (const TestGraph& g : edge_case_graphs(rng)) {
    if (g.name != "directed, in-rows differ from out-rows") continue;
    CHECK(g.graph.directed());
    auto out = neighbour_lists(g, Edges::out), in = neighbour_lists(g, Edges::in);
    std::size_t differing = 0;
    for (std::size_t v = 0; v < out.size(); ++v) {
      std::sort(out[v].begin(), out[v].end());
      std::sort(in[v].begin(), in[v].end());
      differing += out[v] != in[v] ? 1 : 0;
    }
    CHECK(differing > out.size() / 2);
  }
}

TEST_CASE("spmv kernel names") {
  auto backend = make_cpu_backend({});
  CHECK(backend->spmv_kernels() == std::vector<std::string>{"csr-serial", "csr-parallel", "coo-serial", "coo-parallel"});
  EdgeList edges;
  edges.num_vertices = 3;
  edges.src = {0, 1};
  edges.dst = {1, 2};
  const Graph graph = Graph::build(edges);
  auto device_graph = backend->upload(graph);
  CHECK(backend->spmv_kernel_for(*device_graph, Edges::out) == "csr-parallel");
  for (const std::string kernel : {"csr-serial", "csr-parallel", "coo-serial", "coo-parallel"}) {
    BackendOptions options;
    options.spmv_kernel = kernel;
    auto forced = make_cpu_backend(options);
    CHECK(forced->spmv_kernel_for(*forced->upload(graph), Edges::in) == kernel);
  }
  BackendOptions unknown;
  unknown.spmv_kernel = "csr-vector";
  try {
    make_cpu_backend(unknown);
    FAIL("an unknown kernel name was accepted");
  } catch (const UsageError& error) {
    const std::string message = error.what();
    CHECK(message.find("csr-vector") != std::string::npos);
    for (const char* valid : {"auto", "csr-serial", "csr-parallel", "coo-serial", "coo-parallel"})
      CHECK(message.find(valid) != std::string::npos);
  }
}

TEST_CASE("spmv refuses wrong arguments with a UsageError") {
  EdgeList edges;
  edges.num_vertices = 4;
  edges.src = {0, 1, 2};
  edges.dst = {1, 2, 3};
  const Graph graph = Graph::build(edges);
  auto backend = make_cpu_backend({});
  auto a = backend->upload(graph);
  DeviceVector<float> x(backend->memory(), 4), y(backend->memory(), 4), short_y(backend->memory(), 3);
  backend->fill(x.span(), 1.0f);
  SpmvDescriptor d;
  CHECK_THROWS_AS(backend->spmv(*a, PlusTimes<float>{}, d, x.span(), short_y.span()), UsageError);
  CHECK_THROWS_AS(backend->spmv(*a, PlusTimes<float>{}, d, short_y.span(), y.span()), UsageError);
  CHECK_THROWS_AS(backend->spmv(*a, PlusTimes<float>{}, d, x.span(), x.span()), UsageError);
  d.edges = Edges::both;
  CHECK_THROWS_AS(backend->spmv(*a, PlusTimes<float>{}, d, x.span(), y.span()), UsageError);

  // A graph uploaded elsewhere is not this backend's.
  struct ForeignGraph final : DeviceGraph {
    ForeignGraph() : DeviceGraph(4, 3, true, false) {}
    std::size_t bytes() const override { return 0; }
    DeviceCsrArrays out_csr() const override { return {}; }
  } foreign;
  CHECK_THROWS_AS(backend->spmv(foreign, PlusTimes<float>{}, SpmvDescriptor{}, x.span(), y.span()), UsageError);

  BackendOptions negative;
  negative.threads = -2;
  CHECK_THROWS_AS(make_cpu_backend(negative), UsageError);
}

}  // namespace graphrun::test
