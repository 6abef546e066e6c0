// Matrix Market reader: every malformed input is an InputError naming the
// file, the line and what was expected.
#include <catch2/catch.hpp>
#include <filesystem>

#include "graphrun/io/read.hpp"
#include "io/io_test_support.hpp"

using graphrun::io::read_matrix_market;
using graphrun::test::TempDir;

namespace {

constexpr const char* real_general = "%%MatrixMarket matrix coordinate real general\n";
constexpr const char* pattern_general = "%%MatrixMarket matrix coordinate pattern general\n";

}  // namespace

TEST_CASE("banner problems are reported on line 1", "[io][mtx][errors]") {
  TempDir dir;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"3 3 1\n1 1\n", "missing Matrix Market banner"},
      {"%MatrixMarket matrix coordinate real general\n3 3 0\n", "missing Matrix Market banner"},
      {"%%MatrixMarket matrix coordinate real\n3 3 0\n", "incomplete banner"},
      {"%%MatrixMarket matrix coordinate real general extra\n3 3 0\n", "unexpected extra word 'extra'"},
      {"%%MatrixMarket vector coordinate real general\n3 0\n", "object 'vector' is not supported"},
      {"%%MatrixMarket matrix array real general\n3 3\n1\n", "dense 'array'"},
      {"%%MatrixMarket matrix sparse real general\n3 3 0\n", "unknown format 'sparse'"},
      {"%%MatrixMarket matrix coordinate complex general\n3 3 0\n", "complex values are not supported"},
      {"%%MatrixMarket matrix coordinate float general\n3 3 0\n", "unknown field 'float'"},
      {"%%MatrixMarket matrix coordinate complex hermitian\n3 3 0\n", "complex values are not supported"},
      {"%%MatrixMarket matrix coordinate real hermitian\n3 3 0\n", "hermitian matrices are not supported"},
      {"%%MatrixMarket matrix coordinate real upper\n3 3 0\n", "unknown symmetry 'upper'"},
      {"%%MatrixMarket matrix coordinate pattern skew-symmetric\n3 3 0\n", "cannot be skew-symmetric"},
  };
  for (const auto& [text, reason] : cases) {
    INFO(text);
    const auto file = dir.write("banner.mtx", text);
    CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 1, reason);
  }
}

TEST_CASE("an empty file is refused without a line", "[io][mtx][errors]") {
  TempDir dir;
  const auto file = dir.write("empty.mtx", "");
  CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 0, "empty file");
}

TEST_CASE("size line problems name the size line", "[io][mtx][errors]") {
  TempDir dir;
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"% only comments\n\n", 3, "ends before the size line"},
      {"", 1, "ends before the size line"},
      {"% c\n3 x 3\n", 3, "expected the size line 'rows columns entries', found 'x'"},
      {"3 3\n", 2, "size line has 2 numbers"},
      {"3\n", 2, "size line has 1 number:"},
      {"3 3 1 1\n1 1 1\n", 2, "unexpected extra field '1' on the size line"},
      {"3 4 0\n", 2, "the matrix is 3 x 4: a graph's adjacency matrix must be square"},
      {"5000000000 5000000000 0\n", 2, "graphrun supports at most 4294967294 vertices"},
      {"-3 -3 0\n", 2, "row count '-3' is negative"},
      {"3 3 -1\n", 2, "entry count '-1' is negative"},
      {"3 3 99999999999999999999\n", 2, "entry count '99999999999999999999' is too large"},
      {"3 3 2.0\n", 2, "found '2.0' where the entry count belongs"},
  };
  for (const auto& [rest, line, reason] : cases) {
    INFO(rest);
    const auto file = dir.write("size.mtx", real_general + rest);
    CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, line, reason);
  }
}

TEST_CASE("entry count mismatches", "[io][mtx][errors]") {
  TempDir dir;
  SECTION("fewer entries than declared: reported at the last line") {
    const auto file = dir.write("few.mtx", std::string(real_general) + "3 3 3\n1 1 1\n2 2 2\n\n");
    CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 5,
                      "the file ends after 2 of the 3 entries the size line (line 2) declares");
  }
  SECTION("no entries at all") {
    const auto file = dir.write("none.mtx", std::string(real_general) + "% c\n3 3 1\n");
    CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 3, "ends after 0 of the 1 entries");
  }
  SECTION("more entries than declared: reported at the first extra one") {
    const auto file = dir.write("many.mtx", std::string(real_general) + "3 3 2\n1 1 1\n\n2 2 2\n% c\n3 3 3\n1 2 1\n");
    CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 7, "more entries than the 2 the size line declares");
  }
  SECTION("a huge declared count in a tiny file is a shortfall, not an allocation failure") {
    const auto file = dir.write("huge.mtx", std::string(real_general) + "3 3 9000000000000000000\n1 1 1\n");
    CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 3, "ends after 1 of the 9000000000000000000 entries");
  }
}

