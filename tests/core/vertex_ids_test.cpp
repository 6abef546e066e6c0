// The id rules of types.hpp: is_vertex and is_vertex_count hold at the edges
// of the range whatever vertex_t's signedness, and the sentinels stay
// outside every graph's ids.
#include <catch2/catch.hpp>

#include <cstdint>
#include <type_traits>

#include "graphrun/error.hpp"
#include "graphrun/graph.hpp"
#include "graphrun/types.hpp"

using namespace graphrun;

TEST_CASE("is_vertex accepts 0..n-1 and nothing else") {
  CHECK(is_vertex(0, 1));
  CHECK_FALSE(is_vertex(1, 1));
  CHECK_FALSE(is_vertex(0, 0));
  CHECK_FALSE(is_vertex(no_vertex, 5));
  const auto largest = static_cast<vertex_t>(max_vertices);
  CHECK(is_vertex(largest - 1, largest));
  CHECK_FALSE(is_vertex(largest, largest));
  CHECK_FALSE(is_vertex(no_vertex, largest));  // the sentinel is never an id
}

TEST_CASE("is_vertex_count takes 0..max_vertices, widened") {
  CHECK(is_vertex_count(0));
  CHECK(is_vertex_count(max_vertices));
  CHECK_FALSE(is_vertex_count(max_vertices + 1));
  CHECK_FALSE(is_vertex_count(-1));
  CHECK_FALSE(is_vertex_count(std::int64_t{1} << 32));
}

TEST_CASE("a level is signed: no_level sorts below level 0") {
  CHECK(no_level < 0);
  CHECK(std::is_signed_v<level_t>);
  CHECK(sizeof(level_t) == 4);
}

TEST_CASE("an edge list's vertex count is checked against max_vertices") {
  EdgeList edges;
  edges.num_vertices = -1;
  CHECK_THROWS_WITH(Graph::build(edges), Catch::Contains("a graph has 0..4294967294"));
  edges.num_vertices = 3;
  edges.src = {0, 2};
  edges.dst = {1, 3};  // 3 is not a vertex of 3
  CHECK_THROWS_WITH(Graph::build(edges), Catch::Contains("outside 0..2"));
  edges.dst = {1, no_vertex};
  CHECK_THROWS_WITH(Graph::build(edges), Catch::Contains("outside 0..2"));
  edges.dst = {1, 2};
  CHECK(Graph::build(edges).num_entries() == 2);
}
