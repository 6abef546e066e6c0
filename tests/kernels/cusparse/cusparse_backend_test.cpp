// The cuSPARSE backend through the Backend interface: plus-times SpMV (float
// and double, every algorithm, both adjacencies, weighted or not, plain or
// accumulating) and SpMM against a double-precision host reference; masked
// SpMV and other semirings must run on the native kernels (the exact native
// answer where the semiring is order-independent) and leave a note; plans
// must follow graph lifetimes.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "graphrun/algorithms/triangular_solve.hpp"
#include "graphrun/backend.hpp"
#include "graphrun/engine.hpp"
#include "graphrun/error.hpp"
#include "kernels/backends.hpp"
#include "kernels/cusparse/cusparse_backend.hpp"
#include "kernels/cusparse/cusparse_graph_state.hpp"
#include "kernels/cusparse/row_blocks.hpp"
#include "random_csr.hpp"

namespace {

using graphrun::Backend;
using graphrun::DeviceGraph;
using graphrun::DeviceVector;
using graphrun::Edges;
using graphrun::SpmvDescriptor;
using graphrun::vertex_t;
using graphrun::test::HostCsr;
using graphrun::test::Reference;
using graphrun::test::RowShape;

std::shared_ptr<Backend> cusparse_backend(const std::string& spmv_kernel = "auto",
                                          const std::string& spmm_kernel = "auto") {
  graphrun::BackendOptions options;
  options.spmv_kernel = spmv_kernel;
  options.spmm_kernel = spmm_kernel;
  return graphrun::make_cusparse_backend(options);
}

std::shared_ptr<Backend> native_backend() { return graphrun::make_cuda_backend(graphrun::BackendOptions{}); }

template <class T>
constexpr double relative_tolerance() {
  return std::is_same_v<T, float> ? 1e-5 : 1e-12;
}

// The graph of a square host matrix and the host matrices of its two adjacencies.
struct TestGraph {
  std::string name;
  HostCsr out;
  HostCsr in;
  bool directed;
  graphrun::Graph graph;

  TestGraph(std::string graph_name, HostCsr matrix, bool is_directed)
      : name(std::move(graph_name)),
        out(is_directed ? std::move(matrix) : graphrun::test::symmetrized(matrix)),
        in(graphrun::test::transpose(out)),
        directed(is_directed),
        graph(graphrun::test::as_graph(out, is_directed)) {}

