// Graph::build and transpose against an independent reference: a std::map
// from (u, v) to the merged weight, built straight from the edge list.
#include <catch2/catch.hpp>
#include <omp.h>

#include <map>
#include <random>

#include "graphrun/error.hpp"
#include "graphrun/graph.hpp"

using namespace graphrun;

namespace {

using Reference = std::map<std::pair<vertex_t, vertex_t>, float>;

Reference reference_edges(const EdgeList& e, bool undirected, bool drop_loops, DuplicatePolicy policy) {
  Reference ref;
  const float sign = e.symmetry == Symmetry::skew_symmetric ? -1.0f : 1.0f;
  auto put = [&](vertex_t u, vertex_t v, float w) {
    auto [it, fresh] = ref.emplace(std::make_pair(u, v), w);
    if (fresh) return;
    switch (policy) {
      case DuplicatePolicy::keep_first: break;
      case DuplicatePolicy::sum: it->second += w; break;
      case DuplicatePolicy::min: it->second = std::min(it->second, w); break;
      case DuplicatePolicy::max: it->second = std::max(it->second, w); break;
    }
  };
  for (std::size_t i = 0; i < e.size(); ++i) {
    const vertex_t u = e.src[i], v = e.dst[i];
    const float w = e.weighted() ? e.weights[i] : 1.0f;
    if (drop_loops && u == v) continue;
    put(u, v, w);
    if (undirected && u != v) put(v, u, sign * w);
  }
  return ref;
}

Reference csr_edges(const Csr& csr) {
  Reference got;
  for (vertex_t r = 0; r < csr.num_rows(); ++r)
    for (edge_t k = csr.offsets[r]; k < csr.offsets[r + 1]; ++k) got[{r, csr.indices[k]}] = csr.value(k);
  return got;
}

void require_csr_invariants(const Csr& csr, vertex_t n) {
  REQUIRE(csr.offsets.size() == static_cast<std::size_t>(n) + 1);
  REQUIRE(csr.offsets.front() == 0);
  REQUIRE(csr.offsets.back() == csr.num_entries());
  for (vertex_t r = 0; r < n; ++r) {
    REQUIRE(csr.offsets[r] <= csr.offsets[r + 1]);
    for (edge_t k = csr.offsets[r]; k < csr.offsets[r + 1]; ++k) {
      REQUIRE(is_vertex(csr.indices[k], n));
      if (k > csr.offsets[r]) REQUIRE(csr.indices[k - 1] < csr.indices[k]);  // sorted, no duplicates
    }
  }
}

EdgeList random_edges(std::mt19937_64& rng, vertex_t n, std::size_t m, bool weighted) {
  EdgeList e;
  e.num_vertices = n;
  std::uniform_int_distribution<vertex_t> vertex(0, n - 1);
  std::uniform_int_distribution<int> weight(1, 9);  // small integers: sums are exact in float
  for (std::size_t i = 0; i < m; ++i) {
    // A skewed source distribution gives a few long rows and many empty ones.
    const vertex_t u = (i % 3 == 0) ? vertex(rng) % std::max<vertex_t>(1, n / 50) : vertex(rng);
    e.src.push_back(u);
    e.dst.push_back(vertex(rng));
    if (weighted) e.weights.push_back(static_cast<float>(weight(rng)));
  }
  return e;
}

}  // namespace

TEST_CASE("build matches the reference for every policy, symmetry and self-loop option", "[graph]") {
  std::random_device seed_source;
  const auto seed = seed_source();
  INFO("seed " << seed);
  std::mt19937_64 rng(seed);
  for (const Symmetry symmetry : {Symmetry::general, Symmetry::symmetric, Symmetry::skew_symmetric}) {
    for (const auto policy : {DuplicatePolicy::keep_first, DuplicatePolicy::sum, DuplicatePolicy::min, DuplicatePolicy::max}) {
      for (const bool drop : {false, true}) {
        EdgeList e = random_edges(rng, 300, 5000, true);
        e.symmetry = symmetry;
        BuildOptions options;
        options.duplicates = policy;
        options.drop_self_loops = drop;
        const Graph g = Graph::build(e, options);
        const bool undirected = symmetry != Symmetry::general;
        CHECK(g.directed() == !undirected);
        require_csr_invariants(g.out_edges(), 300);
        const Reference expected = reference_edges(e, undirected, drop, policy);
        CHECK(csr_edges(g.out_edges()) == expected);
        std::uint64_t loops = 0;
        for (const auto& [key, w] : expected) loops += key.first == key.second;
        CHECK(g.stats().self_loops == loops);
        CHECK(g.stats().file_entries == e.size());
      }
    }
  }
}

