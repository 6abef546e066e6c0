// Every bundled real graph reads with the n and the entry count its header
// declares, entry for entry as a plain sequential reader sees them.
#include <omp.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "graphrun/io/read.hpp"
#include "io/io_test_support.hpp"
#include "support/test_data.hpp"

using graphrun::EdgeList;
using graphrun::Symmetry;

namespace {

// A deliberately simple oracle: iostreams, line by line, no shared code with
// the reader under test.
struct OracleFile {
  std::string field, symmetry;
  std::int64_t rows = 0, cols = 0, declared = 0;
  std::vector<std::int64_t> row, col;
  std::vector<float> value;
  std::uint64_t first_non_finite_line = 0;  // 0: every value is finite
};

OracleFile oracle_read(const std::string& path) {
  OracleFile file;
  std::istringstream in(graphrun::test::read_bytes(path));
  std::string line, banner, object, format;
  std::getline(in, line);
  std::istringstream(line) >> banner >> object >> format >> file.field >> file.symmetry;
  bool have_size = false;
  for (std::uint64_t number = 2; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '%') continue;
    std::istringstream fields(line);
    if (!have_size) {
      fields >> file.rows >> file.cols >> file.declared;
      have_size = true;
      continue;
    }
    std::int64_t i = 0, j = 0;
    std::string v;
    fields >> i >> j >> v;
    file.row.push_back(i);
    file.col.push_back(j);
    file.value.push_back(v.empty() ? 1.0f : std::strtof(v.c_str(), nullptr));
    if (!std::isfinite(file.value.back()) && file.first_non_finite_line == 0) file.first_non_finite_line = number;
  }
  return file;
}

Symmetry symmetry_named(const std::string& name) {
  if (name == "symmetric") return Symmetry::symmetric;
  if (name == "skew-symmetric") return Symmetry::skew_symmetric;
  return Symmetry::general;
}

std::vector<std::string> bundled_graphs() {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(graphrun::test::data_path("")))
    if (entry.path().extension() == ".mtx") names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

TEST_CASE("all bundled real graphs are present and credited", "[io][data]") {
  const auto names = bundled_graphs();
  CHECK(names.size() == 20);
  const std::string readme = graphrun::test::read_bytes(graphrun::test::data_path("README.md"));
  for (const auto& name : names) {
    INFO(name);
    CHECK(readme.find("| " + name + " |") != std::string::npos);
  }
}

TEST_CASE("every bundled real graph reads as its header declares", "[io][data]") {
  for (const auto& name : bundled_graphs()) {
    INFO(name);
    const std::string path = graphrun::test::data_path(name);
    const OracleFile expected = oracle_read(path);
    REQUIRE(expected.rows == expected.cols);
    REQUIRE(static_cast<std::int64_t>(expected.row.size()) == expected.declared);

    graphrun::io::ReadOptions small_blocks;
    small_blocks.block_bytes = 8192;
    graphrun::io::ReadOptions structure_only;
    structure_only.ignore_weights = true;
    if (expected.first_non_finite_line != 0) {
      // A real data set with 'inf' weights (cond-mat-2005: papers with a
      // single author): refused as such, readable as a structure.
      CHECK_INPUT_ERROR([&] { graphrun::io::read_matrix_market(path); }, path, expected.first_non_finite_line,
                        "is not finite");
    }
    for (const auto& options : {graphrun::io::ReadOptions{}, small_blocks, structure_only}) {
      if (expected.first_non_finite_line != 0 && !options.ignore_weights) continue;
      const EdgeList edges = graphrun::io::read_matrix_market(path, options);
      CHECK(edges.num_vertices == expected.rows);
      CHECK(static_cast<std::int64_t>(edges.size()) == expected.declared);
      CHECK(edges.symmetry == symmetry_named(expected.symmetry));
      CHECK(edges.weighted() == (expected.field != "pattern" && !options.ignore_weights));
      bool all_equal = edges.size() == expected.row.size();
      for (std::size_t e = 0; all_equal && e < edges.size(); ++e)
        all_equal = edges.src[e] + 1 == expected.row[e] && edges.dst[e] + 1 == expected.col[e] &&
                    (!edges.weighted() || edges.weights[e] == expected.value[e]);
      CHECK(all_equal);
    }
    // And it builds: the graph holds every entry once, mirrored when undirected.
    const auto read_options = expected.first_non_finite_line != 0 ? structure_only : graphrun::io::ReadOptions{};
    const graphrun::Graph graph = graphrun::io::load_graph(path, {}, read_options);
    CHECK(graph.num_vertices() == expected.rows);
    CHECK(graph.directed() == (expected.symmetry == "general"));
    CHECK(graph.stats().file_entries == static_cast<std::uint64_t>(expected.declared));
  }
}