  const HostCsr& adjacency(Edges edges) const { return edges == Edges::in ? in : out; }
};

std::vector<TestGraph> spmv_graphs(std::mt19937_64& random) {
  using graphrun::test::random_csr;
  std::vector<TestGraph> graphs;
  graphs.emplace_back("directed power-law", random_csr(random, 1500, 1500, RowShape::power_law, 8), true);
  graphs.emplace_back("undirected uniform", random_csr(random, 800, 800, RowShape::uniform, 5), false);
  graphs.emplace_back("directed one huge row", random_csr(random, 1000, 1000, RowShape::one_huge_row, 2), true);
  graphs.emplace_back("directed half-empty", random_csr(random, 900, 900, RowShape::half_empty, 6), true);
  return graphs;
}

template <class T>
std::vector<T> random_vector(std::mt19937_64& random, std::size_t size) {
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  std::vector<T> v(size);
  for (T& e : v) e = static_cast<T>(value(random));
  return v;
}

// y0 (+) A x as the reference of an accumulating call.
template <class T>
Reference plus_initial(Reference product, const std::vector<T>& y0) {
  for (std::size_t i = 0; i < y0.size(); ++i) {
    product.value[i] += static_cast<double>(y0[i]);
    product.magnitude[i] += std::abs(static_cast<double>(y0[i]));
  }
  return product;
}

template <class Semiring, class T>
std::vector<T> run_spmv(Backend& backend, const DeviceGraph& graph, const SpmvDescriptor& d, const std::vector<T>& x,
                        const std::vector<T>& y0) {
  DeviceVector<T> x_device(backend.memory(), std::span<const T>(x));
  DeviceVector<T> y_device(backend.memory(), std::span<const T>(y0));
  backend.spmv(graph, Semiring{}, d, x_device.span(), y_device.span());
  backend.synchronize();
  return y_device.to_host();
}

std::vector<float> run_spmm(Backend& backend, const DeviceGraph& graph, const SpmvDescriptor& d,
                            const std::vector<float>& x, std::size_t width) {
  DeviceVector<float> x_device(backend.memory(), std::span<const float>(x));
  const std::vector<float> poisoned(static_cast<std::size_t>(graph.num_vertices()) * width,
                                    std::numeric_limits<float>::quiet_NaN());
  DeviceVector<float> y_device(backend.memory(), std::span<const float>(poisoned));
  backend.spmm(graph, d, x_device.span(), y_device.span(), width);
  backend.synchronize();
  return y_device.to_host();
}

template <class T>
void check_close(const std::vector<T>& actual, const Reference& expected) {
  const std::vector<std::size_t> wrong = graphrun::test::mismatches(actual, expected, relative_tolerance<T>(), 1e-6);
  if (!wrong.empty()) {
    const std::size_t i = wrong.front();
    UNSCOPED_INFO(wrong.size() << " wrong entries; first at " << i << ": got " << actual[i] << ", expected "
                               << expected.value[i]);
  }
  CHECK(wrong.empty());
}

// A partition as rows of {first_row, rows, first_entry, entries}.
std::vector<std::vector<graphrun::edge_t>> summary(const std::vector<graphrun::cusparse::RowBlock>& blocks) {
  std::vector<std::vector<graphrun::edge_t>> rows;
  for (const auto& b : blocks) rows.push_back({b.first_row, b.rows, b.first_entry, b.entries});
  return rows;
}

bool has_note(const Backend& backend, const std::string& note) {
  const std::vector<std::string> notes = backend.notes();
  return std::count(notes.begin(), notes.end(), note) == 1;
}

// Every edges x weights x accumulate combination of one graph's SpMV.
template <class T>
void check_spmv_combinations(Backend& backend, const std::string& algorithm, std::mt19937_64& random,
                             const TestGraph& test) {
  const auto graph = backend.upload(test.graph);
  const auto n = static_cast<std::size_t>(test.out.rows);
  for (Edges edges : {Edges::out, Edges::in}) {
    for (bool use_weights : {true, false}) {
      for (bool accumulate : {false, true}) {
        CAPTURE(algorithm, test.name, edges == Edges::in ? "in" : "out", use_weights, accumulate);
        const std::vector<T> x = random_vector<T>(random, n);
        const std::vector<T> y0 =
            accumulate ? random_vector<T>(random, n) : std::vector<T>(n, std::numeric_limits<T>::quiet_NaN());
        Reference expected = graphrun::test::reference_product(test.adjacency(edges), x, 1, use_weights);
        if (accumulate) expected = plus_initial(std::move(expected), y0);
        SpmvDescriptor d;
        d.edges = edges;
        d.use_weights = use_weights;
        d.accumulate = accumulate;
        check_close(run_spmv<graphrun::PlusTimes<T>>(backend, *graph, d, x, y0), expected);
      }
    }
  }
}

template <class T>
void check_spmv_algorithm(const std::string& algorithm, std::mt19937_64& random, const std::vector<TestGraph>& graphs) {
  const auto backend = cusparse_backend(algorithm);
  for (const TestGraph& test : graphs) check_spmv_combinations<T>(*backend, algorithm, random, test);
  CHECK(backend->notes().empty());  // plus-times without a mask never falls back
}

}  // namespace

