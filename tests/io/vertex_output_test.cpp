// Per-vertex text output: original ids, floats that read back exactly, -1 for
// "no vertex", and compact ids mapped back to the file's numbering.
#include "graphrun/io/vertex_output.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <sstream>

#include "io/io_test_support.hpp"

using graphrun::IdMap;
using graphrun::level_t;
using graphrun::vertex_t;
using graphrun::io::write_vertex_ids;
using graphrun::io::write_vertex_levels;
using graphrun::io::write_vertex_values;
using graphrun::test::TempDir;

namespace {

std::vector<std::pair<std::string, std::string>> read_columns(const std::string& file) {
  std::vector<std::pair<std::string, std::string>> rows;
  std::istringstream in(graphrun::test::read_bytes(file));
  std::string line;
  while (std::getline(in, line)) {
    const auto tab = line.find('\t');
    REQUIRE(tab != std::string::npos);
    rows.emplace_back(line.substr(0, tab), line.substr(tab + 1));
  }
  return rows;
}

}  // namespace

TEST_CASE("doubles are written in the shortest form that reads back exactly", "[io][output]") {
  const auto seed = graphrun::test::fresh_seed();
  INFO("seed " << seed);
  std::mt19937_64 random(seed);
  std::vector<double> values(3000);
  for (double& v : values) {
    do {
      const std::uint64_t bits = random();
      std::memcpy(&v, &bits, 8);
    } while (!std::isfinite(v));
  }
  values[0] = 0.1;
  values[1] = -2.2250738585072014e-308;  // the longest forms: 24 characters
  values[2] = -1.7976931348623157e308;
  TempDir dir;
  IdMap ids;
  const auto file = dir.path("doubles.tsv");
  write_vertex_values(file, ids, std::span<const double>(values));
  const auto rows = read_columns(file);
  REQUIRE(rows.size() == values.size());
  bool all_exact = true;
  for (std::size_t v = 0; v < values.size(); ++v) {
    const double back = std::strtod(rows[v].second.c_str(), nullptr);
    all_exact = all_exact && rows[v].first == std::to_string(v + 1) && std::memcmp(&back, &values[v], 8) == 0;
  }
  CHECK(all_exact);
  CHECK(rows[0].second == "0.1");
}

TEST_CASE("floats are written in the shortest form that reads back exactly", "[io][output]") {
  const auto seed = graphrun::test::fresh_seed();
  INFO("seed " << seed);
  std::mt19937_64 random(seed);
  std::vector<float> values(3000);
  for (float& v : values) {
    std::uint32_t bits;
    do {
      bits = static_cast<std::uint32_t>(random());
      std::memcpy(&v, &bits, 4);
    } while (!std::isfinite(v));  // any finite float, subnormals included
  }
  values[0] = 0.1f;
  values[1] = -0.0f;
  values[2] = 1.0f / 3.0f;
  TempDir dir;
  IdMap ids;  // Matrix Market numbering: original = compact + 1
  const auto file = dir.path("values.tsv");
  write_vertex_values(file, ids, values);
  const auto rows = read_columns(file);
  REQUIRE(rows.size() == values.size());
  bool all_exact = true;
  for (std::size_t v = 0; v < values.size(); ++v) {
    const float back = std::strtof(rows[v].second.c_str(), nullptr);
    all_exact = all_exact && rows[v].first == std::to_string(v + 1) && std::memcmp(&back, &values[v], 4) == 0;
  }
  CHECK(all_exact);
  CHECK(rows[0].second == "0.1");
}

TEST_CASE("levels, no_level, vertex ids and no_vertex through an edge-list id map", "[io][output]") {
  TempDir dir;
  IdMap ids;
  ids.ids = {7, 42, 1000000000000LL};
  const std::vector<level_t> levels = {0, graphrun::no_level, 2};
  const auto file = dir.path("levels.tsv");
  write_vertex_levels(file, ids, levels);
  using Rows = std::vector<std::pair<std::string, std::string>>;
  CHECK(read_columns(file) == Rows{{"7", "0"}, {"42", "-1"}, {"1000000000000", "2"}});

  const std::vector<vertex_t> parents = {0, 2, graphrun::no_vertex};
  write_vertex_ids(file, ids, parents);
  CHECK(read_columns(file) == Rows{{"7", "7"}, {"42", "1000000000000"}, {"1000000000000", "-1"}});

  IdMap base_one;
  write_vertex_ids(file, base_one, parents);
  CHECK(read_columns(file) == Rows{{"1", "1"}, {"2", "3"}, {"3", "-1"}});
}

TEST_CASE("BFS levels with parents: three columns, parents in the file's numbering", "[io][output]") {
  TempDir dir;
  IdMap ids;
  ids.ids = {10, 20, 30, 40};
  const auto file = dir.path("bfs.tsv");
  const std::vector<level_t> levels = {0, 1, 2, graphrun::no_level};
  const std::vector<vertex_t> parents = {graphrun::no_vertex, 0, 1, graphrun::no_vertex};
  graphrun::io::write_vertex_levels_and_parents(file, ids, levels, parents);
  CHECK(graphrun::test::read_bytes(file) == "10\t0\t-1\n20\t1\t10\n30\t2\t20\n40\t-1\t-1\n");
  CHECK_THROWS_AS(graphrun::io::write_vertex_levels_and_parents(file, ids, levels, std::vector<vertex_t>{0, 0, 0}),
                  graphrun::UsageError);
  CHECK_THROWS_AS(
      graphrun::io::write_vertex_levels_and_parents(file, ids, levels, std::vector<vertex_t>{0, 0, 0, 4}),
      graphrun::UsageError);
}

