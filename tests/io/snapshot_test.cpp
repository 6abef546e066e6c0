// Binary snapshots: exact round trips, and every damaged file refused.
#include "graphrun/io/snapshot.hpp"

#include <catch2/catch.hpp>
#include <cstring>

#include "graphrun/io/read.hpp"
#include "io/io_test_support.hpp"
#include "io/src/snapshot_format.hpp"
#include "support/test_data.hpp"

using graphrun::BuildOptions;
using graphrun::Csr;
using graphrun::Graph;
using graphrun::vertex_t;
using graphrun::io::read_snapshot;
using graphrun::io::write_snapshot;
using graphrun::test::TempDir;

namespace {

void check_same_graph(const Graph& expected, const Graph& actual) {
  CHECK(actual.num_vertices() == expected.num_vertices());
  CHECK(actual.directed() == expected.directed());
  CHECK(actual.out_edges().offsets == expected.out_edges().offsets);
  CHECK(actual.out_edges().indices == expected.out_edges().indices);
  CHECK(actual.out_edges().values == expected.out_edges().values);
  CHECK(actual.ids().base == expected.ids().base);
  CHECK(actual.ids().ids == expected.ids().ids);
  CHECK(actual.stats().file_entries == expected.stats().file_entries);
  CHECK(actual.stats().self_loops == expected.stats().self_loops);
  CHECK(actual.stats().self_loops_dropped == expected.stats().self_loops_dropped);
  CHECK(actual.stats().duplicates_merged == expected.stats().duplicates_merged);
  CHECK(actual.stats().build_seconds == expected.stats().build_seconds);
}

// A random weighted directed graph with sparse original ids, duplicates and
// self-loops, built with the sum policy.
Graph random_graph(std::mt19937_64& random, vertex_t n, std::size_t m) {
  graphrun::EdgeList edges;
  edges.num_vertices = n;
  std::uniform_int_distribution<vertex_t> vertex(0, n - 1);
  std::uniform_real_distribution<float> weight(-5.0f, 5.0f);
  for (std::size_t i = 0; i < m; ++i) {
    edges.src.push_back(vertex(random));
    edges.dst.push_back(vertex(random));
    edges.weights.push_back(weight(random));
  }
  std::int64_t id = 1000;
  for (vertex_t v = 0; v < n; ++v) edges.ids.ids.push_back(id += 1 + static_cast<std::int64_t>(random() % 1000000));
  BuildOptions options;
  options.duplicates = graphrun::DuplicatePolicy::sum;
  return Graph::build(edges, options);
}

std::string with_header(const std::string& bytes, const graphrun::io::detail::SnapshotHeader& header) {
  const auto encoded = graphrun::io::detail::encode_header(header);
  std::string patched = bytes;
  std::memcpy(patched.data(), encoded.data(), encoded.size());
  return patched;
}

graphrun::io::detail::SnapshotHeader header_of(const std::string& bytes) {
  graphrun::io::detail::HeaderBytes raw{};
  std::memcpy(raw.data(), bytes.data(), raw.size());
  return graphrun::io::detail::decode_header(raw);
}

}  // namespace

TEST_CASE("real graphs survive mtx -> Graph -> .grb -> Graph unchanged", "[io][snapshot]") {
  TempDir dir;
  for (const char* name :
       {"karate.mtx", "west0067.mtx", "celegansneural.mtx", "ldbc-directed-example.mtx", "bcsstk13.mtx"}) {
    INFO(name);
    const Graph built = graphrun::io::load_graph(graphrun::test::data_path(name));
    const auto file = dir.path("g.grb");
    write_snapshot(built, file);
    check_same_graph(built, read_snapshot(file));
    check_same_graph(built, graphrun::io::load_graph(file));  // detected by extension
  }
}

TEST_CASE("random graphs with sparse ids and merge stats round-trip", "[io][snapshot]") {
  const auto seed = graphrun::test::fresh_seed();
  INFO("seed " << seed);
  std::mt19937_64 random(seed);
  TempDir dir;
  for (const auto& [n, m] :
       {std::pair{vertex_t{1}, std::size_t{0}}, std::pair{vertex_t{1}, std::size_t{3}},
        std::pair{vertex_t{50}, std::size_t{10}}, std::pair{vertex_t{3000}, std::size_t{200000}}}) {
    INFO("n " << n << ", m " << m);
    const Graph built = random_graph(random, n, m);
    const auto file = dir.path("random.snapshot");  // no .grb: found by its magic bytes
    write_snapshot(built, file);
    CHECK(graphrun::io::detect_format(file) == graphrun::io::Format::snapshot);
    check_same_graph(built, graphrun::io::load_graph(file));
  }
}

TEST_CASE("graphs without vertices round-trip", "[io][snapshot]") {
  TempDir dir;
  const auto file = dir.path("empty.grb");
  SECTION("built from an empty edge list") {
    const Graph empty = Graph::build(graphrun::EdgeList{});
    write_snapshot(empty, file);
    check_same_graph(empty, read_snapshot(file));
  }
  SECTION("default-constructed") {
    const Graph empty;
    write_snapshot(empty, file);
    const Graph loaded = read_snapshot(file);
    CHECK(loaded.num_vertices() == 0);
    CHECK(loaded.num_entries() == 0);
  }
}