TEST_CASE("cusparse backend identifies itself and validates kernel names", "[cusparse]") {
  const auto backend = cusparse_backend();
  CHECK(backend->kind() == graphrun::BackendKind::cusparse);
  CHECK(backend->device_name().find("cuSPARSE ") != std::string::npos);
  CHECK(backend->spmv_kernels() == std::vector<std::string>{"csr-alg1", "csr-alg2", "coo-alg1", "coo-alg2"});
  std::mt19937_64 random(3);
  const TestGraph test("small", graphrun::test::random_csr(random, 20, 20, RowShape::uniform, 3), true);
  const auto graph = backend->upload(test.graph);
  CHECK(backend->spmv_kernel_for(*graph, Edges::out) == "csr-alg1");
  CHECK(cusparse_backend("coo-alg2")->spmv_kernel_for(*cusparse_backend()->upload(test.graph), Edges::in) ==
        "coo-alg2");
  CHECK_THROWS_AS(cusparse_backend("merge-path"), graphrun::UsageError);
  CHECK_THROWS_AS(cusparse_backend("auto", "warp-row"), graphrun::UsageError);
}

TEST_CASE("cusparse SpMV (float) matches the host reference for every algorithm", "[cusparse][spmv]") {
  std::mt19937_64 random(101);
  const std::vector<TestGraph> graphs = spmv_graphs(random);
  for (const std::string algorithm : {"csr-alg1", "csr-alg2", "coo-alg1", "coo-alg2"})
    check_spmv_algorithm<float>(algorithm, random, graphs);
}

TEST_CASE("cusparse SpMV (double vectors, float matrix) matches the host reference", "[cusparse][spmv]") {
  std::mt19937_64 random(202);
  const std::vector<TestGraph> graphs = spmv_graphs(random);
  for (const std::string algorithm : {"csr-alg1", "csr-alg2", "coo-alg1", "coo-alg2"})
    check_spmv_algorithm<double>(algorithm, random, graphs);
}

TEST_CASE("cusparse SpMM matches the host reference for every algorithm and width", "[cusparse][spmm]") {
  std::mt19937_64 random(303);
  std::vector<TestGraph> graphs;
  graphs.emplace_back("directed power-law", graphrun::test::random_csr(random, 1200, 1200, RowShape::power_law, 8),
                      true);
  graphs.emplace_back("undirected one huge row",
                      graphrun::test::random_csr(random, 700, 700, RowShape::one_huge_row, 2), false);
  for (const std::string algorithm : {"csr-alg1", "csr-alg2", "csr-alg3", "auto"}) {
    const auto backend = cusparse_backend("auto", algorithm);
    for (const TestGraph& test : graphs) {
      const auto graph = backend->upload(test.graph);
      for (std::size_t width : {1u, 4u, 5u, 32u, 64u, 100u}) {
        const std::vector<float> x =
            graphrun::test::random_dense(random, static_cast<std::size_t>(test.out.rows) * width);
        for (Edges edges : {Edges::out, Edges::in}) {
          for (bool use_weights : {true, false}) {
            CAPTURE(algorithm, test.name, width, edges == Edges::in ? "in" : "out", use_weights);
            SpmvDescriptor d;
            d.edges = edges;
            d.use_weights = use_weights;
            check_close(run_spmm(*backend, *graph, d, x, width),
                        graphrun::test::reference_product(test.adjacency(edges), x, width, use_weights));
          }
        }
      }
    }
    CHECK(backend->notes().empty());
  }
}

TEST_CASE("cusparse multiplies a pattern graph by ones it counts in the graph's bytes", "[cusparse][spmv]") {
  // The host references come from the weighted matrix read unweighted; the
  // graph is the same structure without values (nothing on the device).
  std::mt19937_64 random(404);
  const TestGraph weighted("directed power-law", graphrun::test::random_csr(random, 700, 700, RowShape::power_law, 6),
                           true);
  HostCsr pattern = weighted.out;
  pattern.values.clear();
  const auto backend = cusparse_backend();
  const auto graph = backend->upload(graphrun::test::as_graph(pattern, true));
  REQUIRE(graph->out_csr().values == nullptr);
  const std::size_t uploaded = graph->bytes();
  const auto n = static_cast<std::size_t>(pattern.rows);
  for (Edges edges : {Edges::out, Edges::in}) {
    for (bool use_weights : {true, false}) {
      CAPTURE(edges == Edges::in ? "in" : "out", use_weights);
      const std::vector<float> x = random_vector<float>(random, n);
      const std::vector<float> y0(n, std::numeric_limits<float>::quiet_NaN());
      SpmvDescriptor d;
      d.edges = edges;
      d.use_weights = use_weights;
      check_close(run_spmv<graphrun::PlusTimes<float>>(*backend, *graph, d, x, y0),
                  graphrun::test::reference_product(weighted.adjacency(edges), x, 1, false));
    }
  }
  // One float of ones per entry (shared by both adjacencies), beside the
  // 32-bit offsets: what info --device reports with the format.
  CHECK(graph->bytes() >= uploaded + static_cast<std::size_t>(pattern.entries()) * sizeof(float));
}