TEST_CASE("keep_first keeps the first occurrence in file order whatever the thread count", "[graph]") {
  EdgeList e;
  e.num_vertices = 3;
  for (int i = 0; i < 20000; ++i) {  // the same edge many times, distinct weights
    e.src.push_back(1);
    e.dst.push_back(2);
    e.weights.push_back(static_cast<float>(i + 1));
  }
  for (const int threads : {1, 2, 4}) {
    omp_set_num_threads(threads);
    const Graph g = Graph::build(e);
    REQUIRE(g.num_entries() == 1);
    CHECK(g.out_edges().values[0] == 1.0f);
    CHECK(g.stats().duplicates_merged == 19999);
  }
  omp_set_num_threads(omp_get_num_procs());
}

TEST_CASE("large parallel builds equal the serial reference: file-order sums, long rows, every thread count", "[graph]") {
  // Above the parallel threshold, with hub rows long enough for the radix
  // row sort and duplicates in every block of the in-place compaction.
  // Weights are not small integers, so a sum taken out of file order differs.
  std::random_device seed_source;
  const auto seed = seed_source();
  INFO("seed " << seed);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> fraction(0.001f, 1.0f);
  for (const Symmetry symmetry : {Symmetry::general, Symmetry::symmetric}) {
    EdgeList e = random_edges(rng, 3000, 120000, true);
    for (float& w : e.weights) w = fraction(rng);
    e.symmetry = symmetry;
    for (const auto policy : {DuplicatePolicy::keep_first, DuplicatePolicy::sum}) {
      BuildOptions options;
      options.duplicates = policy;
      const Reference expected = reference_edges(e, symmetry != Symmetry::general, false, policy);
      for (const int threads : {1, 2, 3, 4}) {
        INFO("threads " << threads);
        omp_set_num_threads(threads);
        const Graph g = Graph::build(e, options);
        require_csr_invariants(g.out_edges(), 3000);
        CHECK(csr_edges(g.out_edges()) == expected);
        if (symmetry == Symmetry::general) {
          const Csr& in = g.in_edges();
          require_csr_invariants(in, 3000);
          Reference transposed;
          for (const auto& [key, w] : expected) transposed[{key.second, key.first}] = w;
          CHECK(csr_edges(in) == transposed);
        }
      }
      EdgeList given_up = e;  // the rvalue build frees the list and keeps its ids
      given_up.ids.base = 7;
      const Graph moved = Graph::build(std::move(given_up), options);
      CHECK(csr_edges(moved.out_edges()) == expected);
      CHECK(moved.ids().original(0) == 7);
    }
    EdgeList pattern = e;  // pattern graphs: unit weights, merged duplicates
    pattern.weights.clear();
    const Graph p = Graph::build(pattern);
    Reference unit = reference_edges(pattern, symmetry != Symmetry::general, false, DuplicatePolicy::keep_first);
    CHECK(csr_edges(p.out_edges()) == unit);
  }
  omp_set_num_threads(omp_get_num_procs());
}

TEST_CASE("the undirected option symmetrizes a general list, and a symmetric list cannot be read as directed", "[graph]") {
  EdgeList e;
  e.num_vertices = 3;
  e.src = {0, 1, 2};
  e.dst = {1, 0, 2};
  BuildOptions undirected;
  undirected.undirected = true;
  const Graph g = Graph::build(e, undirected);
  CHECK_FALSE(g.directed());
  CHECK(g.num_entries() == 3);  // 0-1, 1-0 (merged duplicates) and the self-loop once
  CHECK(g.stats().duplicates_merged == 2);

  e.symmetry = Symmetry::symmetric;
  BuildOptions directed;
  directed.undirected = false;
  CHECK_THROWS_AS(Graph::build(e, directed), UsageError);
}

TEST_CASE("edge cases: no vertices, no edges, one vertex with a self-loop", "[graph]") {
  EdgeList empty;
  const Graph g0 = Graph::build(empty);
  CHECK(g0.num_vertices() == 0);
  CHECK(g0.num_entries() == 0);
  CHECK(g0.in_edges().num_entries() == 0);

  EdgeList isolated;
  isolated.num_vertices = 5;
  const Graph g1 = Graph::build(isolated);
  require_csr_invariants(g1.out_edges(), 5);
  CHECK(g1.out_degrees() == std::vector<vertex_t>(5, 0));

  EdgeList loop;
  loop.num_vertices = 1;
  loop.src = {0};
  loop.dst = {0};
  const Graph g2 = Graph::build(loop);
  CHECK(g2.num_entries() == 1);
  CHECK(g2.stats().self_loops == 1);
  BuildOptions drop;
  drop.drop_self_loops = true;
  const Graph g3 = Graph::build(loop, drop);
  CHECK(g3.num_entries() == 0);
  CHECK(g3.stats().self_loops_dropped == 1);
}

