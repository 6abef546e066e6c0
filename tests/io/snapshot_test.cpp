// Binary snapshots: exact round trips, and every damaged file refused.
#include "graphrun/io/snapshot.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>

#include "graphrun/io/adopt_csr.hpp"
#include "graphrun/io/read.hpp"
#include "io/io_test_support.hpp"
#include "io/src/snapshot_format.hpp"
#include "io/src/snapshot_payload.hpp"
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

// A snapshot taken apart, to be forged: edit any field or section (keeping
// the section sizes) and serialise it again with both checksums recomputed
// (snapshot_checksum.hpp), so only the invariant checks can catch it.
struct Forgery {
  graphrun::io::detail::SnapshotHeader header;
  std::vector<graphrun::edge_t> offsets;
  std::vector<vertex_t> indices;
  std::vector<float> values;
  std::vector<std::int64_t> ids;  // or, for named vertices, the name ends
  std::vector<char> names;        // named vertices: the names' bytes

  explicit Forgery(const std::string& bytes) : header(header_of(bytes)) {
    std::size_t at = graphrun::io::detail::snapshot_header_bytes;
    take(bytes, at, offsets, header.vertices + 1);
    take(bytes, at, indices, header.entries);
    const bool pattern = (header.flags & graphrun::io::detail::flag_pattern) != 0;
    take(bytes, at, values, pattern ? 0 : header.entries);
    take(bytes, at, ids, header.original_ids);
    if (named()) take(bytes, at, names, ids.empty() ? 0 : static_cast<std::size_t>(ids.back()));
  }

  bool named() const { return (header.flags & graphrun::io::detail::flag_named) != 0; }

  std::string bytes() const {
    auto h = header;
    h.payload_hash = graphrun::io::detail::snapshot_payload_hash(offsets, indices, values, ids, names);
    const auto encoded = graphrun::io::detail::encode_header(h);
    std::string out(reinterpret_cast<const char*>(encoded.data()), encoded.size());
    put(out, offsets);
    put(out, indices);
    put(out, values);
    put(out, ids);
    if (named()) put(out, names);
    return out;
  }

  // The row holding entry e.
  vertex_t row_of(graphrun::edge_t e) const {
    return static_cast<vertex_t>(std::upper_bound(offsets.begin(), offsets.end(), e) - offsets.begin() - 1);
  }
  // The first row with at least `degree` entries.
  vertex_t row_with(graphrun::edge_t degree) const {
    for (std::size_t r = 0; r + 1 < offsets.size(); ++r)
      if (offsets[r + 1] - offsets[r] >= degree) return static_cast<vertex_t>(r);
    FAIL("no row with " << degree << " entries");
    return 0;
  }

 private:
  template <typename T>
  static void take(const std::string& bytes, std::size_t& at, std::vector<T>& section, std::uint64_t count) {
    section.resize(count);
    if (count != 0) std::memcpy(section.data(), bytes.data() + at, count * sizeof(T));
    at += graphrun::io::detail::padded(count * sizeof(T));
  }
  template <typename T>
  static void put(std::string& out, const std::vector<T>& section) {
    out.append(reinterpret_cast<const char*>(section.data()), section.size() * sizeof(T));
    out.append(graphrun::io::detail::padded(section.size() * sizeof(T)) - section.size() * sizeof(T), '\0');
  }
};

// The graph with a stored weight per entry: a pattern graph gets ones, so
// that the forgeries below have a values section to change.
Graph with_stored_weights(const Graph& graph) {
  if (graph.out_edges().weighted() || graph.num_entries() == 0) return graph;
  Csr csr = graph.out_edges();
  csr.values.assign(csr.indices.size(), 1.0f);
  return Graph::from_csr(std::move(csr), graph.directed(), graph.ids(), graph.stats());
}