TEST_CASE("cusparse handles n = 1 and graphs without entries", "[cusparse]") {
  const auto backend = cusparse_backend();
  HostCsr self_loop;
  self_loop.rows = self_loop.cols = 1;
  self_loop.offsets = {0, 1};
  self_loop.indices = {0};
  self_loop.values = {2.5f};
  HostCsr lonely;
  lonely.rows = lonely.cols = 1;
  lonely.offsets = {0, 0};
  std::mt19937_64 random(404);
  const std::vector<TestGraph> graphs = [&] {
    std::vector<TestGraph> g;
    g.emplace_back("n = 1 with a self-loop", self_loop, true);
    g.emplace_back("n = 1, nnz = 0", lonely, true);
    g.emplace_back("50 vertices, nnz = 0", graphrun::test::random_csr(random, 50, 50, RowShape::uniform, 0), false);
    return g;
  }();
  for (const TestGraph& test : graphs) {
    CAPTURE(test.name);
    const auto graph = backend->upload(test.graph);
    const auto n = static_cast<std::size_t>(test.out.rows);
    const std::vector<float> x = random_vector<float>(random, n);
    SpmvDescriptor d;
    check_close(run_spmv<graphrun::PlusTimes<float>>(*backend, *graph, d, x,
                                                     std::vector<float>(n, std::numeric_limits<float>::quiet_NaN())),
                graphrun::test::reference_product(test.out, x, 1, true));
    const std::vector<double> x_double = random_vector<double>(random, n);
    const std::vector<double> y0 = random_vector<double>(random, n);
    d.accumulate = true;
    check_close(run_spmv<graphrun::PlusTimes<double>>(*backend, *graph, d, x_double, y0),
                plus_initial(graphrun::test::reference_product(test.out, x_double, 1, true), y0));
    const std::vector<float> x_wide = graphrun::test::random_dense(random, n * 7);
    check_close(run_spmm(*backend, *graph, SpmvDescriptor{}, x_wide, 7),
                graphrun::test::reference_product(test.out, x_wide, 7, true));
  }
}

TEST_CASE("cusparse masked SpMV runs on the native kernel and says so once", "[cusparse][fallback]") {
  std::mt19937_64 random(505);
  const TestGraph test("directed power-law", graphrun::test::random_csr(random, 1000, 1000, RowShape::power_law, 7),
                       true);
  const auto n = static_cast<std::size_t>(test.out.rows);
  const auto backend = cusparse_backend();
  const auto graph = backend->upload(test.graph);

  std::vector<std::uint8_t> flags(n);
  std::bernoulli_distribution set(0.4);
  for (std::uint8_t& f : flags) f = set(random) ? 1 : 0;
  DeviceVector<std::uint8_t> mask(backend->memory(), std::span<const std::uint8_t>(flags));

  const std::vector<float> x = random_vector<float>(random, n);
  constexpr float untouched = 42.0f;
  const std::vector<float> y0(n, untouched);
  const Reference product = graphrun::test::reference_product(test.out, x, 1, true);

  // A plain call leaves no note.
  (void)run_spmv<graphrun::PlusTimes<float>>(*backend, *graph, SpmvDescriptor{}, x, y0);
  CHECK(backend->notes().empty());

  for (bool complement : {false, true}) {
    CAPTURE(complement);
    SpmvDescriptor d;
    d.mask = graphrun::VertexMask{mask.data(), complement};
    const std::vector<float> y = run_spmv<graphrun::PlusTimes<float>>(*backend, *graph, d, x, y0);
    // Selected entries hold (A x)_i, the others keep their value.
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const bool selected = (flags[i] != 0) != complement;
      const double expected = selected ? product.value[i] : untouched;
      const double tolerance = selected ? 1e-5 * product.magnitude[i] + 1e-6 : 0.0;
      if (!(std::abs(y[i] - expected) <= tolerance)) ++wrong;
    }
    CHECK(wrong == 0);
  }
  CHECK(has_note(*backend, "cusparse: masked SpMV ran on the native cuda kernel"));
  CHECK(backend->notes().size() == 1);
}

