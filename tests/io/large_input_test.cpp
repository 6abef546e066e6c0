// Inputs large enough to take the bulk paths: text and snapshot sections read
// by several threads at once (positional reads of several MB), columns on
// huge pages, per-thread entries appended in parallel. Results must not
// depend on the thread count or the block size, and errors keep their line.
#include <catch2/catch.hpp>
#include <algorithm>
#include <iomanip>
#include <random>
#include <sstream>

#include "graphrun/internal/parallel.hpp"
#include "graphrun/graph.hpp"
#include "graphrun/io/read.hpp"
#include "graphrun/io/snapshot.hpp"
#include "io/io_test_support.hpp"

using graphrun::EdgeList;
using graphrun::Graph;
using graphrun::vertex_t;
using graphrun::io::ReadOptions;
using graphrun::test::TempDir;
using graphrun::test::ThreadCount;

namespace {

struct LargeFile {
  std::string text;
  EdgeList expected;
  std::vector<std::uint64_t> entry_line;  // 1-based line of each entry
};

// ~15 MB: well above the parallel read threshold (4 MB per thread), with
// comments, blank lines, CRLF and tabs everywhere, so ranges and blocks
// start at every kind of line.
LargeFile generate_large_mtx(std::mt19937_64& random, vertex_t n, std::size_t m) {
  LargeFile file;
  file.expected.num_vertices = n;
  std::ostringstream text;
  text << std::setprecision(12);  // weights are k / 64: exact with enough digits
  text << "%%MatrixMarket matrix coordinate real general\n%%comment\n" << n << ' ' << n << ' ' << m << "\r\n";
  std::uint64_t line = 3;
  std::uniform_int_distribution<vertex_t> vertex(0, n - 1);
  std::uniform_int_distribution<int> weight(-100000, 100000), oddity(0, 60);
  for (std::size_t i = 0; i < m; ++i) {
    const int odd = oddity(random);
    if (odd == 0) text << "% comment " << i << '\n', ++line;
    if (odd == 1) text << "\n", ++line;
    if (odd == 2) text << " \t\r\n", ++line;
    const vertex_t u = vertex(random), v = vertex(random);
    const float w = static_cast<float>(weight(random)) / 64.0f;  // exact in decimal and binary
    text << u + 1 << (odd == 3 ? "\t" : " ") << v + 1 << ' ' << w << (odd == 4 ? "\r\n" : "\n");
    file.entry_line.push_back(++line);
    file.expected.src.push_back(u);
    file.expected.dst.push_back(v);
    file.expected.weights.push_back(w);
  }
  file.text = text.str();
  return file;
}

// Compares millions of values without letting Catch print them all: the
// first difference is what a failure needs.
template <typename T>
void check_same_values(const std::vector<T>& expected, const std::vector<T>& actual, const char* what) {
  INFO(what);
  REQUIRE(actual.size() == expected.size());
  const auto [left, right] = std::mismatch(expected.begin(), expected.end(), actual.begin());
  if (left != expected.end()) {
    INFO("first difference at " << (left - expected.begin()));
    CHECK(*right == *left);
  }
}

void check_same_edges(const EdgeList& expected, const EdgeList& actual) {
  CHECK(actual.num_vertices == expected.num_vertices);
  check_same_values(expected.src, actual.src, "src");
  check_same_values(expected.dst, actual.dst, "dst");
  check_same_values(expected.weights, actual.weights, "weights");
}

}  // namespace

TEST_CASE("a large file reads the same with any thread count and block size", "[io][parallel][large]") {
  const auto seed = graphrun::test::fresh_seed();
  INFO("seed " << seed);
  std::mt19937_64 random(seed);
  const LargeFile file = generate_large_mtx(random, 200000, 700000);
  REQUIRE(file.text.size() > 12u << 20);
  TempDir dir;
  const auto path = dir.write("large.mtx", file.text);
  for (const int threads : {1, 2, 5}) {
    for (const std::size_t block : {std::size_t{0}, std::size_t{9} << 20, std::size_t{1} << 20}) {
      INFO(threads << " threads, block " << block);
      ThreadCount scope(threads);
      ReadOptions options;
      options.block_bytes = block;
      check_same_edges(file.expected, graphrun::io::read_matrix_market(path, options));
    }
  }
  SECTION("and gzipped") {
    ThreadCount scope(3);
    check_same_edges(file.expected, graphrun::io::read_matrix_market(dir.write_gzip("large.mtx.gz", file.text)));
  }
}

