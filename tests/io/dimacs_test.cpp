// DIMACS shortest-path reader (.gr): a hand-written file read as written,
// across block boundaries and gzipped; every malformed variant an InputError
// naming the file, the line and what was expected.
#include <catch2/catch.hpp>

#include <tuple>

#include "graphrun/io/read.hpp"
#include "io/io_test_support.hpp"

using graphrun::EdgeList;
using graphrun::Symmetry;
using graphrun::io::detect_format;
using graphrun::io::Format;
using graphrun::io::read_dimacs;
using graphrun::io::read_edges;
using graphrun::io::ReadOptions;
using graphrun::test::TempDir;

namespace {

// A 4-vertex road map in the 9th DIMACS challenge's layout, with comments
// between the arcs and blanks around the fields.
constexpr const char* road_example =
    "c 9th DIMACS Implementation Challenge: Shortest Paths\n"
    "c graph of 4 vertices and 5 arcs\n"
    "p sp 4 5\n"
    "c arcs\n"
    "a 1 2 7\n"
    "a 2 1 7\n"
    "a\t2  3 3\r\n"
    "\n"
    "a 3 4 1.5\n"
    "c trailing comment\n"
    "a 4 1 2\n";

void check_road_example(const EdgeList& edges, bool weighted) {
  CHECK(edges.num_vertices == 4);
  CHECK(edges.symmetry == Symmetry::general);
  CHECK(edges.src == std::vector<graphrun::vertex_t>{0, 1, 1, 2, 3});
  CHECK(edges.dst == std::vector<graphrun::vertex_t>{1, 0, 2, 3, 0});
  if (weighted)
    CHECK(edges.weights == std::vector<float>{7.0f, 7.0f, 3.0f, 1.5f, 2.0f});
  else
    CHECK(edges.weights.empty());
  CHECK(edges.ids.base == 1);
  CHECK(edges.ids.ids.empty());
}

}  // namespace

TEST_CASE("a DIMACS .gr file reads as written, in any block size and gzipped", "[io][dimacs]") {
  TempDir dir;
  const std::string file = dir.write("road.gr", road_example);
  check_road_example(read_dimacs(file), true);
  for (const std::size_t block : {1, 7, 64}) {
    INFO("block bytes " << block);
    ReadOptions options;
    options.block_bytes = block;
    check_road_example(read_dimacs(file, options), true);
  }
  check_road_example(read_edges(dir.write_gzip("road.gr.gz", road_example)), true);
  ReadOptions structure_only;
  structure_only.ignore_weights = true;
  check_road_example(read_dimacs(file, structure_only), false);
}

TEST_CASE("DIMACS files are recognised by extension and by their first line", "[io][dimacs]") {
  TempDir dir;
  CHECK(detect_format("/nowhere/usa.gr") == Format::dimacs);
  CHECK(detect_format("/nowhere/USA-road-d.NY.gr.gz") == Format::dimacs);
  CHECK(detect_format(dir.write("road.txt", road_example)) == Format::dimacs);
  CHECK(detect_format(dir.write("bare.txt", "p sp 2 1\na 1 2 1\n")) == Format::dimacs);
  CHECK(detect_format(dir.write("edges.txt", "1 2\n")) == Format::edge_list);
  CHECK(graphrun::io::parse_format("gr") == Format::dimacs);
  CHECK_THROWS_AS(graphrun::io::parse_format("graphml"), graphrun::UsageError);
}

TEST_CASE("DIMACS problem line problems name their line", "[io][dimacs][errors]") {
  TempDir dir;
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"c only comments\n\n", 2, "no problem line 'p sp <vertices> <arcs>'"},
      {"c x\na 1 2 3\np sp 2 1\n", 2, "arc before the problem line"},
      {"1 2 3\n", 1, "expected the problem line 'p sp <vertices> <arcs>', found '1'"},
      {"p max 4 5\n", 1, "problem type 'max' is not supported"},
      {"p sp 4\n", 1, "expected the arc count on the problem line"},
      {"p sp -4 5\n", 1, "vertex count '-4' is negative"},
      {"p sp x 5\n", 1, "expected the vertex count on the problem line"},
      {"p sp 4 5 6\n", 1, "unexpected extra field '6' on the problem line"},
      {"p sp 5000000000 1\n", 1, "graphrun supports at most 4294967294"},
  };
  for (const auto& [text, line, reason] : cases) {
    INFO(text);
    const auto file = dir.write("problem.gr", text);
    CHECK_INPUT_ERROR([&] { read_dimacs(file); }, file, line, reason);
  }
  const auto empty = dir.write("empty.gr", "");
  CHECK_INPUT_ERROR([&] { read_dimacs(empty); }, empty, 0, "empty file");
}

TEST_CASE("DIMACS arc problems name their line", "[io][dimacs][errors]") {
  TempDir dir;
  const std::string header = "c road\np sp 4 3\n";  // arcs start on line 3
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"a 1 2 1\na 1 5 1\na 2 3 1\n", 4, "target id 5 is outside 1..4"},
      {"a 0 2 1\na 1 2 1\na 2 3 1\n", 3, "source id 0 is outside 1..4"},
      {"a 1 2 1\na 1 x 1\na 2 3 1\n", 4, "expected an integer target id, found 'x'"},
      {"a 1 2\na 1 3 1\na 2 3 1\n", 3, "line ends early: expected the weight"},
      {"a 1 2 w\na 1 3 1\na 2 3 1\n", 3, "expected a real weight, found 'w'"},
      {"a 1 2 inf\na 1 3 1\na 2 3 1\n", 3, "weight 'inf' is not finite"},
      {"a 1 2 1 9\na 1 3 1\na 2 3 1\n", 3, "unexpected extra field '9'"},
      {"a 1 2 1\ne 1 3 1\na 2 3 1\n", 4, "expected an arc 'a <from> <to> <weight>' or a comment 'c ...', found 'e'"},
      {"a 1 2 1\np sp 4 3\na 2 3 1\n", 4, "a second problem line"},
      {"a 1 2 1\na 1 3 1\n", 4, "the file ends after 2 of the 3 arcs the problem line (line 2) declares"},
      {"a 1 2 1\na 1 3 1\na 2 3 1\na 3 4 1\n", 6, "more entries than the 3 the problem line declares"},
  };
  for (const auto& [arcs, line, reason] : cases) {
    INFO(arcs);
    const auto file = dir.write("arcs.gr", header + arcs);
    CHECK_INPUT_ERROR([&] { read_dimacs(file); }, file, line, reason);
  }
}