// min / or are exact in any order, so here the fallback must reproduce the
// native backend's answer bit for bit.
TEST_CASE("cusparse semirings other than plus-times run on the native kernel and say so", "[cusparse][fallback]") {
  std::mt19937_64 random(606);
  const TestGraph test("directed uniform", graphrun::test::random_csr(random, 600, 600, RowShape::uniform, 6), true);
  const auto n = static_cast<std::size_t>(test.out.rows);
  const auto backend = cusparse_backend();
  const auto native = native_backend();
  const auto graph = backend->upload(test.graph);
  const auto native_graph = native->upload(test.graph);
  SpmvDescriptor d;
  d.edges = Edges::in;

  const std::vector<float> distances = random_vector<float>(random, n);
  const std::vector<float> no_distance(n, std::numeric_limits<float>::quiet_NaN());
  CHECK(run_spmv<graphrun::MinPlus>(*backend, *graph, d, distances, no_distance) ==
        run_spmv<graphrun::MinPlus>(*native, *native_graph, d, distances, no_distance));
  CHECK(has_note(*backend, "cusparse: min-plus SpMV ran on the native cuda kernel"));

  std::vector<std::uint8_t> reached(n);
  for (std::uint8_t& r : reached) r = random() % 5 == 0 ? 1 : 0;
  const std::vector<std::uint8_t> unset(n, 0xAB);
  CHECK(run_spmv<graphrun::OrAnd>(*backend, *graph, d, reached, unset) ==
        run_spmv<graphrun::OrAnd>(*native, *native_graph, d, reached, unset));
  CHECK(has_note(*backend, "cusparse: or-and SpMV ran on the native cuda kernel"));

  std::vector<vertex_t> parents(n);
  for (std::size_t i = 0; i < n; ++i)
    parents[i] = random() % 3 == 0 ? static_cast<vertex_t>(i) : graphrun::MinSecond::identity();
  const std::vector<vertex_t> garbage(n, -7);
  CHECK(run_spmv<graphrun::MinSecond>(*backend, *graph, d, parents, garbage) ==
        run_spmv<graphrun::MinSecond>(*native, *native_graph, d, parents, garbage));
  CHECK(has_note(*backend, "cusparse: min-second SpMV ran on the native cuda kernel"));
  CHECK(backend->notes().size() == 3);
}

TEST_CASE("cusparse plans survive new vectors and die with their graph", "[cusparse]") {
  const auto backend = cusparse_backend("csr-alg2", "csr-alg2");
  std::mt19937_64 random(707);
  for (int round = 0; round < 4; ++round) {
    // Same sizes every round, new contents: a cache keyed by graph address
    // would hand the new graph the old one's plans (the pool reuses blocks).
    const TestGraph test("round", graphrun::test::random_csr(random, 512, 512, RowShape::uniform, 6), true);
    const auto graph = backend->upload(test.graph);
    for (int call = 0; call < 2; ++call) {  // second call: cached plan, new vector buffers
      CAPTURE(round, call);
      const std::vector<float> x = random_vector<float>(random, 512);
      check_close(
          run_spmv<graphrun::PlusTimes<float>>(*backend, *graph, SpmvDescriptor{}, x,
                                               std::vector<float>(512, std::numeric_limits<float>::quiet_NaN())),
          graphrun::test::reference_product(test.out, x, 1, true));
      const std::vector<float> x_wide = graphrun::test::random_dense(random, 512 * 16);
      check_close(run_spmm(*backend, *graph, SpmvDescriptor{}, x_wide, 16),
                  graphrun::test::reference_product(test.out, x_wide, 16, true));
    }
  }
}