TEST_CASE("an error in the middle of a large file carries its line", "[io][parallel][large][errors]") {
  const auto seed = graphrun::test::fresh_seed();
  INFO("seed " << seed);
  std::mt19937_64 random(seed);
  LargeFile file = generate_large_mtx(random, 100000, 600000);
  TempDir dir;
  const std::size_t bad_entry = std::uniform_int_distribution<std::size_t>(200000, 400000)(random);
  const std::uint64_t bad_line = file.entry_line[bad_entry];
  // Replace the bad line's first character (a digit) with a letter.
  std::size_t at = 0;
  for (std::uint64_t line = 1; line < bad_line; ++line) at = file.text.find('\n', at) + 1;
  file.text[at] = 'x';
  const auto path = dir.write("bad.mtx", file.text);
  for (const int threads : {1, 2, 4}) {
    INFO(threads << " threads");
    ThreadCount scope(threads);
    CHECK_INPUT_ERROR([&] { graphrun::io::read_matrix_market(path); }, path, bad_line, "expected an integer row index");
  }
}

TEST_CASE("a snapshot with multi-MB sections round-trips and detects damage", "[io][snapshot][large]") {
  const auto seed = graphrun::test::fresh_seed();
  INFO("seed " << seed);
  std::mt19937_64 random(seed);
  EdgeList edges;
  edges.num_vertices = 150000;
  std::uniform_int_distribution<vertex_t> vertex(0, edges.num_vertices - 1);
  std::uniform_real_distribution<float> weight(0.5f, 1.5f);
  // One vertex holds a fifth of the entries, the rest spread uniformly.
  for (std::size_t i = 0; i < 2500000; ++i) {
    edges.src.push_back(i % 5 == 0 ? 7 : vertex(random));
    edges.dst.push_back(vertex(random));
    edges.weights.push_back(weight(random));
  }
  graphrun::BuildOptions directed;
  directed.undirected = false;
  const Graph built = Graph::build(edges, directed);
  TempDir dir;
  const auto path = dir.path("large.grb");
  graphrun::io::write_snapshot(built, path);
  for (const int threads : {1, 3}) {
    INFO(threads << " threads");
    ThreadCount scope(threads);
    const Graph loaded = graphrun::io::read_snapshot(path);
    check_same_values(built.out_edges().offsets, loaded.out_edges().offsets, "offsets");
    check_same_values(built.out_edges().indices, loaded.out_edges().indices, "indices");
    check_same_values(built.out_edges().values, loaded.out_edges().values, "values");
    CHECK(loaded.directed());
  }
  // A flipped bit deep inside the values section, read by a later thread.
  std::string bytes = graphrun::test::read_bytes(path);
  REQUIRE(bytes.size() > 16u << 20);
  bytes[bytes.size() - bytes.size() / 7] ^= 0x10;
  const auto damaged = dir.write("damaged.grb", bytes);
  ThreadCount scope(3);
  CHECK_INPUT_ERROR([&] { graphrun::io::read_snapshot(damaged); }, damaged, 0, "checksum mismatch");
}

TEST_CASE("bulk vectors hold what plain vectors hold", "[io][memory]") {
  const auto seed = graphrun::test::fresh_seed();
  std::mt19937_64 random(seed);
  const std::size_t large = (std::size_t{24} << 20) / sizeof(std::int64_t) + 3;  // above the bulk threshold, odd size
  ThreadCount scope(3);
  for (const std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{1000}, large}) {
    INFO("count " << count);
    const auto zeros = graphrun::detail::make_bulk_vector<std::int64_t>(count);
    check_same_values(std::vector<std::int64_t>(count, 0), zeros, "zeros");
    const auto filled = graphrun::detail::make_bulk_vector<std::int64_t>(count, -5);
    check_same_values(std::vector<std::int64_t>(count, -5), filled, "filled");
    // Growing keeps the elements there are and value-initialises the new ones.
    std::vector<std::int64_t> grown(17);
    for (auto& value : grown) value = static_cast<std::int64_t>(random());
    std::vector<std::int64_t> expected = grown;
    expected.resize(count + 17, 0);
    graphrun::detail::resize_bulk(grown, count + 17);
    check_same_values(expected, grown, "grown");
    graphrun::detail::reserve_bulk(grown, 2 * count + 40);
    CHECK(grown.capacity() >= 2 * count + 40);
    check_same_values(expected, grown, "reserved");
  }
}
