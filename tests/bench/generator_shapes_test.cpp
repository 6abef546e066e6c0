// The structure each generator promises: banded and road degree ranges, road's
// long diameter, kron's power-law skew against uniform's flat degrees.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <numeric>
#include <set>
#include <utility>

#include "bench/src/reference/traversal.hpp"
#include "graphrun/generate.hpp"
#include "graphrun/graph.hpp"

using namespace graphrun;

namespace {

GeneratorSpec spec_of(GeneratorKind kind, int scale, std::uint64_t seed = 5) {
  GeneratorSpec spec;
  spec.kind = kind;
  spec.scale = scale;
  spec.seed = seed;
  return spec;
}

// Endpoint counts of the edge list, each undirected entry counted at both
// ends (a self-loop once): the degrees Graph::build will give when there are
// no duplicates.
std::vector<std::int64_t> raw_degrees(const EdgeList& edges) {
  std::vector<std::int64_t> degree(static_cast<std::size_t>(edges.num_vertices), 0);
  for (std::size_t e = 0; e < edges.size(); ++e) {
    ++degree[static_cast<std::size_t>(edges.src[e])];
    if (edges.symmetry != Symmetry::general && edges.src[e] != edges.dst[e]) ++degree[static_cast<std::size_t>(edges.dst[e])];
  }
  return degree;
}

bool has_duplicates(const EdgeList& edges) {
  std::set<std::pair<vertex_t, vertex_t>> seen;
  for (std::size_t e = 0; e < edges.size(); ++e)
    if (!seen.emplace(edges.src[e], edges.dst[e]).second) return true;
  return false;
}

// Share of all degree held by the top `fraction` of vertices.
double top_share(std::vector<vertex_t> degree, double fraction) {
  std::sort(degree.begin(), degree.end(), std::greater<>());
  const auto top = static_cast<std::size_t>(std::ceil(fraction * static_cast<double>(degree.size())));
  const double total = std::accumulate(degree.begin(), degree.end(), 0.0);
  return std::accumulate(degree.begin(), degree.begin() + static_cast<std::ptrdiff_t>(top), 0.0) / total;
}

}  // namespace

TEST_CASE("banded: exactly k*n - k(k+1)/2 edges, degrees k..2k, no duplicates") {
  for (int band : {1, 3, 8}) {
    GeneratorSpec spec = spec_of(GeneratorKind::banded, 10);
    spec.band_width = band;
    const EdgeList edges = generate(spec);
    const std::int64_t n = 1 << 10;
    CHECK(static_cast<std::int64_t>(edges.size()) == band * n - band * (band + 1) / 2);
    CHECK_FALSE(has_duplicates(edges));
    const std::vector<std::int64_t> degree = raw_degrees(edges);
    CHECK(*std::min_element(degree.begin(), degree.end()) == band);
    CHECK(*std::max_element(degree.begin(), degree.end()) == 2 * band);
    CHECK(degree[static_cast<std::size_t>(n / 2)] == 2 * band);
    for (std::size_t e = 0; e < edges.size(); ++e) {
      REQUIRE(edges.src[e] > edges.dst[e]);
      REQUIRE(std::int64_t{edges.src[e]} - edges.dst[e] <= band);
    }
  }
}

TEST_CASE("banded with a band wider than the graph is the complete graph") {
  GeneratorSpec spec = spec_of(GeneratorKind::banded, 2);  // 4 vertices, band 8 -> clamped to 3
  const EdgeList edges = generate(spec);
  CHECK(edges.num_vertices == 4);
  CHECK(edges.size() == 6);
  CHECK_FALSE(has_duplicates(edges));
}

TEST_CASE("mesh: the 27-point stencil's edges exactly, degrees 7..26, no duplicates") {
  for (int scale : {1, 3, 7, 11}) {
    INFO("scale " << scale);
    const EdgeList edges = generate(spec_of(GeneratorKind::mesh, scale));
    const std::int64_t nx = 1 << (scale / 3), ny = 1 << ((scale + 1) / 3), nz = 1 << ((scale + 2) / 3);
    REQUIRE(edges.num_vertices == nx * ny * nz);
    REQUIRE(edges.num_vertices == vertex_t{1} << scale);
    // Unordered neighbour pairs: for each of the 13 forward directions, the
    // cells whose neighbour in that direction exists.
    std::int64_t expected = 0;
    for (int dx = -1; dx <= 1; ++dx)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz)
          if (dx || dy || dz) expected += (nx - std::abs(dx)) * (ny - std::abs(dy)) * (nz - std::abs(dz));
    CHECK(static_cast<std::int64_t>(edges.size()) == expected / 2);
    CHECK_FALSE(has_duplicates(edges));
    for (std::size_t e = 0; e < edges.size(); ++e) {
      const std::int64_t a = edges.dst[e], b = edges.src[e];
      REQUIRE(a < b);
      REQUIRE(std::abs(b % nx - a % nx) <= 1);
      REQUIRE(std::abs(b / nx % ny - a / nx % ny) <= 1);
      REQUIRE(std::abs(b / (nx * ny) - a / (nx * ny)) <= 1);
    }
    if (scale == 11) {  // 8 x 16 x 16: corners have 7 neighbours, the interior 26
      const std::vector<std::int64_t> degree = raw_degrees(edges);
      CHECK(*std::min_element(degree.begin(), degree.end()) == 7);
      CHECK(*std::max_element(degree.begin(), degree.end()) == 26);
      const Graph graph = Graph::build(edges);
      const std::vector<level_t> level = bench::bfs_levels(graph, 0);
      CHECK(*std::max_element(level.begin(), level.end()) == 15);  // corner to far corner: the longest side - 1
    }
  }
}