TEST_CASE("cusparse cuts graphs past 2^30 entries into row blocks and says what it cannot cut", "[cusparse]") {
  using graphrun::cusparse::past_one_call;
  using graphrun::cusparse::require_cusparse_index_range;
  using graphrun::cusparse::RowBlockPolicy;
  CHECK(RowBlockPolicy::max_entries == graphrun::edge_t{1} << 30);
  CHECK_FALSE(past_one_call(RowBlockPolicy::max_entries));
  CHECK(past_one_call(RowBlockPolicy::max_entries + 1));
  CHECK_NOTHROW(require_cusparse_index_range(RowBlockPolicy::max_entries, "tc (cuSPARSE SpGEMM)"));
  CHECK_THROWS_WITH(require_cusparse_index_range(RowBlockPolicy::max_entries + 1, "tc (cuSPARSE SpGEMM)"),
                    Catch::Contains("tc (cuSPARSE SpGEMM)") && Catch::Contains("--backend cuda"));
}

TEST_CASE("cusparse refuses vertex ids past its signed 32-bit indices", "[cusparse]") {
  using graphrun::cusparse::require_cusparse_vertex_range;
  CHECK_NOTHROW(require_cusparse_vertex_range(0));
  CHECK_NOTHROW(require_cusparse_vertex_range(2147483647));
  CHECK_THROWS_WITH(require_cusparse_vertex_range(2147483648),
                    Catch::Contains("at most 2147483647 vertices") && Catch::Contains("--backend cuda"));
}

TEST_CASE("cusparse row blocks cover the rows greedily within the entry limit", "[cusparse]") {
  using graphrun::cusparse::row_blocks;
  using graphrun::edge_t;
  // Row lengths 3 0 5 2 0 0 7 1.
  const std::vector<edge_t> offsets{0, 3, 3, 8, 10, 10, 10, 17, 18};
  const auto offset_at = [&](std::int64_t row) { return offsets[static_cast<std::size_t>(row)]; };
  using Blocks = std::vector<std::vector<edge_t>>;
  CHECK(summary(row_blocks(8, offset_at, 8)) == Blocks{{0, 3, 0, 8}, {3, 3, 8, 2}, {6, 2, 10, 8}});
  CHECK(summary(row_blocks(8, offset_at, 18)) == Blocks{{0, 8, 0, 18}});
  CHECK(summary(row_blocks(8, offset_at, 1000)) == Blocks{{0, 8, 0, 18}});
  // Row 6 (7 entries) cannot fit a limit of 6.
  CHECK_THROWS_WITH(row_blocks(8, offset_at, 6),
                    Catch::Contains("row 6 alone has 7") && Catch::Contains("--backend cuda"));
  CHECK(row_blocks(0, offset_at, 8).empty());
  // Trailing empty rows join the last block; a graph without entries is one block.
  const std::vector<edge_t> trailing{0, 2, 2, 2};
  const auto trailing_at = [&](std::int64_t row) { return trailing[static_cast<std::size_t>(row)]; };
  CHECK(summary(row_blocks(3, trailing_at, 2)) == Blocks{{0, 3, 0, 2}});
  const std::vector<edge_t> empty{0, 0, 0};
  CHECK(summary(row_blocks(2, [&](std::int64_t row) { return empty[static_cast<std::size_t>(row)]; }, 1)) ==
        Blocks{{0, 2, 0, 0}});
  CHECK_THROWS_AS(row_blocks(8, offset_at, 0), graphrun::UsageError);
  // Blocks start at a multiple of 4 entries where a row boundary allows:
  // greedy would cut at entry 6, the aligned boundary is entry 4.
  const std::vector<edge_t> aligned{0, 4, 6, 8, 12};
  const auto aligned_at = [&](std::int64_t row) { return aligned[static_cast<std::size_t>(row)]; };
  CHECK(summary(row_blocks(4, aligned_at, 7)) == Blocks{{0, 1, 0, 4}, {1, 2, 4, 4}, {3, 1, 8, 4}});
  CHECK(summary(row_blocks(4, aligned_at, 7, 1)) == Blocks{{0, 2, 0, 6}, {2, 2, 6, 6}});
  for (const auto& block : row_blocks(4, aligned_at, 7)) CHECK(block.aligned());
}