Forgery forgery_of(TempDir& dir, const char* data_file) {
  write_snapshot(with_stored_weights(graphrun::io::load_graph(graphrun::test::data_path(data_file))),
                 dir.path("good.grb"));
  return Forgery(graphrun::test::read_bytes(dir.path("good.grb")));
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

TEST_CASE("a pattern graph's snapshot stores no values: other format versions are refused", "[io][snapshot]") {
  TempDir dir;
  const Graph pattern = graphrun::io::load_graph(graphrun::test::data_path("karate.mtx"));
  REQUIRE_FALSE(pattern.out_edges().weighted());
  write_snapshot(pattern, dir.path("pattern.grb"));
  const Forgery stored(graphrun::test::read_bytes(dir.path("pattern.grb")));
  CHECK((stored.header.flags & graphrun::io::detail::flag_pattern) != 0);
  CHECK(stored.header.version == graphrun::io::detail::snapshot_version);
  CHECK(stored.values.empty());
  const Graph back = read_snapshot(dir.path("pattern.grb"));
  CHECK_FALSE(back.out_edges().weighted());
  check_same_graph(pattern, back);
  // The weighted twin is larger by exactly the values section.
  write_snapshot(with_stored_weights(pattern), dir.path("weighted.grb"));
  CHECK(std::filesystem::file_size(dir.path("weighted.grb")) - std::filesystem::file_size(dir.path("pattern.grb")) ==
        graphrun::io::detail::padded(static_cast<std::uint64_t>(pattern.num_entries()) * 4));

  // Versions 1 to 3 used graphrun's own hash: refused, asking for a rewrite.
  for (const std::uint32_t version : {1u, 2u, 3u, graphrun::io::detail::snapshot_version + 1}) {
    Forgery other = stored;
    other.header.version = version;
    const std::string number = std::to_string(version);
    const auto file = dir.write(number + ".grb", other.bytes());
    CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0,
                      "snapshot format version " + number + " is not supported (this build reads version 4)");
  }
}

// The checksums are XXH3-64 (snapshot_checksum.hpp): the header's over its
// first 120 bytes; the payload's over the digests of each section's 1 MiB
// chunks, so a section of several chunks and an empty one both count.
TEST_CASE("snapshot checksums follow the documented XXH3 chunking", "[io][snapshot]") {
  using graphrun::io::detail::checksum_chunk_bytes;
  using graphrun::io::detail::PayloadChecksum;
  std::vector<std::byte> section(2 * checksum_chunk_bytes + 5);
  for (std::size_t i = 0; i < section.size(); ++i) section[i] = static_cast<std::byte>(i * 131 % 251);
  PayloadChecksum whole, split, with_empty;
  whole.add(section);
  split.add(std::span(section).first(checksum_chunk_bytes));
  split.add(std::span(section).subspan(checksum_chunk_bytes));
  CHECK(whole.value() == split.value());  // cut at a chunk boundary: the same chunks
  with_empty.add(section);
  with_empty.add({});
  CHECK(with_empty.value() == whole.value());  // an empty section has no chunks
  PayloadChecksum shifted;
  shifted.add(std::span(section).first(7));
  shifted.add(std::span(section).subspan(7));
  CHECK(shifted.value() != whole.value());  // other chunks
  for (const std::size_t at : {std::size_t{0}, checksum_chunk_bytes - 1, checksum_chunk_bytes, section.size() - 1}) {
    auto flipped = section;
    flipped[at] ^= std::byte{1};
    PayloadChecksum damaged;
    damaged.add(flipped);
    CHECK(damaged.value() != whole.value());
  }
  // Known values (xxhsum -H3 and python3-xxhash agree): XXH3-64 of nothing
  // and of "abc"; the payload checksum of no sections is the former.
  const std::string abc = "abc";
  CHECK(graphrun::io::detail::header_checksum({}) == 0x2d06800538d394c2ull);
  CHECK(graphrun::io::detail::header_checksum(std::as_bytes(std::span(abc))) == 0x78af5f94892f3950ull);
  CHECK(PayloadChecksum().value() == 0x2d06800538d394c2ull);
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
  header.version = graphrun::io::detail::snapshot_version + 1;
  dir.write("bad.grb", with_header(good, header));
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0,
                    "snapshot format version " + std::to_string(header.version) + " is not supported");
  header.version = 0;
  dir.write("bad.grb", with_header(good, header));
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "snapshot format version 0 is not supported");

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
      {{{0, 2, 3}, {1, 0, 0}, {1, 1, 1}}, "row 0's columns are not strictly increasing"},
      {{{0, 2, 3}, {0, 0, 1}, {1, 1, 1}}, "row 0's columns are not strictly increasing"},
      {{{0, 1, 2}, {0, 2}, {1, 1}}, "row 1's column 2 is out of range (n = 2)"},
      {{{0, 2, 1, 2}, {0, 1}, {1, 1}}, "row 1's offsets 2..1 are decreasing"},
  };
  for (const auto& c : cases) {
    for (const bool pattern : {false, true}) {  // the checks have a weighted and a pattern pass
      INFO(c.reason << (pattern ? ", pattern" : ", weighted"));
      Csr csr = c.csr;
      if (pattern) csr.values.clear();
      write_snapshot(Graph::from_csr(std::move(csr), true, graphrun::IdMap{}), file);
      CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, c.reason);
    }
  }
  // An id map out of order (a reordered graph's) is refused by the writer;
  // the reader's own check is the forged-file test below.
  graphrun::IdMap unsorted;
  unsorted.ids = {5, 3};
  CHECK_THROWS_WITH(write_snapshot(Graph::from_csr(Csr{{0, 0, 0}, {}, {}}, true, unsorted), file),
                    Catch::Contains("not in increasing order"));
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