TEST_CASE("bad entries name their line and the problem", "[io][mtx][errors]") {
  TempDir dir;
  // Line 3 holds a good entry, line 4 the one under test.
  const std::vector<std::tuple<const char*, std::string, std::string>> cases = {
      {real_general, "0 1 1", "row index 0 is below 1"},
      {real_general, "1 0 1", "column index 0 is below 1"},
      {real_general, "-1 1 1", "row index -1 is below 1"},
      {real_general, "4 1 1", "row index 4 is out of range: the matrix has 3 rows"},
      {real_general, "1 4 1", "column index 4 is out of range: the matrix has 3 columns"},
      {real_general, "99999999999999999999999 1 1", "row index 99999999999999999999999 is out of range"},
      {real_general, "a 1 1", "expected an integer row index, found 'a'"},
      {real_general, "1 2x 1", "expected an integer column index, found '2x'"},
      {real_general, "1.0 1 1", "expected an integer row index, found '1.0'"},
      {real_general, "1", "line ends early: expected the column index"},
      {real_general, "1 2", "line ends early: expected the value"},
      {real_general, "1 2 3 4", "unexpected extra field '4': an entry is 'row column value'"},
      {pattern_general, "1 2 3", "unexpected extra field '3': a pattern entry is 'row column'"},
      {real_general, "1 2 nan", "value 'nan' is not finite"},
      {real_general, "1 2 -inf", "value '-inf' is not finite"},
      {real_general, "1 2 infinity", "value 'infinity' is not finite"},
      {real_general, "1 2 1e39", "value '1e39' does not fit in a 32-bit float"},
      {real_general, "1 2 1e400", "value '1e400' does not fit in a 32-bit float"},
      {real_general, "1 2 1.5e", "expected a real value, found '1.5e'"},
      {real_general, "1 2 0x10", "expected a real value, found '0x10'"},
      {real_general, "1 2 --1", "expected a real value, found '--1'"},
      {real_general, "1 2 1,5", "expected a real value, found '1,5'"},
      {"%%MatrixMarket matrix coordinate integer general\n", "1 2 1.5", "expected an integer value"},
      {"%%MatrixMarket matrix coordinate integer general\n", "1 2 99999999999999999999",
       "integer value '99999999999999999999' does not fit in 64 bits"},
  };
  for (const auto& [banner, entry, reason] : cases) {
    INFO(entry);
    const auto good = std::string(banner) == pattern_general ? "1 1\n" : "1 1 1\n";
    const auto file = dir.write("bad.mtx", std::string(banner) + "3 3 2\n" + good + entry + "\n");
    CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 4, reason);
  }
}

TEST_CASE("a skew-symmetric file with a diagonal entry is refused at its line", "[io][mtx][errors]") {
  TempDir dir;
  for (const char* field : {"real", "integer"}) {
    INFO(field);
    const auto file = dir.write("skew.mtx", std::string("%%MatrixMarket matrix coordinate ") + field +
                                                " skew-symmetric\n3 3 2\n2 1 1\n2 2 5\n");
    CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 4, "diagonal entry (2, 2) in a skew-symmetric matrix");
  }
}

TEST_CASE("a CRLF file reports the same lines as an LF file", "[io][mtx][errors]") {
  TempDir dir;
  const auto file =
      dir.write("crlf.mtx", "%%MatrixMarket matrix coordinate real general\r\n% c\r\n2 2 2\r\n1 1 1\r\n2 x 1\r\n");
  CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 5, "expected an integer column index, found 'x'");
}

TEST_CASE("paths that are not readable files", "[io][errors]") {
  TempDir dir;
  SECTION("missing") {
    const auto file = dir.path("missing.mtx");
    CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 0, "no such file");
  }
  SECTION("a directory") {
    std::filesystem::create_directory(dir.path("graph.mtx"));
    const auto file = dir.path("graph.mtx");
    CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 0, "is a directory");
  }
  SECTION("a path through a regular file") {
    const auto parent = dir.write("plain", "x");
    const auto file = parent + "/g.mtx";
    CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 0, "cannot open for reading");
  }
}