TEST_CASE("many vertices keep their order across batches and threads", "[io][output]") {
  TempDir dir;
  std::vector<vertex_t> values(2'500'000);
  for (std::size_t v = 0; v < values.size(); ++v) values[v] = static_cast<vertex_t>((v * 7919) % values.size());
  const auto file = dir.path("big.tsv");
  write_vertex_ids(file, IdMap{}, values);
  std::istringstream in(graphrun::test::read_bytes(file));
  std::int64_t id = 0, value = 0;
  std::size_t v = 0;
  bool all_right = true;
  while (in >> id >> value) {
    all_right = all_right && id == static_cast<std::int64_t>(v + 1) && value == std::int64_t{values[v]} + 1;
    ++v;
  }
  CHECK(v == values.size());
  CHECK(all_right);
}

TEST_CASE("values that are not vertex ids, and id maps of the wrong size, are refused", "[io][output][errors]") {
  TempDir dir;
  const auto file = dir.path("x.tsv");
  CHECK_THROWS_WITH(write_vertex_ids(file, IdMap{}, std::vector<vertex_t>{0, 2}),
                    "cannot write " + file + ": value 2 of vertex 1 is not a vertex id (n = 2)");
  CHECK_THROWS_AS(write_vertex_ids(file, IdMap{}, std::vector<vertex_t>{graphrun::no_vertex - 1, 0}),
                  graphrun::UsageError);
  IdMap two;
  two.ids = {1, 2};
  CHECK_THROWS_AS(write_vertex_values(file, two, std::vector<float>{1.0f}), graphrun::UsageError);
  CHECK_INPUT_ERROR([&] { write_vertex_values(dir.path("no/such/dir.tsv"), IdMap{}, std::vector<float>{1.0f}); },
                    dir.path("no/such/dir.tsv"), 0, "cannot open for writing");
}

TEST_CASE("a .csv output has a header row and comma-separated rows", "[io][output]") {
  TempDir dir;
  IdMap sparse;
  sparse.ids = {7, 42, 1000};
  const auto ranks = dir.path("ranks.CSV");
  write_vertex_values(ranks, sparse, std::vector<float>{0.5f, 0.25f, 0.25f}, "rank");
  CHECK(graphrun::test::read_bytes(ranks) == "id,rank\n7,0.5\n42,0.25\n1000,0.25\n");
  const auto tree = dir.path("tree.csv");
  graphrun::io::write_vertex_levels_and_parents(tree, sparse, std::vector<level_t>{0, 1, graphrun::no_level},
                                                std::vector<vertex_t>{0, 0, graphrun::no_vertex});
  CHECK(graphrun::test::read_bytes(tree) == "id,level,parent\n7,0,7\n42,1,7\n1000,-1,-1\n");
}

TEST_CASE("a .npy output is a record array of the id and each value", "[io][output]") {
  TempDir dir;
  IdMap ids;  // Matrix Market numbering
  const auto file = dir.path("labels.npy");
  const std::vector<vertex_t> labels = {1, 1, graphrun::no_vertex};
  write_vertex_ids(file, ids, labels, "label");
  const std::string bytes = graphrun::test::read_bytes(file);
  REQUIRE(bytes.size() > 10);
  CHECK(bytes.compare(0, 6, "\x93NUMPY") == 0);
  const std::size_t header_length = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
  CHECK((10 + header_length) % 64 == 0);
  const std::string header = bytes.substr(10, header_length);
  CHECK(header.find("'descr': [('id', '<i8'), ('label', '<i8')]") != std::string::npos);
  CHECK(header.find("'shape': (3,)") != std::string::npos);
  REQUIRE(bytes.size() == 10 + header_length + 3 * 16);
  std::vector<std::int64_t> fields(6);
  std::memcpy(fields.data(), bytes.data() + 10 + header_length, 48);  // little-endian host (x86-64, aarch64)
  CHECK(fields == std::vector<std::int64_t>{1, 2, 2, 2, 3, -1});
}

TEST_CASE("named vertices are written by name: text, CSV and .npy bytes fields", "[io][output][names]") {
  TempDir dir;
  IdMap ids;
  ids.base = 0;
  ids.names = {"alice", "bob", "carolina"};
  const std::vector<level_t> levels = {0, 1, graphrun::no_level};
  const std::vector<vertex_t> parents = {0, 0, graphrun::no_vertex};
  const auto tsv = dir.path("bfs.tsv");
  graphrun::io::write_vertex_levels_and_parents(tsv, ids, levels, parents);
  CHECK(graphrun::test::read_bytes(tsv) == "alice\t0\talice\nbob\t1\talice\ncarolina\t-1\t-1\n");
  const auto csv = dir.path("rank.csv");
  write_vertex_values(csv, ids, std::vector<float>{0.5f, 0.25f, 0.25f}, "rank");
  CHECK(graphrun::test::read_bytes(csv) == "id,rank\nalice,0.5\nbob,0.25\ncarolina,0.25\n");

  const auto npy = dir.path("bfs.npy");
  graphrun::io::write_vertex_levels_and_parents(npy, ids, levels, parents);
  const std::string bytes = graphrun::test::read_bytes(npy);
  const std::size_t header_length = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
  const std::string header = bytes.substr(10, header_length);
  CHECK(header.find("'descr': [('id', '|S8'), ('level', '<i8'), ('parent', '|S8')]") != std::string::npos);
  REQUIRE(bytes.size() == 10 + header_length + 3 * 24);
  const std::string records = bytes.substr(10 + header_length);
  CHECK(records.substr(0, 8) == std::string("alice\0\0\0", 8));
  CHECK(records.substr(16, 8) == std::string("alice\0\0\0", 8));
  CHECK(records.substr(48, 8) == "carolina");
  CHECK(records.substr(64, 8) == std::string(8, '\0'));  // no parent: b''
}
