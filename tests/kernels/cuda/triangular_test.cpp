// The lower triangular solve on cuda (level-set, sync-free, recursive block,
// auto) and cusparse (SpSV) against the cpu backend: real matrices with
// their own diagonals, the Gauss-Seidel triangle of real graphs' Laplacians
// (hub rows), and the edge cases (n = 1, a diagonal-only L, one full row, a
// chain of one row per level, more rows than a recursive block's leaf).
// The backends sum each row in their own order: x agrees to a bound
// relative to the largest |x|, in both precisions.
#include <algorithm>
#include <bit>
#include <cmath>

#include "cuda_test_support.hpp"
#include "cuda/triangular/trsv.cuh"
#include "graphrun/algorithms/triangular_solve.hpp"
#include "graphrun/generate.hpp"
#include "graphrun/generators/solve_matrices.hpp"

namespace graphrun::test {
namespace {

// n rows: the diagonal, `extra` random entries below it, and optionally the
// last row full; diagonally dominant.
Graph random_lower(std::mt19937_64& rng, vertex_t n, std::size_t extra, bool full_last_row) {
  std::uniform_int_distribution<vertex_t> row(0, n - 1);
  std::uniform_real_distribution<float> weight(-1.0f, 1.0f);
  EdgeList list;
  list.num_vertices = n;
  std::vector<float> diagonal(static_cast<std::size_t>(n), 1.0f);
  const auto add = [&](vertex_t i, vertex_t j) {
    const float w = weight(rng);
    list.src.push_back(i);
    list.dst.push_back(j);
    list.weights.push_back(w);
    diagonal[static_cast<std::size_t>(i)] += std::abs(w);
  };
  for (std::size_t e = 0; e < extra; ++e) {
    const vertex_t i = row(rng);
    if (i > 0) add(i, std::uniform_int_distribution<vertex_t>(0, i - 1)(rng));
  }
  if (full_last_row)
    for (vertex_t j = 0; j + 1 < n; ++j) add(n - 1, j);
  for (vertex_t i = 0; i < n; ++i) {
    list.src.push_back(i);
    list.dst.push_back(i);
    list.weights.push_back(diagonal[static_cast<std::size_t>(i)]);
  }
  BuildOptions options;
  options.duplicates = DuplicatePolicy::sum;
  return lower_triangle(Graph::build(list, options), "random");
}

Graph chain(vertex_t n) {  // one row per level: x_i = (1 - 0.5 x_{i-1}) / 2
  EdgeList list;
  list.num_vertices = n;
  for (vertex_t i = 0; i < n; ++i) {
    list.src.push_back(i);
    list.dst.push_back(i);
    list.weights.push_back(2.0f);
    if (i == 0) continue;
    list.src.push_back(i);
    list.dst.push_back(i - 1);
    list.weights.push_back(0.5f);
  }
  return lower_triangle(Graph::build(list), "chain");
}

std::vector<NamedGraph> lower_matrices(std::mt19937_64& rng, bool quick) {
  std::vector<NamedGraph> matrices;
  for (const char* file : {"bcsstk13.mtx", "jagmesh7.mtx"})
    matrices.push_back({file, lower_triangle(real_graph(file).graph, file)});
  matrices.push_back({"n = 1", random_lower(rng, 1, 0, false)});
  matrices.push_back({"diagonal only", random_lower(rng, 3000, 0, false)});
  matrices.push_back({"one full row", random_lower(rng, 5000, 5000, true)});
  matrices.push_back({"chain, a row per level", chain(quick ? 300 : 20000)});
  if (quick) return matrices;
  for (const char* file : {"email-Enron.mtx", "pushpull.mtx", "cond-mat-2005.mtx"})
    matrices.push_back({std::string("Gauss-Seidel of ") + file, generators::gauss_seidel_lower(real_graph(file).graph)});
  matrices.push_back({"random, past a recursive block's leaf",
                      random_lower(rng, 3 * cuda::TrsvPolicy::leaf_rows + 123, 2'000'000, false)});
  return matrices;
}

void check_triangular(bool quick) {
  auto rng = seeded_rng(91);
  Engine cpu = engine_of(BackendKind::cpu);
  const std::vector<NamedGraph> matrices = lower_matrices(rng, quick);
  for (const NamedGraph& m : matrices) {
    const auto n = static_cast<std::size_t>(m.graph.num_vertices());
    std::normal_distribution<double> normal;
    std::vector<double> b(n);
    for (double& value : b) value = normal(rng);
    const auto on_cpu = cpu.upload(m.graph);
    const std::vector<double> expected = TriangularSolver(cpu, *on_cpu, {}).solve(b);
    double largest = 0.0;
    for (const double value : expected) largest = std::max(largest, std::abs(value));
    for (const BackendKind kind : {BackendKind::cuda, BackendKind::cusparse}) {
      Engine gpu = engine_of(kind);
      const auto on_gpu = gpu.upload(m.graph);
      const std::vector<TrsvMethod> methods =
          kind == BackendKind::cusparse
              ? std::vector<TrsvMethod>{TrsvMethod::automatic}
              : std::vector<TrsvMethod>{TrsvMethod::automatic, TrsvMethod::level_set, TrsvMethod::sync_free,
                                        TrsvMethod::recursive_block};
      for (const TrsvMethod method : methods) {
        for (const TrsvPrecision precision : {TrsvPrecision::double_precision, TrsvPrecision::single}) {
          INFO(m.name << " on " << to_string(kind) << ", method " << to_string(method) << ", "
                      << (precision == TrsvPrecision::single ? "float" : "double"));
          TriangularSolver solver(gpu, *on_gpu, {.method = method, .precision = precision});
          const std::vector<double> x = solver.solve(b);
          const std::vector<double> again = solver.solve(b);  // the analysis serves every solve
          REQUIRE(x.size() == n);
          const double bound = (precision == TrsvPrecision::single ? 1e-4 : 1e-11) * largest;
          std::size_t bad = 0, first_bad = 0;
          for (std::size_t i = 0; i < n; ++i)
            if (!(std::abs(x[i] - expected[i]) <= bound) && bad++ == 0) first_bad = i;
          INFO("row " << first_bad << ": " << (n ? x[first_bad] : 0.0) << " vs " << (n ? expected[first_bad] : 0.0));
          CHECK(bad == 0);
          CHECK(compare_exact(x, again) == std::string());
          if (kind == BackendKind::cuda && method == TrsvMethod::automatic)
            CHECK(solver.levels() == TriangularSolver(cpu, *on_cpu, {}).levels());
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("trsv on cuda and cusparse matches the cpu backend", "[trsv]") {
  SEED_INFO();
  check_triangular(false);
}

TEST_CASE("trsv, sanitizer subset", "[trsv][sanitize]") {
  SEED_INFO();
  check_triangular(true);
}

TEST_CASE("trsv refuses an L without its diagonal on the device", "[trsv]") {
  Engine gpu = engine_of(BackendKind::cuda);
  EdgeList list;
  list.num_vertices = 3;
  list.src = {0, 1, 2};
  list.dst = {0, 0, 2};
  list.weights = {1, 1, 1};
  const auto resident = gpu.upload(Graph::build(list));  // row 1 lacks (1, 1)
  CHECK_THROWS_AS(TriangularSolver(gpu, *resident, {}), UsageError);
  Engine library = engine_of(BackendKind::cusparse);
  const auto on_library = library.upload(Graph::build(list));
  CHECK_THROWS_AS(TriangularSolver(library, *on_library, {}), UsageError);
}

// TrsvPolicy's automatic rule: wide levels -> level_set; four leaves or
// more with a hub row -> recursive_block; otherwise sync_free.
TEST_CASE("trsv automatic picks the method TrsvPolicy names", "[trsv]") {
  Engine gpu = engine_of(BackendKind::cuda);
  const auto pick = [&](GeneratorKind kind, int scale) {
    const Graph lower = generators::gauss_seidel_lower(Graph::build(generate({.kind = kind, .scale = scale})));
    const auto resident = gpu.upload(lower);
    return TriangularSolver(gpu, *resident, {}).method();
  };
  const int four_leaves = std::bit_width(static_cast<unsigned>(cuda::TrsvPolicy::leaf_rows)) + 1;  // 2^18 rows
  CHECK(pick(GeneratorKind::kron, four_leaves) == TrsvMethod::recursive_block);     // hub rows of 10^4 entries
  CHECK(pick(GeneratorKind::kron, four_leaves - 1) == TrsvMethod::sync_free);       // two leaves
  CHECK(pick(GeneratorKind::road, four_leaves) == TrsvMethod::sync_free);           // rows of at most 4
  CHECK(pick(GeneratorKind::uniform, four_leaves + 2) == TrsvMethod::level_set);    // ~50 wide levels
}

}  // namespace graphrun::test
