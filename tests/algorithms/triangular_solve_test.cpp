// The lower triangular solve on the cpu backend: random lower matrices
// against forward substitution read literally (dense, long double), both
// methods, both precisions, every thread count; the edge cases (n = 1, a
// diagonal-only L, one full row, a pattern matrix); lower_triangle()'s input
// errors; the kernel family's argument checks.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>

#include "algorithm_test_support.hpp"
#include "graphrun/algorithms/triangular_solve.hpp"
#include "graphrun/error.hpp"

namespace graphrun {
namespace {

using test::cpu_engine;
using test::Edge;
using test::make_graph;

// x with L x = b by the definition, on a dense copy of L, in long double.
std::vector<double> forward_substitution(const Graph& lower, const std::vector<double>& b) {
  const auto n = static_cast<std::size_t>(lower.num_vertices());
  std::vector<long double> dense(n * n, 0.0L);
  const Csr& rows = lower.out_edges();
  for (std::size_t i = 0; i < n; ++i)
    for (edge_t k = rows.offsets[i]; k < rows.offsets[i + 1]; ++k)
      dense[i * n + static_cast<std::size_t>(rows.indices[k])] = rows.value(k);
  std::vector<long double> x(n);
  for (std::size_t i = 0; i < n; ++i) {
    long double sum = b[i];
    for (std::size_t j = 0; j < i; ++j) sum -= dense[i * n + j] * x[j];
    x[i] = sum / dense[i * n + i];
  }
  return {x.begin(), x.end()};
}

// A weighted random matrix with a diagonal that dominates its row (the
// solution stays bounded however deep the dependencies run), plus `full_row`:
// the last row holding every column.
Graph random_matrix(std::mt19937& random, vertex_t n, std::size_t entries, bool undirected, bool full_row) {
  std::uniform_int_distribution<vertex_t> vertex(0, n - 1);
  std::uniform_real_distribution<float> weight(-1.0f, 1.0f);
  std::vector<Edge> edges;
  for (vertex_t i = 0; i < n; ++i) edges.push_back({i, i, 0.0f});  // placeholders, first: they are kept
  for (std::size_t e = 0; e < entries; ++e) edges.push_back({vertex(random), vertex(random), weight(random)});
  if (full_row)
    for (vertex_t j = 0; j + 1 < n; ++j) edges.push_back({n - 1, j, weight(random)});
  std::vector<float> row_sum(static_cast<std::size_t>(n), 0.0f);
  for (const Edge& edge : edges) row_sum[static_cast<std::size_t>(edge.from)] += std::abs(edge.weight);
  for (vertex_t i = 0; i < n; ++i) edges[static_cast<std::size_t>(i)].weight = 1.0f + row_sum[static_cast<std::size_t>(i)];
  return make_graph(n, edges, undirected, true);
}

struct Solved {
  std::vector<double> x;
  TrsvMethod method;
};

Solved solve(const Graph& lower, const std::vector<double>& b, TrsvParams params, int threads) {
  Engine engine = cpu_engine(threads);
  const auto resident = engine.upload(lower);
  TriangularSolver solver(engine, *resident, params);
  return {solver.solve(b), solver.method()};
}

}  // namespace

TEST_CASE("trsv equals forward substitution on random lower matrices", "[trsv]") {
  std::mt19937 random(53);
  struct Shape {
    vertex_t n;
    std::size_t entries;
    bool undirected;
    bool full_row;
  };
  for (const Shape shape : {Shape{1, 0, false, false}, Shape{40, 0, false, false}, Shape{300, 900, false, false},
                            Shape{200, 4000, true, false}, Shape{250, 300, false, true}, Shape{3000, 9000, true, false}}) {
    INFO("n " << shape.n << ", entries " << shape.entries << ", undirected " << shape.undirected << ", full row "
              << shape.full_row);
    const Graph lower = lower_triangle(random_matrix(random, shape.n, shape.entries, shape.undirected, shape.full_row),
                                       "random");
    std::normal_distribution<double> normal;
    std::vector<double> b(static_cast<std::size_t>(shape.n));
    for (double& value : b) value = normal(random);
    const std::vector<double> expected = forward_substitution(lower, b);
    double largest = 0.0;
    for (const double value : expected) largest = std::max(largest, std::abs(value));
    std::vector<double> first;
    for (const TrsvMethod method : {TrsvMethod::sequential, TrsvMethod::level_set, TrsvMethod::automatic}) {
      for (const int threads : {1, 2}) {
        INFO("method " << to_string(method) << ", threads " << threads);
        const Solved solved = solve(lower, b, {.method = method}, threads);
        REQUIRE(solved.x.size() == expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i)
          REQUIRE(std::abs(solved.x[i] - expected[i]) <= 1e-13 * largest);
        if (first.empty()) first = solved.x;
        CHECK(solved.x == first);  // row-order sums: the same bits whatever the schedule
        CHECK(triangular_residual(lower, solved.x, b) < 1e-14);
        const Solved single = solve(lower, b, {.method = method, .precision = TrsvPrecision::single}, threads);
        for (std::size_t i = 0; i < expected.size(); ++i)
          REQUIRE(std::abs(single.x[i] - expected[i]) <= 1e-5 * largest);
        if (method != TrsvMethod::automatic) CHECK(solved.method == method);
      }
    }
  }
}

TEST_CASE("trsv on a pattern matrix reads its entries as ones", "[trsv]") {
  // L = I + the subdiagonal: x_i = 1 - x_{i-1} from x_0 = 1.
  std::vector<Edge> edges;
  for (vertex_t i = 0; i < 9; ++i) edges.push_back({i, i});
  for (vertex_t i = 1; i < 9; ++i) edges.push_back({i, i - 1});
  const Graph lower = lower_triangle(make_graph(9, edges), "bidiagonal");
  const std::vector<double> x = solve(lower, std::vector<double>(9, 1.0), {}, 1).x;
  CHECK(x == std::vector<double>{1, 0, 1, 0, 1, 0, 1, 0, 1});
  CHECK(solve(lower, std::vector<double>(9, 1.0), {}, 1).method == TrsvMethod::sequential);  // 9 levels of 1 row
}

TEST_CASE("lower_triangle keeps the entries on and below the diagonal", "[trsv]") {
  // Undirected: each off-diagonal entry is stored both ways; L keeps one.
  const Graph matrix = make_graph(3, {{0, 0, 4}, {1, 1, 5}, {2, 2, 6}, {0, 1, 1}, {2, 0, 2}}, true, true);
  const Graph lower = lower_triangle(matrix, "m.mtx");
  CHECK(lower.directed());
  CHECK(lower.out_edges().offsets == std::vector<edge_t>{0, 1, 3, 5});
  CHECK(lower.out_edges().indices == std::vector<vertex_t>{0, 0, 1, 0, 2});
  CHECK(lower.out_edges().values == std::vector<float>{4, 1, 5, 2, 6});
}

TEST_CASE("lower_triangle refuses a missing, zero or non-finite diagonal, naming the row", "[trsv][errors]") {
  const auto refused = [](const Graph& matrix, const std::string& reason) {
    try {
      (void)lower_triangle(matrix, "m.mtx");
      FAIL("accepted: " << reason);
    } catch (const InputError& error) {
      CHECK(error.file() == "m.mtx");
      CHECK_THAT(error.reason(), Catch::Matchers::Contains(reason));
    }
  };
  // Matrix Market numbering: compact row 1 is the file's row 2.
  refused(make_graph(3, {{0, 0, 1}, {1, 0, 1}, {2, 2, 1}}, false, true), "row 2 has no diagonal entry");
  refused(make_graph(3, {{0, 0, 1}, {1, 1, 0}, {2, 2, 1}}, false, true), "row 2 has diagonal entry 0");
  refused(make_graph(2, {{0, 0, std::numeric_limits<float>::infinity()}, {1, 1, 1}}, false, true),
          "row 1 has diagonal entry inf");
  refused(make_graph(2, {{0, 0, 1}, {1, 2 - 2, 1}}, false, true), "row 2 has no diagonal entry");
  CHECK(lower_triangle(make_graph(0, {}), "empty.mtx").num_vertices() == 0);
}

TEST_CASE("the solve's arguments are checked", "[trsv][errors]") {
  Engine engine = cpu_engine(1);
  const Graph lower = lower_triangle(make_graph(2, {{0, 0, 2}, {1, 1, 2}, {1, 0, 1}}, false, true), "m");
  const auto resident = engine.upload(lower);
  CHECK_THROWS_AS(TriangularSolver(engine, *resident, {.method = TrsvMethod::sync_free}), UsageError);
  TriangularSolver solver(engine, *resident, {});
  CHECK_THROWS_AS(solver.solve(std::vector<double>(3, 1.0)), UsageError);
  CHECK(solver.solve(std::vector<double>{2, 1}) == std::vector<double>{1, 0});
  // An undirected graph, and a directed one with an entry above the diagonal.
  const auto undirected = engine.upload(make_graph(2, {{0, 0, 1}, {1, 1, 1}}, true, true));
  CHECK_THROWS_AS(TriangularSolver(engine, *undirected, {}), UsageError);
  const auto upper = engine.upload(make_graph(2, {{0, 0, 1}, {0, 1, 1}, {1, 1, 1}}, false, true));
  CHECK_THROWS_AS(TriangularSolver(engine, *upper, {}), UsageError);
  CHECK(parse_trsv_method("sync-free") == TrsvMethod::sync_free);
  CHECK_THROWS_AS(parse_trsv_method("gauss"), UsageError);
  for (const TrsvMethod method : {TrsvMethod::automatic, TrsvMethod::sequential, TrsvMethod::level_set,
                                  TrsvMethod::sync_free, TrsvMethod::recursive_block, TrsvMethod::library})
    CHECK(parse_trsv_method(to_string(method)) == method);
}

}  // namespace graphrun