TEST_CASE("every flipped byte and every truncation is refused", "[io][snapshot][errors]") {
  TempDir dir;
  const Graph graph = graphrun::io::load_graph(graphrun::test::data_path("ldbc-directed-example.mtx"));
  const auto good_file = dir.path("good.grb");
  write_snapshot(graph, good_file);
  const std::string good = graphrun::test::read_bytes(good_file);
  REQUIRE(good.size() > 200);
  const auto file = dir.path("bad.grb");
  for (std::size_t at = 0; at < good.size(); ++at) {
    for (const unsigned char mask : {0x01, 0x80}) {
      INFO("byte " << at << " xor " << int(mask));
      std::string damaged = good;
      damaged[at] = static_cast<char>(damaged[at] ^ mask);
      dir.write("bad.grb", damaged);
      CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "");
    }
  }
  for (std::size_t keep = 0; keep < good.size(); ++keep) {
    INFO("kept " << keep << " bytes");
    dir.write("bad.grb", good.substr(0, keep));
    CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0,
                      keep < 8 ? "not a graphrun snapshot" : "truncated snapshot");
  }
}

TEST_CASE("wrong version, byte order, sizes and trailing bytes", "[io][snapshot][errors]") {
  TempDir dir;
  const Graph graph = graphrun::io::load_graph(graphrun::test::data_path("karate.mtx"));
  write_snapshot(graph, dir.path("good.grb"));
  const std::string good = graphrun::test::read_bytes(dir.path("good.grb"));
  const auto file = dir.path("bad.grb");

  auto header = header_of(good);
  header.version = 2;
  dir.write("bad.grb", with_header(good, header));
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "snapshot format version 2 is not supported");

  header = header_of(good);
  header.byte_order = 0x04030201;
  dir.write("bad.grb", with_header(good, header));
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "opposite byte order");

  header = header_of(good);
  header.entries += 2;  // consistent header hash, inconsistent sizes
  dir.write("bad.grb", with_header(good, header));
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "payload size does not match the counts");

  header = header_of(good);
  header.vertices = 1ull << 40;
  dir.write("bad.grb", with_header(good, header));
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "graphrun supports at most");

  dir.write("bad.grb", good + std::string(8, '\0'));
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "8 unexpected bytes after the payload");

  dir.write("bad.grb", "%%MatrixMarket matrix coordinate pattern general\n1 1 0\n");
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "not a graphrun snapshot");
}

TEST_CASE("a well-checksummed snapshot of an invalid CSR is refused", "[io][snapshot][errors]") {
  TempDir dir;
  const auto file = dir.path("invalid.grb");
  struct Case {
    Csr csr;
    const char* reason;
  };
  const std::vector<Case> cases = {
      {{{0, 2, 3}, {1, 0, 0}, {1, 1, 1}}, "row 0: columns are not strictly increasing"},
      {{{0, 2, 3}, {0, 0, 1}, {1, 1, 1}}, "row 0: columns are not strictly increasing"},
      {{{0, 1, 2}, {0, 2}, {1, 1}}, "row 1: column 2 is out of range"},
      {{{0, 2, 1, 2}, {0, 1}, {1, 1}}, "row 1: offsets 2..1 are decreasing"},
  };
  for (const auto& c : cases) {
    INFO(c.reason);
    write_snapshot(Graph::from_csr(c.csr, true, graphrun::IdMap{}), file);
    CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, c.reason);
  }
  graphrun::IdMap unsorted;
  unsorted.ids = {5, 3};
  write_snapshot(Graph::from_csr(Csr{{0, 0, 0}, {}, {}}, true, unsorted), file);
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "not strictly increasing");
}

TEST_CASE("load_graph refuses a direction that contradicts the snapshot", "[io][snapshot][errors]") {
  TempDir dir;
  const auto file = dir.path("k.grb");
  write_snapshot(graphrun::io::load_graph(graphrun::test::data_path("karate.mtx")), file);  // undirected
  BuildOptions directed;
  directed.undirected = false;
  CHECK_THROWS_AS(graphrun::io::load_graph(file, directed), graphrun::UsageError);
  BuildOptions undirected;
  undirected.undirected = true;
  CHECK_FALSE(graphrun::io::load_graph(file, undirected).directed());
  CHECK_THROWS_AS(graphrun::io::read_edges(file), graphrun::UsageError);
}

TEST_CASE("an unwritable snapshot path is an InputError and leaves nothing behind", "[io][snapshot][errors]") {
  TempDir dir;
  const auto parent = dir.write("plain", "x");
  const auto file = parent + "/g.grb";
  CHECK_INPUT_ERROR([&] { write_snapshot(Graph{}, file); }, file, 0, "cannot open for writing");
}