TEST_CASE("an unforged Forgery loads: the forging itself breaks nothing", "[io][snapshot][errors]") {
  TempDir dir;
  for (const char* name : {"karate.mtx", "ldbc-directed-example.mtx", "bcsstk13.mtx"}) {
    INFO(name);
    const Forgery forgery = forgery_of(dir, name);
    dir.write("same.grb", forgery.bytes());
    CHECK(graphrun::test::read_bytes(dir.path("same.grb")) == graphrun::test::read_bytes(dir.path("good.grb")));
  }
}

TEST_CASE("a forged directed graph flagged undirected is refused", "[io][snapshot][errors]") {
  // Adopted, BFS would walk the out-CSR as its own transpose: pulling and
  // pushing then disagree on depths.
  TempDir dir;
  Forgery forgery = forgery_of(dir, "ldbc-directed-example.mtx");
  REQUIRE((forgery.header.flags & graphrun::io::detail::flag_directed) != 0);
  forgery.header.flags = 0;
  const auto file = dir.write("forged.grb", forgery.bytes());
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "invalid snapshot flagged undirected: row ");
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "holds 0.5 but its mirror, row 2's column 0, holds 0.53");
  std::fill(forgery.values.begin(), forgery.values.end(), 1.0f);  // 1 -> 3 and 3 -> 1 now agree; 1 -> 5 has no 5 -> 1
  dir.write("forged.grb", forgery.bytes());
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0,
                    "row 0's column 4 has no mirror entry (row 4 lacks column 0): an undirected graph's CSR must be "
                    "symmetric");
  CHECK_INPUT_ERROR([&] { graphrun::io::load_graph(file); }, file, 0, "must be symmetric");
}

