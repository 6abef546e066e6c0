// The verdicts behind every row's ok/FAIL: float product checks against a
// float64 reference, exact comparisons and fingerprints.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "bench/src/check.hpp"
#include "bench/src/reference/products.hpp"
#include "graphrun/graph.hpp"

using namespace graphrun;
using namespace graphrun::bench;

namespace {

// A random weighted directed graph with empty rows and one heavy row.
Graph random_graph(std::mt19937_64& random, vertex_t n) {
  EdgeList edges;
  edges.num_vertices = n;
  std::uniform_int_distribution<vertex_t> vertex(0, n - 1);
  std::uniform_real_distribution<float> weight(-2.0f, 2.0f);
  for (vertex_t e = 0; e < 6 * n; ++e) {
    edges.src.push_back(e % 3 == 0 ? 0 : vertex(random) / 2);  // row 0 heavy, upper half of ids empty rows
    edges.dst.push_back(vertex(random));
    edges.weights.push_back(weight(random));
  }
  return Graph::build(edges);
}

// y = A X in plain float, the way a simple kernel computes it.
std::vector<float> float_product(const Csr& a, const std::vector<float>& x, std::size_t width) {
  std::vector<float> y(static_cast<std::size_t>(a.num_rows()) * width, 0.0f);
  for (vertex_t r = 0; r < a.num_rows(); ++r)
    for (edge_t k = a.offsets[r]; k < a.offsets[r + 1]; ++k)
      for (std::size_t f = 0; f < width; ++f)
        y[r * width + f] += a.values[k] * x[static_cast<std::size_t>(a.indices[k]) * width + f];
  return y;
}

std::vector<float> random_vector(std::mt19937_64& random, std::size_t size) {
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::vector<float> v(size);
  for (float& x : v) x = value(random);
  return v;
}

}  // namespace

TEST_CASE("check_spmv and check_spmm accept a correct float product") {
  std::mt19937_64 random(std::random_device{}());
  const Graph graph = random_graph(random, 200);
  for (std::size_t width : {1, 3, 16}) {
    const std::vector<float> x = random_vector(random, 200 * width);
    const Check check = check_spmm(graph.out_edges(), x, float_product(graph.out_edges(), x, width), width);
    INFO(check.detail);
    CHECK(check.passed);
    CHECK(check.error < 1e-5);
  }
}

TEST_CASE("check_spmv fails a lost entry, a wrong row, NaN and a short result") {
  std::mt19937_64 random(std::random_device{}());
  const Graph graph = random_graph(random, 100);
  const Csr& a = graph.out_edges();
  const std::vector<float> x = random_vector(random, 100);
  const std::vector<float> good = float_product(a, x, 1);

  // Row 1 misses its largest term: a random term can be small enough to hide
  // inside the check's rounding allowance, the largest of a row's terms is not.
  std::vector<float> lost = good;
  REQUIRE(a.degree(1) > 0);
  float largest = 0.0f;
  for (edge_t k = a.offsets[1]; k < a.offsets[2]; ++k) {
    const float term = a.value(k) * x[static_cast<std::size_t>(a.indices[static_cast<std::size_t>(k)])];
    if (std::abs(term) > std::abs(largest)) largest = term;
  }
  REQUIRE(std::abs(largest) > 1e-3f);
  lost[1] -= largest;
  CHECK_FALSE(check_spmv(a, x, lost).passed);

  std::vector<float> unwritten = good;
  unwritten[99] = std::numeric_limits<float>::quiet_NaN();  // an empty row left poisoned
  CHECK_FALSE(check_spmv(a, x, unwritten).passed);

  std::vector<float> nonzero_empty_row = good;
  REQUIRE(a.degree(99) == 0);
  nonzero_empty_row[99] = 1e-3f;
  CHECK_FALSE(check_spmv(a, x, nonzero_empty_row).passed);

  CHECK_FALSE(check_spmv(a, x, std::vector<float>(good.begin(), good.end() - 1)).passed);
}

TEST_CASE("check_gcn_aggregate follows D^-1/2 (A^T + I) D^-1/2") {
  // Path 0 -> 1 -> 2 (directed): in-degrees 0, 1, 1, so D = 1, 2, 2.
  EdgeList edges;
  edges.num_vertices = 3;
  edges.src = {0, 1};
  edges.dst = {1, 2};
  const Graph graph = Graph::build(edges);
  const std::vector<float> h = {1.0f, 10.0f, 100.0f};
  // out_v = h_v / D_v + sum over in-edges u->v of h_u / sqrt(D_u D_v)
  const std::vector<float> expected = {1.0f, 10.0f / 2 + 1.0f / std::sqrt(2.0f), 100.0f / 2 + 10.0f / 2};
  CHECK(check_gcn_aggregate(graph.in_edges(), h, expected, 1).passed);
  std::vector<float> sum_only = {1.0f, 11.0f, 110.0f};
  CHECK_FALSE(check_gcn_aggregate(graph.in_edges(), h, sum_only, 1).passed);
}

TEST_CASE("exact and L1 comparisons") {
  const std::vector<vertex_t> a = {0, 1, 2, 3};
  CHECK(exact_match(a, a, "labels").passed);
  const std::vector<vertex_t> b = {0, 1, 5, 3};
  const Check differ = exact_match(b, a, "labels");
  CHECK_FALSE(differ.passed);
  CHECK(differ.detail.find("vertex 2") != std::string::npos);
  CHECK_FALSE(exact_match(std::vector<vertex_t>{0, 1}, a, "labels").passed);

  const std::vector<double> reference = {0.25, 0.25, 0.5};
  CHECK(l1_match(std::vector<float>{0.25f, 0.25f, 0.5f}, reference, 1e-4).passed);
  CHECK_FALSE(l1_match(std::vector<float>{0.3f, 0.2f, 0.5f}, reference, 1e-4).passed);
  CHECK_FALSE(l1_match(std::vector<float>{0.25f, std::nanf(""), 0.5f}, reference, 1e-4).passed);
}

TEST_CASE("fingerprints tell vectors apart, order included") {
  const std::vector<vertex_t> a = {1, 2, 3}, b = {3, 2, 1}, c = {1, 2, 3, no_vertex};
  CHECK(fingerprint(a) == fingerprint(std::vector<vertex_t>{1, 2, 3}));
  CHECK(fingerprint(a) != fingerprint(b));
  CHECK(fingerprint(a) != fingerprint(c));
  CHECK(fingerprint(std::vector<vertex_t>{}) != fingerprint(std::vector<vertex_t>{0}));
  // Levels (signed) and ids read the same bits the same way.
  CHECK(fingerprint(std::vector<level_t>{0, no_level}) == fingerprint(std::vector<std::uint32_t>{0, 0xffffffffu}));
  const std::vector<level_t> levels = {1, 2, 3, no_level};
  CHECK(fingerprint(std::span(levels).first(3)) == fingerprint(a));
}