// The row-block path of graphs past 2^31 entries, on small graphs cut into
// several blocks: every SpMV algorithm (the COO ones with their rebased row
// ids) and SpMM must still equal the host reference.
TEST_CASE("cusparse products cut into row blocks equal the host reference", "[cusparse][spmv][spmm]") {
  std::mt19937_64 random(909);
  const std::vector<TestGraph> graphs = spmv_graphs(random);
  std::size_t most_blocks = 0;
  for (const std::string algorithm : {"csr-alg1", "csr-alg2", "coo-alg1", "coo-alg2"}) {
    const auto backend = cusparse_backend(algorithm, "csr-alg2");
    auto& cusparse = dynamic_cast<graphrun::cusparse::CusparseBackend&>(*backend);
    for (const TestGraph& test : graphs) {
      graphrun::edge_t longest = 0;
      for (const HostCsr* matrix : {&test.out, &test.in})
        for (vertex_t r = 0; r < matrix->rows; ++r)
          longest = std::max(longest, matrix->offsets[static_cast<std::size_t>(r) + 1] -
                                          matrix->offsets[static_cast<std::size_t>(r)]);
      const graphrun::edge_t limit = std::max(2 * longest, test.out.entries() / 5);
      cusparse.limit_row_blocks(limit);
      check_spmv_combinations<float>(*backend, algorithm, random, test);

      const auto graph = backend->upload(test.graph);
      const std::size_t width = 5;
      const std::vector<float> x =
          graphrun::test::random_dense(random, static_cast<std::size_t>(test.out.rows) * width);
      for (Edges edges : {Edges::out, Edges::in}) {
        CAPTURE(algorithm, test.name, limit, edges == Edges::in ? "in" : "out");
        SpmvDescriptor d;
        d.edges = edges;
        check_close(run_spmm(*backend, *graph, d, x, width),
                    graphrun::test::reference_product(test.adjacency(edges), x, width, true));
        auto* state = dynamic_cast<graphrun::cusparse::CusparseGraphState*>(
            graphrun::cuda::as_cuda_graph(*graph).extension());
        REQUIRE(state != nullptr);
        // The blocks read from the device offsets are the host partition's.
        const HostCsr& host = test.adjacency(edges);
        const auto host_blocks = graphrun::cusparse::row_blocks(
            host.rows, [&](std::int64_t row) { return host.offsets[static_cast<std::size_t>(row)]; }, limit);
        CHECK(summary(state->blocks(edges)) == summary(host_blocks));
        most_blocks = std::max(most_blocks, state->blocks(edges).size());
      }
    }
    CHECK(backend->notes().empty());
  }
  CHECK(most_blocks >= 3);
}

// COO needs every block to start at a multiple of 4 entries: a graph whose
// row boundaries after the first row all lie at 2 mod 4 cannot be cut so.
TEST_CASE("cusparse COO refuses row blocks it cannot align; CSR runs them", "[cusparse][spmv]") {
  HostCsr matrix;
  matrix.rows = matrix.cols = 64;
  matrix.offsets = {0};
  for (vertex_t r = 0; r < matrix.rows; ++r) {
    const vertex_t length = r == 0 ? 2 : 4;
    for (vertex_t k = 0; k < length; ++k) {
      matrix.indices.push_back((r + 1 + 7 * k) % matrix.cols);
      matrix.values.push_back(1.0f + static_cast<float>(k));
    }
    std::sort(matrix.indices.end() - length, matrix.indices.end());
    matrix.offsets.push_back(static_cast<graphrun::edge_t>(matrix.indices.size()));
  }
  const TestGraph test("2 mod 4 boundaries", matrix, true);
  std::mt19937_64 random(1010);
  const std::vector<float> x = random_vector<float>(random, 64);
  for (const std::string algorithm : {"coo-alg1", "csr-alg2"}) {
    CAPTURE(algorithm);
    const auto backend = cusparse_backend(algorithm);
    dynamic_cast<graphrun::cusparse::CusparseBackend&>(*backend).limit_row_blocks(40);
    const auto graph = backend->upload(test.graph);
    const std::vector<float> y0(64, std::numeric_limits<float>::quiet_NaN());
    if (algorithm == "coo-alg1") {
      CHECK_THROWS_WITH((run_spmv<graphrun::PlusTimes<float>>(*backend, *graph, SpmvDescriptor{}, x, y0)),
                        Catch::Contains("multiple of 4 entries") && Catch::Contains("csr-alg1 or csr-alg2"));
    } else {
      check_close(run_spmv<graphrun::PlusTimes<float>>(*backend, *graph, SpmvDescriptor{}, x, y0),
                  graphrun::test::reference_product(test.out, x, 1, true));
    }
  }
}