TEST_CASE("a forged pattern graph flagged undirected is refused", "[io][snapshot][errors]") {
  TempDir dir;
  // 0 -> 1, 1 -> {0, 2}: symmetric but for 1 -> 2.
  write_snapshot(Graph::from_csr(Csr{{0, 1, 3, 3}, {1, 0, 2}, {}}, true, graphrun::IdMap{}), dir.path("good.grb"));
  Forgery forgery(graphrun::test::read_bytes(dir.path("good.grb")));
  REQUIRE((forgery.header.flags & graphrun::io::detail::flag_pattern) != 0);
  forgery.header.flags &= ~graphrun::io::detail::flag_directed;
  const auto file = dir.write("forged.grb", forgery.bytes());
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "row 1's column 2 has no mirror entry (row 2 lacks column 1)");
  // 0 <-> 1 alone is symmetric: flagged undirected, it loads.
  write_snapshot(Graph::from_csr(Csr{{0, 1, 2, 2}, {1, 0}, {}}, true, graphrun::IdMap{}), dir.path("pair.grb"));
  Forgery pair(graphrun::test::read_bytes(dir.path("pair.grb")));
  pair.header.flags &= ~graphrun::io::detail::flag_directed;
  CHECK_FALSE(read_snapshot(dir.write("pair-undirected.grb", pair.bytes())).directed());
}

TEST_CASE("a forged undirected graph whose mirrored values differ is refused", "[io][snapshot][errors]") {
  TempDir dir;
  Forgery forgery = forgery_of(dir, "karate.mtx");  // undirected, every value 1
  const vertex_t r = forgery.row_with(1);
  const auto e = forgery.offsets[r];
  forgery.values[e] = 2.0f;
  const auto file = dir.write("forged.grb", forgery.bytes());
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0,
                    "row " + std::to_string(r) + "'s column " + std::to_string(forgery.indices[e]) + " holds 2 but its mirror");
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "(bits differ)");

  forgery.values[e] = std::nextafter(1.0f, 2.0f);  // one ulp is enough
  dir.write("forged.grb", forgery.bytes());
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "(bits differ)");

  forgery.values[e] = -1.0f;  // what a skew-symmetric file builds
  dir.write("forged.grb", forgery.bytes());
  CHECK(read_snapshot(file).out_edges().values[static_cast<std::size_t>(e)] == -1.0f);
}

TEST_CASE("snapshots of skew-symmetric and symmetrized weighted graphs load", "[io][snapshot]") {
  TempDir dir;
  graphrun::EdgeList edges;
  edges.num_vertices = 4;
  edges.symmetry = graphrun::Symmetry::skew_symmetric;
  edges.src = {1, 2, 3, 3};
  edges.dst = {0, 0, 1, 2};
  edges.weights = {0.5f, -3.25f, 0.0f, 7.0f};
  const auto file = dir.path("skew.grb");
  const Graph skew = Graph::build(edges);
  write_snapshot(skew, file);
  check_same_graph(skew, read_snapshot(file));

  edges.symmetry = graphrun::Symmetry::general;
  BuildOptions symmetrize;
  symmetrize.undirected = true;
  const Graph symmetrized = Graph::build(edges, symmetrize);
  write_snapshot(symmetrized, file);
  check_same_graph(symmetrized, read_snapshot(file));
}

TEST_CASE("a forged id base whose printed ids would overflow is refused", "[io][snapshot][errors]") {
  TempDir dir;
  Forgery forgery = forgery_of(dir, "karate.mtx");  // 34 vertices, no id map: vertex v prints as base + v
  REQUIRE(forgery.ids.empty());
  constexpr std::int64_t max = std::numeric_limits<std::int64_t>::max();
  forgery.header.id_base = max - 32;
  const auto file = dir.write("forged.grb", forgery.bytes());
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0,
                    "id base " + std::to_string(max - 32) + " makes vertex 33's original id overflow");

  forgery.header.id_base = max - 33;  // the largest that fits
  dir.write("forged.grb", forgery.bytes());
  CHECK(read_snapshot(file).ids().original(33) == max);

  forgery.header.id_base = std::numeric_limits<std::int64_t>::min();  // ids down to the minimum print fine
  dir.write("forged.grb", forgery.bytes());
  CHECK(read_snapshot(file).ids().original(0) == std::numeric_limits<std::int64_t>::min());
}

