// reorder_by_degree: the result is the same graph under the permutation it
// reports (every weighted edge mapped, nothing added or lost), its vertices
// come in descending degree with ties by old id, rows stay sorted, and ids()
// still name each vertex by the input's original id.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>

#include "graphrun/graph.hpp"
#include "graphrun/reorder.hpp"

using namespace graphrun;

namespace {

using EdgeMap = std::map<std::pair<vertex_t, vertex_t>, float>;

EdgeMap edges_of(const Csr& csr) {
  EdgeMap edges;
  for (vertex_t u = 0; u < csr.num_rows(); ++u)
    for (edge_t k = csr.offsets[u]; k < csr.offsets[u + 1]; ++k) edges[{u, csr.indices[k]}] = csr.value(k);
  return edges;
}

EdgeList random_edges(std::mt19937_64& rng, vertex_t n, std::size_t m, Symmetry symmetry) {
  EdgeList list;
  list.num_vertices = n;
  list.symmetry = symmetry;
  // A skewed source distribution (hubs), a few isolated vertices at random.
  std::geometric_distribution<vertex_t> skewed(0.05);
  std::uniform_int_distribution<vertex_t> any(0, n - 1);
  for (std::size_t i = 0; i < m; ++i) {
    list.src.push_back(std::min<vertex_t>(skewed(rng), n - 1));
    list.dst.push_back(any(rng));
    list.weights.push_back(static_cast<float>(i % 97) + 0.5f);
  }
  list.ids.ids.resize(static_cast<std::size_t>(n));
  for (vertex_t v = 0; v < n; ++v) list.ids.ids[static_cast<std::size_t>(v)] = 1000 + 3 * static_cast<std::int64_t>(v);
  return list;
}

void check_reordered(const Graph& input) {
  const ReorderedGraph reordered = reorder_by_degree(input);
  const Graph& graph = reordered.graph;
  const std::vector<vertex_t>& order = reordered.order;
  const auto n = static_cast<std::size_t>(input.num_vertices());
  REQUIRE(graph.num_vertices() == input.num_vertices());
  REQUIRE(graph.num_entries() == input.num_entries());
  REQUIRE(graph.directed() == input.directed());
  REQUIRE(order.size() == n);

  std::vector<vertex_t> new_id(n, no_vertex);
  for (std::size_t r = 0; r < n; ++r) {
    REQUIRE(static_cast<std::size_t>(order[r]) < n);
    REQUIRE(new_id[static_cast<std::size_t>(order[r])] == no_vertex);  // a permutation
    new_id[static_cast<std::size_t>(order[r])] = static_cast<vertex_t>(r);
  }

  // Degrees descend, ties by increasing old id.
  std::vector<vertex_t> degree = input.out_degrees();
  if (input.directed()) {
    const auto in = input.in_degrees();
    for (std::size_t v = 0; v < n; ++v) degree[v] += in[v];
  }
  for (std::size_t r = 1; r < n; ++r) {
    const vertex_t a = order[r - 1], b = order[r];
    CHECK((degree[a] > degree[b] || (degree[a] == degree[b] && a < b)));
  }

  // Same edges and weights under the permutation; rows sorted.
  EdgeMap expected;
  for (const auto& [edge, weight] : edges_of(input.out_edges()))
    expected[{new_id[static_cast<std::size_t>(edge.first)], new_id[static_cast<std::size_t>(edge.second)]}] = weight;
  CHECK(edges_of(graph.out_edges()) == expected);
  const Csr& out = graph.out_edges();
  for (vertex_t u = 0; u < out.num_rows(); ++u)
    CHECK(std::is_sorted(out.indices.begin() + out.offsets[u], out.indices.begin() + out.offsets[u + 1]));

  // Original ids follow their vertices, and compact() finds them.
  for (std::size_t r = 0; r < n; ++r) {
    CHECK(graph.ids().original(static_cast<vertex_t>(r)) == input.ids().original(order[r]));
    if (r % 37 == 0)
      CHECK(graph.ids().compact(graph.ids().original(static_cast<vertex_t>(r)), graph.num_vertices()) ==
            static_cast<vertex_t>(r));
  }
}

}  // namespace

TEST_CASE("reorder_by_degree relabels by descending degree and keeps every edge") {
  std::mt19937_64 rng(Catch::rngSeed() + 11);
  for (const Symmetry symmetry : {Symmetry::general, Symmetry::symmetric}) {
    for (const auto& [n, m] : {std::pair<vertex_t, std::size_t>{1, 0}, {1, 3}, {7, 0}, {50, 400}, {3000, 60000}}) {
      INFO("n " << n << " m " << m << " symmetric " << (symmetry == Symmetry::symmetric));
      const EdgeList list = random_edges(rng, n, m, symmetry);
      check_reordered(Graph::build(list));
    }
  }
}

TEST_CASE("reorder_by_degree keeps Matrix Market numbering through ids()") {
  EdgeList list;
  list.num_vertices = 4;
  list.src = {3, 3, 3, 1};
  list.dst = {0, 1, 2, 2};
  const Graph input = Graph::build(list);  // base-1 ids, directed
  const ReorderedGraph reordered = reorder_by_degree(input);
  // Vertex 3 (file id 4) has the most edges, so it comes first.
  CHECK(reordered.order.front() == 3);
  CHECK(reordered.graph.ids().original(0) == 4);
  check_reordered(input);
}

TEST_CASE("reorder_by_degree carries a named graph's names with its vertices") {
  EdgeList edges;
  edges.num_vertices = 4;
  edges.src = {0, 1, 1, 1, 2};
  edges.dst = {1, 0, 2, 3, 3};
  edges.ids.base = 0;
  edges.ids.names = {"a", "b", "c", "d"};
  const Graph graph = Graph::build(edges);
  const ReorderedGraph reordered = reorder_by_degree(graph);
  REQUIRE(reordered.graph.ids().names.size() == 4);
  for (std::size_t r = 0; r < 4; ++r)
    CHECK(reordered.graph.ids().label(static_cast<vertex_t>(r)) == graph.ids().label(reordered.order[r]));
  CHECK(reordered.graph.ids().label(0) == "b");  // b has the most out-edges
  CHECK(reordered.graph.ids().find("d", 4) == static_cast<vertex_t>(
                                                  std::find(reordered.order.begin(), reordered.order.end(), 3) -
                                                  reordered.order.begin()));
}
