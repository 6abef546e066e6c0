// METIS .graph reader: line i is vertex i, so the examples are read across
// every block size (line numbers must stay exact when blocks and threads
// split the file), with each fmt flag; malformed files are InputErrors
// naming the file, the line and the rule.
#include <catch2/catch.hpp>

#include <tuple>

#include "graphrun/io/read.hpp"
#include "io/io_test_support.hpp"

using graphrun::EdgeList;
using graphrun::Symmetry;
using graphrun::vertex_t;
using graphrun::io::read_metis;
using graphrun::io::ReadOptions;
using graphrun::test::TempDir;

namespace {

// The 4-cycle 1-2-3-4 with the chord 1-3, a fifth vertex without edges,
// and the weights 7, 3, 2, 5, 6 on 1-2, 1-3, 1-4, 2-3, 3-4.
constexpr const char* weighted_example =
    "% METIS manual style\n"
    "5 5 001\n"
    "2 7 3 3 4 2\n"
    "1 7 3 5\n"
    "1 3 2 5 4 6\n"
    "1 2 3 6\n"
    "\n";

void check_example(const EdgeList& edges, bool weighted) {
  CHECK(edges.num_vertices == 5);
  CHECK(edges.symmetry == Symmetry::symmetric);
  // The lower triangle in file order: (2,1), (3,1), (3,2), (4,1), (4,3).
  CHECK(edges.src == std::vector<vertex_t>{1, 2, 2, 3, 3});
  CHECK(edges.dst == std::vector<vertex_t>{0, 0, 1, 0, 2});
  if (weighted)
    CHECK(edges.weights == std::vector<float>{7, 3, 5, 2, 6});
  else
    CHECK(edges.weights.empty());
  CHECK(edges.ids.base == 1);
}

}  // namespace

TEST_CASE("a METIS graph reads by line position in any block size", "[io][metis]") {
  TempDir dir;
  const auto file = dir.write("g.graph", weighted_example);
  check_example(read_metis(file), true);
  for (const std::size_t block : {1, 3, 8, 17, 64}) {
    INFO("block bytes " << block);
    ReadOptions options;
    options.block_bytes = block;
    check_example(read_metis(file, options), true);
  }
  ReadOptions structure;
  structure.ignore_weights = true;
  check_example(read_metis(file, structure), false);
  check_example(graphrun::io::read_edges(dir.write_gzip("g.graph.gz", weighted_example)), true);
  CHECK(graphrun::io::detect_format("/nowhere/x.graph") == graphrun::io::Format::metis);
}

TEST_CASE("METIS vertex sizes and weights are read and dropped", "[io][metis]") {
  TempDir dir;
  // fmt 111 with ncon 2: size, two vertex weights, then (neighbour, weight) pairs.
  const auto file = dir.write("full.graph",
                              "3 2 111 2\n"
                              "1 4 5 2 9\n"
                              "1 4 5 1 9 3 8\n"
                              "2 0 0 2 8\n");
  const EdgeList edges = read_metis(file);
  CHECK(edges.num_vertices == 3);
  CHECK(edges.src == std::vector<vertex_t>{1, 2});
  CHECK(edges.dst == std::vector<vertex_t>{0, 1});
  CHECK(edges.weights == std::vector<float>{9, 8});
  // fmt 10: one vertex weight, no edge weights.
  const EdgeList unweighted = read_metis(dir.write("vw.graph", "2 1 10\n5 2\n6 1\n"));
  CHECK(unweighted.weights.empty());
  CHECK(unweighted.src == std::vector<vertex_t>{1});
}

TEST_CASE("METIS problems name their line", "[io][metis][errors]") {
  TempDir dir;
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"% only\n", 1, "no header"},
      {"4\n", 1, "needs at least the vertex and edge counts"},
      {"x 2\n", 1, "expected the header '<vertices> <edges> [fmt [ncon]]', found 'x'"},
      {"2 1 2\n2\n1\n", 1, "fmt '2' must be up to three 0/1 flags"},
      {"2 1 1 3\n2 1\n1 1\n", 1, "ncon is given but fmt '1' has no vertex weights"},
      {"2 1 0 0 9\n", 1, "unexpected extra field '9'"},
      {"2 1\n2\n% note\n", 3, "a comment among the adjacency lines"},
      {"2 1\n3\n1\n", 2, "neighbour 3 is outside 1..2"},
      {"2 1\n1\n1\n", 2, "vertex 1 lists itself"},
      {"2 1\nb\n1\n", 2, "expected a neighbour id, found 'b'"},
      {"2 1 1\n2 1\n1\n", 3, "neighbour 1 has no weight"},
      {"2 1 1\n2 w\n1 1\n", 2, "expected a real edge weight, found 'w'"},
      {"2 1 10\n\n1 1\n", 2, "expected the vertex weight the header's fmt announces, found ''"},
      {"2 1\n2\n1\n1\n", 4, "more adjacency lines than the 2 vertices"},
      {"3 1\n2\n1\n", 3, "the file ends after 2 of the 3 adjacency lines"},
      {"3 2\n2\n1\n\n", 1, "the adjacency lists hold 2 entries (1 to a smaller id) for the 2 edges"},
      {"3 1\n2 3\n\n\n", 1, "each edge must appear in both of its vertices' lists"},
  };
  for (const auto& [text, line, reason] : cases) {
    INFO(text);
    const auto file = dir.write("bad.graph", text);
    CHECK_INPUT_ERROR([&] { read_metis(file); }, file, line, reason);
  }
}