TEST_CASE("a forged NaN or infinite value is refused", "[io][snapshot][errors]") {
  TempDir dir;
  for (const float bad : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                          -std::numeric_limits<float>::infinity()}) {
    INFO(bad);
    Forgery forgery = forgery_of(dir, "ldbc-directed-example.mtx");
    const auto e = static_cast<graphrun::edge_t>(forgery.values.size() / 2);
    forgery.values[static_cast<std::size_t>(e)] = bad;
    const auto file = dir.write("forged.grb", forgery.bytes());
    CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0,
                      "row " + std::to_string(forgery.row_of(e)) + "'s column " +
                          std::to_string(forgery.indices[static_cast<std::size_t>(e)]) + " holds " +
                          (std::isnan(bad) ? "NaN" : "infinity") + ": values must be finite");
  }
}

TEST_CASE("forged offsets and columns are refused, naming the row", "[io][snapshot][errors]") {
  TempDir dir;
  const auto file = dir.path("forged.grb");
  const Forgery good = forgery_of(dir, "ldbc-directed-example.mtx");
  const auto n = static_cast<vertex_t>(good.header.vertices);
  const auto m = static_cast<graphrun::edge_t>(good.header.entries);
  const vertex_t r = good.row_with(2);
  const auto e = static_cast<std::size_t>(good.offsets[r]);
  const std::string row = "row " + std::to_string(r) + "'s ";
  auto refused = [&](auto forge, const std::string& reason) {
    INFO(reason);
    Forgery forgery = good;
    forge(forgery);
    dir.write("forged.grb", forgery.bytes());
    CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "invalid CSR in snapshot: " + reason);
  };
  refused([&](Forgery& f) { f.indices[e] = n; },
          row + "column " + std::to_string(n) + " is out of range (n = " + std::to_string(n) + ")");
  refused([&](Forgery& f) { f.indices[e] = graphrun::no_vertex; },  // the bits of an int32 -1
          row + "column 4294967295 (-1 as int32) is out of range (n = " + std::to_string(n) + ")");
  refused([&](Forgery& f) { std::swap(f.indices[e], f.indices[e + 1]); },
          row + "columns are not strictly increasing at entry " + std::to_string(e + 1));
  refused([&](Forgery& f) { f.indices[e + 1] = f.indices[e]; },
          row + "columns are not strictly increasing at entry " + std::to_string(e + 1));
  refused([&](Forgery& f) { f.offsets[0] = 1; }, "the offsets start at 1, not 0");
  refused([&](Forgery& f) { f.offsets.back() = m - 1; },
          "the last offset is " + std::to_string(m - 1) + ", not the entry count " + std::to_string(m));
  refused([&](Forgery& f) { f.offsets[static_cast<std::size_t>(r) + 1] = f.offsets[r] - 1; },
          row + "offsets " + std::to_string(good.offsets[r]) + ".." + std::to_string(good.offsets[r] - 1) +
              " are decreasing");
  refused([&](Forgery& f) { f.offsets[static_cast<std::size_t>(r) + 1] = m + 5; },
          row + "offsets " + std::to_string(good.offsets[r]) + ".." + std::to_string(m + 5) +
              " are decreasing or outside 0.." + std::to_string(m));
}

// The path 0 -> 1 -> 2 with the given id map.
static graphrun::EdgeList path_of_three(graphrun::IdMap ids) {
  graphrun::EdgeList edges;
  edges.num_vertices = 3;
  edges.src = {0, 1};
  edges.dst = {1, 2};
  edges.ids = std::move(ids);
  return edges;
}

