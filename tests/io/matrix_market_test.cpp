// Matrix Market reader: valid files with every legal oddity.
#include <catch2/catch.hpp>

#include "graphrun/io/read.hpp"
#include "io/io_test_support.hpp"

using graphrun::EdgeList;
using graphrun::Symmetry;
using graphrun::vertex_t;
using graphrun::io::read_matrix_market;
using graphrun::test::TempDir;

namespace {

std::vector<std::tuple<vertex_t, vertex_t, float>> triples(const EdgeList& edges) {
  std::vector<std::tuple<vertex_t, vertex_t, float>> out;
  for (std::size_t i = 0; i < edges.size(); ++i)
    out.emplace_back(edges.src[i], edges.dst[i], edges.weighted() ? edges.weights[i] : 1.0f);
  return out;
}

}  // namespace

TEST_CASE("a general real file reads as stored, 0-based, in file order", "[io][mtx]") {
  TempDir dir;
  const auto file = dir.write("g.mtx",
                              "%%MatrixMarket matrix coordinate real general\n"
                              "3 3 4\n"
                              "1 2 0.5\n"
                              "3 1 -2\n"
                              "2 2 1e3\n"
                              "1 2 7\n");
  const EdgeList edges = read_matrix_market(file);
  CHECK(edges.num_vertices == 3);
  CHECK(edges.symmetry == Symmetry::general);
  CHECK(edges.ids.base == 1);
  CHECK(edges.ids.ids.empty());
  CHECK(edges.ids.original(2) == 3);
  using T = std::tuple<vertex_t, vertex_t, float>;
  CHECK(triples(edges) == std::vector<T>{{0, 1, 0.5f}, {2, 0, -2.0f}, {1, 1, 1000.0f}, {0, 1, 7.0f}});
}

TEST_CASE("comments, blank lines, CRLF, tabs and stray blanks are all accepted", "[io][mtx]") {
  TempDir dir;
  const auto file = dir.write("odd.mtx",
                              "%%MatrixMarket   Matrix\tCoordinate  REAL General  \r\n"
                              "% a comment\r\n"
                              "\r\n"
                              "   \t\r\n"
                              "%another comment, with 1 2 3 numbers\r\n"
                              "  4\t4   3  \r\n"
                              "\t1\t4\t2.5\t\r\n"
                              "\r\n"
                              "% a comment among the entries\r\n"
                              "4 1    -.25   \r\n"
                              "  2 3 +1.5E+1");  // no newline at the end
  const EdgeList edges = read_matrix_market(file);
  using T = std::tuple<vertex_t, vertex_t, float>;
  CHECK(edges.num_vertices == 4);
  CHECK(triples(edges) == std::vector<T>{{0, 3, 2.5f}, {3, 0, -0.25f}, {1, 2, 15.0f}});
}

TEST_CASE("symmetric and skew-symmetric files keep their entries as stored", "[io][mtx]") {
  TempDir dir;
  using T = std::tuple<vertex_t, vertex_t, float>;
  SECTION("symmetric pattern") {
    const auto file = dir.write("s.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 3\n2 1\n3 1\n3 3\n");
    const EdgeList edges = read_matrix_market(file);
    CHECK(edges.symmetry == Symmetry::symmetric);
    CHECK_FALSE(edges.weighted());
    CHECK(triples(edges) == std::vector<T>{{1, 0, 1.0f}, {2, 0, 1.0f}, {2, 2, 1.0f}});
  }
  SECTION("skew-symmetric real") {
    const auto file =
        dir.write("k.mtx", "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n2 1 4\n3 2 -1\n");
    const EdgeList edges = read_matrix_market(file);
    CHECK(edges.symmetry == Symmetry::skew_symmetric);
    CHECK(triples(edges) == std::vector<T>{{1, 0, 4.0f}, {2, 1, -1.0f}});
  }
}

TEST_CASE("integer fields become float weights", "[io][mtx]") {
  TempDir dir;
  const auto file =
      dir.write("i.mtx", "%%MatrixMarket matrix coordinate integer general\n2 2 3\n1 2 7\n2 1 -3\n2 2 +12\n");
  const EdgeList edges = read_matrix_market(file);
  REQUIRE(edges.weighted());
  CHECK(edges.weights == std::vector<float>{7.0f, -3.0f, 12.0f});
}

TEST_CASE("weights in every notation from_chars knows, tiny ones round to zero", "[io][mtx]") {
  TempDir dir;
  const auto file = dir.write("w.mtx",
                              "%%MatrixMarket matrix coordinate real general\n1 1 7\n"
                              "1 1 1\n1 1 -0.5\n1 1 .125\n1 1 3.\n1 1 2E2\n1 1 1e-50\n1 1 -1e-400\n");
  const EdgeList edges = read_matrix_market(file);
  CHECK(edges.weights == std::vector<float>{1.0f, -0.5f, 0.125f, 3.0f, 200.0f, 0.0f, 0.0f});
}

TEST_CASE("degenerate sizes: no vertices, one vertex, no entries", "[io][mtx]") {
  TempDir dir;
  SECTION("0 x 0") {
    const EdgeList edges =
        read_matrix_market(dir.write("e.mtx", "%%MatrixMarket matrix coordinate pattern general\n0 0 0\n"));
    CHECK(edges.num_vertices == 0);
    CHECK(edges.size() == 0);
  }
  SECTION("1 x 1 with a self-loop") {
    const EdgeList edges =
        read_matrix_market(dir.write("one.mtx", "%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 2\n"));
    CHECK(edges.num_vertices == 1);
    CHECK(triples(edges) == std::vector<std::tuple<vertex_t, vertex_t, float>>{{0, 0, 2.0f}});
  }
  SECTION("entries declared 0, trailing comments and blank lines") {
    const EdgeList edges =
        read_matrix_market(dir.write("z.mtx", "%%MatrixMarket matrix coordinate real general\n5 5 0\n% nothing\n\n"));
    CHECK(edges.num_vertices == 5);
    CHECK(edges.size() == 0);
    CHECK_FALSE(edges.weighted());
  }
}

TEST_CASE("banner keywords are case-insensitive and 'double' means real", "[io][mtx]") {
  TempDir dir;
  const auto file = dir.write("c.mtx", "%%matrixmarket MATRIX coordinate double SYMMETRIC\n2 2 1\n2 1 3\n");
  const EdgeList edges = read_matrix_market(file);
  CHECK(edges.symmetry == Symmetry::symmetric);
  CHECK(edges.weights == std::vector<float>{3.0f});
}

TEST_CASE("ignore_weights reads the structure of files whose weights are unusable", "[io][mtx]") {
  TempDir dir;
  graphrun::io::ReadOptions structure_only;
  structure_only.ignore_weights = true;
  const auto file =
      dir.write("inf.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 3\n1 2 inf\n2 3 nan\n3 1 1e99\n");
  const EdgeList edges = read_matrix_market(file, structure_only);
  CHECK_FALSE(edges.weighted());
  CHECK(edges.src == std::vector<vertex_t>{0, 1, 2});
  CHECK(edges.dst == std::vector<vertex_t>{1, 2, 0});
  CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 3, "value 'inf' is not finite");
  // Still a number is required where the value belongs.
  const auto bad = dir.write(
      "bad.mtx", "%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 2 99999999999999999999\n2 3 x\n");
  CHECK_INPUT_ERROR([&] { read_matrix_market(bad, structure_only); }, bad, 4, "expected an integer value");
}