// trsv takes the whole graph's offsets in one call even when the products
// of the same graph run in row blocks.
TEST_CASE("cusparse trsv solves a graph whose products are cut into row blocks", "[cusparse]") {
  const vertex_t n = 300;
  graphrun::EdgeList list;
  list.num_vertices = n;
  for (vertex_t i = 0; i < n; ++i) {  // L = 2 I - subdiagonal; L x = b for x = 1
    if (i > 0) {
      list.src.push_back(i);
      list.dst.push_back(i - 1);
      list.weights.push_back(-1.0f);
    }
    list.src.push_back(i);
    list.dst.push_back(i);
    list.weights.push_back(2.0f);
  }
  const graphrun::Graph lower = graphrun::Graph::build(list);
  graphrun::EngineOptions options;
  options.backend = graphrun::BackendKind::cusparse;
  graphrun::Engine engine(options);
  dynamic_cast<graphrun::cusparse::CusparseBackend&>(engine.backend()).limit_row_blocks(100);
  const auto graph = engine.upload(lower);
  const std::vector<float> ones(n, 1.0f);
  const std::vector<float> product = run_spmv<graphrun::PlusTimes<float>>(
      engine.backend(), *graph, SpmvDescriptor{}, ones, std::vector<float>(n, 0.0f));
  CHECK(product[0] == 2.0f);
  CHECK(product[n - 1] == 1.0f);
  graphrun::TriangularSolver solver(engine, *graph, {});
  std::vector<double> b(n, 1.0);
  b[0] = 2.0;
  const std::vector<double> x = solver.solve(b);
  for (vertex_t i = 0; i < n; ++i) CHECK(std::abs(x[static_cast<std::size_t>(i)] - 1.0) < 1e-9);
}

TEST_CASE("cusparse refuses calls that break the interface", "[cusparse]") {
  const auto backend = cusparse_backend();
  std::mt19937_64 random(808);
  const TestGraph test("small", graphrun::test::random_csr(random, 30, 30, RowShape::uniform, 3), true);
  const auto graph = backend->upload(test.graph);
  DeviceVector<float> x(backend->memory(), 30);
  DeviceVector<float> short_y(backend->memory(), 29);
  CHECK_THROWS_AS(backend->spmv(*graph, graphrun::PlusTimes<float>{}, SpmvDescriptor{}, x.span(), short_y.span()),
                  graphrun::UsageError);
  SpmvDescriptor both;
  both.edges = Edges::both;
  DeviceVector<float> y(backend->memory(), 30);
  CHECK_THROWS_AS(backend->spmv(*graph, graphrun::PlusTimes<float>{}, both, x.span(), y.span()), graphrun::UsageError);
  SpmvDescriptor accumulate;
  accumulate.accumulate = true;
  CHECK_THROWS_AS(backend->spmm(*graph, accumulate, x.span(), y.span(), 1), graphrun::UsageError);
  CHECK_THROWS_AS(backend->spmm(*graph, SpmvDescriptor{}, x.span(), y.span(), 2), graphrun::UsageError);
}
