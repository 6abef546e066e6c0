// Format detection: known extensions decide, other names are sniffed.
#include <catch2/catch.hpp>

#include "graphrun/io/file_names.hpp"
#include "graphrun/io/read.hpp"
#include "graphrun/io/snapshot.hpp"
#include "io/io_test_support.hpp"

using graphrun::io::detect_format;
using graphrun::io::Format;
using graphrun::test::TempDir;

TEST_CASE("extensions decide for known names", "[io][format]") {
  // Not even opened: the files need not exist.
  CHECK(detect_format("/nowhere/g.grb") == Format::snapshot);
  CHECK(detect_format("/nowhere/g.MTX") == Format::matrix_market);
  CHECK(detect_format("/nowhere/g.mm") == Format::matrix_market);
  CHECK(detect_format("/nowhere/g.mtx.gz") == Format::matrix_market);
  CHECK(detect_format("/nowhere/g.txt") == Format::edge_list);
  CHECK(detect_format("/nowhere/g.mtx.d/edges") == Format::edge_list);
}

TEST_CASE("other names are recognised by their first bytes", "[io][format]") {
  TempDir dir;
  const std::string mtx = "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n";
  CHECK(detect_format(dir.write("a.txt", mtx)) == Format::matrix_market);
  CHECK(detect_format(dir.write_gzip("b.gz", mtx)) == Format::matrix_market);
  CHECK(detect_format(dir.write("c.el", "1 2\n")) == Format::edge_list);
  graphrun::io::write_snapshot(graphrun::Graph{}, dir.path("d.bin"));
  CHECK(detect_format(dir.path("d.bin")) == Format::snapshot);
  // read_edges follows the detection: the .txt above is read as Matrix Market.
  const auto edges = graphrun::io::read_edges(dir.path("a.txt"));
  CHECK(edges.ids.base == 1);
  CHECK(edges.num_vertices == 2);
}

TEST_CASE("an explicit format overrides detection", "[io][format]") {
  TempDir dir;
  // A Matrix Market body under a .txt name whose first line is not a banner
  // would be an edge list; asking for Matrix Market reports the banner.
  const auto file = dir.write("x.txt", "1 2\n");
  graphrun::io::ReadOptions options;
  options.format = Format::matrix_market;
  CHECK_INPUT_ERROR([&] { graphrun::io::read_edges(file, options); }, file, 1, "missing Matrix Market banner");
}

TEST_CASE("file names split into a lower-case extension and a .gz flag", "[io][format]") {
  using graphrun::io::file_name_parts;
  CHECK(file_name_parts("dir.d/G.MTX.gz").extension == ".mtx");
  CHECK(file_name_parts("dir.d/G.MTX.gz").gzipped);
  CHECK(file_name_parts("ranks.csv").extension == ".csv");
  CHECK_FALSE(file_name_parts("ranks.csv").gzipped);
  CHECK(file_name_parts("dir.d/edges").extension.empty());
  CHECK(file_name_parts("x.gz").extension.empty());
}