TEST_CASE("a forged id map out of order is refused", "[io][snapshot][errors]") {
  TempDir dir;
  graphrun::IdMap ids;
  ids.base = 0;
  ids.ids = {-7, 40, 1000};
  write_snapshot(Graph::build(path_of_three(ids)), dir.path("good.grb"));
  Forgery forgery(graphrun::test::read_bytes(dir.path("good.grb")));
  forgery.ids[2] = 40;
  const auto file = dir.write("forged.grb", forgery.bytes());
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "original vertex ids are not strictly increasing");
}

TEST_CASE("forged names of a named graph's snapshot are refused", "[io][snapshot][errors]") {
  TempDir dir;
  graphrun::IdMap ids;
  ids.base = 0;
  ids.names = {"alice", "bob", "carol"};
  const graphrun::EdgeList edges = path_of_three(ids);
  write_snapshot(Graph::build(edges), dir.path("good.grb"));
  const Forgery good(graphrun::test::read_bytes(dir.path("good.grb")));
  REQUIRE(good.named());
  CHECK(read_snapshot(dir.write("unforged.grb", good.bytes())).ids().names == edges.ids.names);
  Forgery unsorted = good;
  std::copy_n("aaa", 3, unsorted.names.begin() + 5);  // alice, aaa, carol
  const auto file = dir.write("unsorted.grb", unsorted.bytes());
  CHECK_INPUT_ERROR([&] { read_snapshot(file); }, file, 0, "vertex names are not strictly increasing");
  Forgery decreasing = good;
  decreasing.ids[1] = 2;
  const auto back = dir.write("decreasing.grb", decreasing.bytes());
  CHECK_INPUT_ERROR([&] { read_snapshot(back); }, back, 0, "the name ends decrease");
  Forgery longer = good;
  longer.ids[2] = 40;  // more bytes than the payload holds
  const auto past = dir.write("longer.grb", longer.bytes());
  CHECK_INPUT_ERROR([&] { read_snapshot(past); }, past, 0, "the names take 40 bytes");
}

TEST_CASE("adopt_csr takes a valid CSR as it is and names the first problem of an invalid one", "[io][csr]") {
  using graphrun::UsageError;
  using graphrun::io::adopt_csr;
  // 0 -> 1, 1 -> {0, 2}, 2 -> 1 (symmetric), weighted.
  const Csr valid{{0, 1, 3, 4}, {1, 0, 2, 1}, {1.0f, 1.0f, 2.0f, 2.0f}};
  const Graph undirected = adopt_csr(valid, false, "test");
  CHECK(!undirected.directed());
  CHECK(undirected.out_edges().indices == valid.indices);
  CHECK(undirected.ids().original(2) == 2);  // positions are the ids
  const Graph directed = adopt_csr(Csr{{0, 1, 1}, {1}, {}}, true);
  CHECK(directed.num_entries() == 1);
  CHECK(directed.in_edges().indices == std::vector<vertex_t>{0});
  CHECK(adopt_csr(Csr{}, true).num_vertices() == 0);

  Csr unsorted = valid;
  std::swap(unsorted.indices[1], unsorted.indices[2]);
  CHECK_THROWS_WITH(adopt_csr(unsorted, true, "test"), Catch::Contains("test: row 1"));
  Csr out_of_range = valid;
  out_of_range.indices[3] = 3;
  CHECK_THROWS_AS(adopt_csr(out_of_range, true), UsageError);
  Csr bad_offsets = valid;
  bad_offsets.offsets[2] = 5;
  CHECK_THROWS_AS(adopt_csr(bad_offsets, true), UsageError);
  Csr not_finite = valid;
  not_finite.values[0] = std::numeric_limits<float>::infinity();
  CHECK_THROWS_AS(adopt_csr(not_finite, true), UsageError);
  Csr asymmetric = valid;
  asymmetric.values[3] = 3.0f;  // 2 -> 1 differs from 1 -> 2
  CHECK_NOTHROW(adopt_csr(asymmetric, true));
  CHECK_THROWS_WITH(adopt_csr(asymmetric, false), Catch::Contains("symmetric"));
}
