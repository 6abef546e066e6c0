// LDBC Graphalytics datasets (NAME.v, NAME.e, NAME.properties): the vertex
// file fixes the vertex set (isolated vertices kept), the properties file the
// direction, and bad vertex files or edges to unlisted vertices are errors.
#include <catch2/catch.hpp>

#include "graphrun/io/read.hpp"
#include "io/io_test_support.hpp"

using graphrun::EdgeList;
using graphrun::Symmetry;
using graphrun::vertex_t;
using graphrun::io::Format;
using graphrun::io::read_ldbc;
using graphrun::test::TempDir;

TEST_CASE("an LDBC pair reads with its vertex set and direction", "[io][ldbc]") {
  TempDir dir;
  dir.write("g.v", "# vertices\n30\n10\n20\n99\n");
  const auto edges_file = dir.write("g.e", "10 20 0.5\n20 30 1.5\n30 10 2\n");
  const EdgeList edges = read_ldbc(edges_file);
  CHECK(edges.num_vertices == 4);  // 99 has no edge and stays
  CHECK(edges.ids.ids == std::vector<std::int64_t>{10, 20, 30, 99});
  CHECK(edges.src == std::vector<vertex_t>{0, 1, 2});
  CHECK(edges.dst == std::vector<vertex_t>{1, 2, 0});
  CHECK(edges.weights == std::vector<float>{0.5f, 1.5f, 2.0f});
  CHECK(edges.symmetry == Symmetry::general);
  CHECK(graphrun::io::detect_format(edges_file) == Format::ldbc);
  CHECK(graphrun::io::detect_format(dir.path("g.v")) == Format::ldbc);

  dir.write("g.properties", "graph.g.directed = false\ngraph.g.vertex-file = g.v\n");
  CHECK(read_ldbc(dir.path("g.v")).symmetry == Symmetry::symmetric);
  CHECK(graphrun::io::parse_format("ldbc") == Format::ldbc);
  CHECK(graphrun::io::detect_format(dir.write("lonely.e", "1 2\n")) == Format::edge_list);  // no lonely.v
}

TEST_CASE("LDBC vertex files and edges to unlisted vertices are checked", "[io][ldbc][errors]") {
  TempDir dir;
  dir.write("a.e", "1 2\n");
  const auto repeated = dir.write("a.v", "1\n2\n1\n");
  CHECK_INPUT_ERROR([&] { read_ldbc(repeated); }, repeated, 3, "vertex 1 is listed twice (lines 1 and 3)");
  dir.write("b.e", "1 2\n");
  const auto text = dir.write("b.v", "1\nx\n");
  CHECK_INPUT_ERROR([&] { read_ldbc(text); }, text, 2, "expected one non-negative vertex id per line, found 'x'");
  const auto empty = dir.write("c.v", "# none\n");
  dir.write("c.e", "1 2\n");
  CHECK_INPUT_ERROR([&] { read_ldbc(empty); }, empty, 1, "no vertex ids");
  dir.write("d.v", "1\n2\n");
  const auto missing = dir.write("d.e", "1 2\n2 7\n");
  CHECK_INPUT_ERROR([&] { read_ldbc(missing); }, missing, 0, "an edge has endpoint 7, which");
}