TEST_CASE("ids outside 0..n-1 and mismatched arrays are refused", "[graph]") {
  EdgeList e;
  e.num_vertices = 2;
  e.src = {0, 2};
  e.dst = {1, 0};
  CHECK_THROWS_AS(Graph::build(e), UsageError);
  e.src = {0, no_vertex};
  CHECK_THROWS_AS(Graph::build(e), UsageError);
  e.src = {0, 1};
  e.weights = {1.0f};
  CHECK_THROWS_AS(Graph::build(e), UsageError);
}

TEST_CASE("in-edges are the exact transpose, degrees agree, undirected graphs share the CSR", "[graph]") {
  std::random_device seed_source;
  const auto seed = seed_source();
  INFO("seed " << seed);
  std::mt19937_64 rng(seed);
  const EdgeList e = random_edges(rng, 1000, 20000, true);
  const Graph g = Graph::build(e);
  const Csr& in = g.in_edges();
  require_csr_invariants(in, 1000);
  Reference transposed;
  for (const auto& [key, w] : csr_edges(g.out_edges())) transposed[{key.second, key.first}] = w;
  CHECK(csr_edges(in) == transposed);

  std::vector<vertex_t> in_degree(1000, 0), out_degree(1000, 0);
  for (const auto& [key, w] : transposed) {
    ++in_degree[key.first];
    ++out_degree[key.second];
  }
  CHECK(g.in_degrees() == in_degree);
  CHECK(g.out_degrees() == out_degree);

  BuildOptions undirected;
  undirected.undirected = true;
  const Graph u = Graph::build(e, undirected);
  CHECK(&u.in_edges() == &u.out_edges());
  CHECK(u.in_degrees() == u.out_degrees());
}

TEST_CASE("from_csr_and_transpose adopts a known transpose and refuses a mismatched one", "[graph]") {
  std::mt19937_64 rng(7);
  const Graph g = Graph::build(random_edges(rng, 300, 4000, true));
  const Graph adopted = Graph::from_csr_and_transpose(g.out_edges(), g.in_edges(), IdMap{});
  CHECK(adopted.directed());
  CHECK(adopted.in_edges().offsets == g.in_edges().offsets);
  CHECK(adopted.in_edges().indices == g.in_edges().indices);
  CHECK(adopted.in_edges().values == g.in_edges().values);
  CHECK(adopted.in_degrees() == g.in_degrees());

  Csr short_of_an_entry = g.in_edges();
  short_of_an_entry.indices.pop_back();
  if (!short_of_an_entry.values.empty()) short_of_an_entry.values.pop_back();
  short_of_an_entry.offsets.back() -= 1;
  CHECK_THROWS_AS(Graph::from_csr_and_transpose(g.out_edges(), short_of_an_entry, IdMap{}), UsageError);
  Csr unweighted = g.in_edges();
  unweighted.values.clear();
  CHECK_THROWS_AS(Graph::from_csr_and_transpose(g.out_edges(), unweighted, IdMap{}), UsageError);
  CHECK_NOTHROW(Graph::from_csr_and_transpose(Csr{}, Csr{}, IdMap{}));
}

TEST_CASE("IdMap maps original ids both ways", "[graph]") {
  IdMap base1;
  CHECK(base1.original(0) == 1);
  CHECK(base1.compact(5, 10) == 4);
  CHECK(base1.compact(0, 10) == no_vertex);
  CHECK(base1.compact(11, 10) == no_vertex);
  IdMap sparse;
  sparse.ids = {-7, 3, 1000000000000LL};
  CHECK(sparse.original(2) == 1000000000000LL);
  CHECK(sparse.compact(3, 3) == 1);
  CHECK(sparse.compact(4, 3) == no_vertex);
}

TEST_CASE("a sum of duplicate weights that overflows float is an input error naming the edge", "[graph]") {
  EdgeList e;
  e.num_vertices = 3;
  e.src = {0, 1, 1, 2};
  e.dst = {1, 2, 2, 0};
  e.weights = {1.0f, 3e38f, 3e38f, 1.0f};
  e.ids.base = 1;  // the file's ids: 1, 2, 3
  BuildOptions sum;
  sum.duplicates = DuplicatePolicy::sum;
  sum.source = "g.mtx";
  try {
    (void)Graph::build(e, sum);
    FAIL("expected an InputError");
  } catch (const InputError& error) {
    CHECK(error.file() == "g.mtx");
    CHECK_THAT(error.reason(), Catch::Contains("edge 2 -> 3") && Catch::Contains("32-bit float"));
  }
  BuildOptions max = sum;
  max.duplicates = DuplicatePolicy::max;
  CHECK(Graph::build(e, max).num_entries() == 3);  // the same weights merge fine by max
  e.weights = {1.0f, 1e38f, 1e38f, 1.0f};
  CHECK(Graph::build(e, sum).out_edges().values[1] == 2e38f);  // large but finite
}