TEST_CASE("road: grid-neighbour edges only, degrees 0..6 with mean 2..4, no duplicates") {
  const int scale = 14;  // 128 x 128
  const EdgeList edges = generate(spec_of(GeneratorKind::road, scale));
  const vertex_t columns = 1 << (scale - scale / 2);
  CHECK(edges.num_vertices == 1 << scale);
  CHECK_FALSE(has_duplicates(edges));
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const vertex_t a = edges.dst[e], b = edges.src[e];  // a < b
    REQUIRE(a < b);
    const std::int64_t row_step = std::int64_t{b / columns} - a / columns;
    const std::int64_t column_step = std::int64_t{b % columns} - a % columns;
    REQUIRE(row_step >= 0);
    REQUIRE(row_step <= 1);
    REQUIRE(column_step >= 0);
    REQUIRE(column_step <= 1);
  }
  const std::vector<std::int64_t> degree = raw_degrees(edges);
  CHECK(*std::max_element(degree.begin(), degree.end()) <= 6);
  const double mean = 2.0 * static_cast<double>(edges.size()) / edges.num_vertices;
  CHECK(mean >= 2.0);
  CHECK(mean <= 4.0);
  const auto low_or_mid = std::count_if(degree.begin(), degree.end(), [](std::int64_t d) { return d >= 2 && d <= 4; });
  CHECK(static_cast<double>(low_or_mid) / edges.num_vertices > 0.8);
}

TEST_CASE("road has a long diameter, kron a short one") {
  const int scale = 12;  // 64 x 64 grid
  const Graph road = Graph::build(generate(spec_of(GeneratorKind::road, scale)));
  const Graph kron = Graph::build(generate(spec_of(GeneratorKind::kron, scale)));
  auto depth_from_hub = [](const Graph& graph) {
    const std::vector<vertex_t> degree = graph.out_degrees();
    const auto hub = static_cast<vertex_t>(std::max_element(degree.begin(), degree.end()) - degree.begin());
    const std::vector<level_t> level = bench::bfs_levels(graph, hub);
    const auto reached = std::count_if(level.begin(), level.end(), [](level_t l) { return l != no_level; });
    return std::make_pair(*std::max_element(level.begin(), level.end()), reached);
  };
  const auto [road_depth, road_reached] = depth_from_hub(road);
  const auto [kron_depth, kron_reached] = depth_from_hub(kron);
  // The road graph's giant component spans the grid: its eccentricity is of
  // the order of the side (64), unlike the small-world kron graph.
  CHECK(road_reached > road.num_vertices() / 2);
  CHECK(road_depth >= 32);
  CHECK(kron_reached > 100);
  CHECK(kron_depth <= 12);
}

TEST_CASE("kron degrees are power-law skewed, uniform degrees are not") {
  const int scale = 13;
  const Graph kron = Graph::build(generate(spec_of(GeneratorKind::kron, scale)));
  const Graph uniform = Graph::build(generate(spec_of(GeneratorKind::uniform, scale)));
  const std::vector<vertex_t> kron_degree = kron.out_degrees();
  const std::vector<vertex_t> uniform_degree = uniform.out_degrees();
  const double kron_mean = static_cast<double>(kron.num_entries()) / kron.num_vertices();
  const double uniform_mean = static_cast<double>(uniform.num_entries()) / uniform.num_vertices();
  const double kron_max = *std::max_element(kron_degree.begin(), kron_degree.end());
  const double uniform_max = *std::max_element(uniform_degree.begin(), uniform_degree.end());
  CHECK(kron_max > 20 * kron_mean);
  CHECK(uniform_max < 3 * uniform_mean);
  // The top 1% of kron vertices hold a large share of all edges ...
  CHECK(top_share(kron_degree, 0.01) > 0.2);
  CHECK(top_share(uniform_degree, 0.01) < 0.03);
  // ... and Graph500 leaves many vertices isolated.
  CHECK(std::count(kron_degree.begin(), kron_degree.end(), 0) > kron.num_vertices() / 10);
  // The relabelling spreads hubs over the id range: without it the R-MAT
  // recursion puts the largest degree at vertex 0.
  CHECK(std::max_element(kron_degree.begin(), kron_degree.end()) - kron_degree.begin() != 0);
}
