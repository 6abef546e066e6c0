// Parallel, block-streamed parsing: results independent of the block size and
// the thread count, and line numbers exact deep inside multi-block files.
#include <catch2/catch.hpp>
#include <sstream>

#include "graphrun/io/read.hpp"
#include "io/io_test_support.hpp"

using graphrun::EdgeList;
using graphrun::vertex_t;
using graphrun::io::read_edge_list;
using graphrun::io::read_matrix_market;
using graphrun::io::ReadOptions;
using graphrun::test::TempDir;
using graphrun::test::ThreadCount;

namespace {

struct GeneratedFile {
  std::string text;
  std::vector<vertex_t> src, dst;
  std::vector<float> weights;
  std::uint64_t lines = 0;  // lines written so far
};

// A Matrix Market file with comments, blank lines and CRLF sprinkled among
// the entries, so block and range boundaries fall everywhere.
GeneratedFile generate_mtx(std::mt19937_64& random, vertex_t n, std::size_t m) {
  GeneratedFile file;
  std::ostringstream text;
  text << "%%MatrixMarket matrix coordinate real general\n% generated\n" << n << ' ' << n << ' ' << m << '\n';
  file.lines = 3;
  std::uniform_int_distribution<vertex_t> vertex(0, n - 1);
  std::uniform_int_distribution<int> weight(-1000, 1000), oddity(0, 40);
  for (std::size_t i = 0; i < m; ++i) {
    switch (oddity(random)) {
      case 0:
        text << "% a comment line between entries\n";
        ++file.lines;
        break;
      case 1:
        text << "\n";
        ++file.lines;
        break;
      case 2:
        text << "%" << std::string(300, 'x') << "\n";
        ++file.lines;
        break;
      default: break;
    }
    const vertex_t u = vertex(random), v = vertex(random);
    const float w = static_cast<float>(weight(random)) / 8.0f;  // exact in decimal and binary
    text << u + 1 << (i % 7 == 0 ? "\t" : " ") << v + 1 << ' ' << w << (i % 5 == 0 ? "\r\n" : "\n");
    ++file.lines;
    file.src.push_back(u);
    file.dst.push_back(v);
    file.weights.push_back(w);
  }
  file.text = text.str();
  return file;
}

}  // namespace

TEST_CASE("any block size and thread count gives the same entries", "[io][parallel]") {
  const auto seed = graphrun::test::fresh_seed();
  INFO("seed " << seed);
  std::mt19937_64 random(seed);
  TempDir dir;
  const GeneratedFile generated = generate_mtx(random, 5000, 60000);
  const auto file = dir.write("gen.mtx", generated.text);
  for (const int threads : {1, 3, 8}) {
    for (const std::size_t block : {std::size_t{0}, std::size_t{100}, std::size_t{4096}, std::size_t{65536}}) {
      INFO("threads " << threads << ", block " << block);
      ThreadCount scope(threads);
      ReadOptions options;
      options.block_bytes = block;
      const EdgeList edges = read_matrix_market(file, options);
      CHECK(edges.src == generated.src);
      CHECK(edges.dst == generated.dst);
      CHECK(edges.weights == generated.weights);
    }
  }
}

TEST_CASE("errors deep in a multi-block file carry the exact line", "[io][parallel][errors]") {
  const auto seed = graphrun::test::fresh_seed();
  INFO("seed " << seed);
  std::mt19937_64 random(seed);
  TempDir dir;
  GeneratedFile generated = generate_mtx(random, 1000, 30000);
  const std::string good = generated.text;
  // Break one line chosen at random among the entries.
  std::vector<std::size_t> line_starts;
  for (std::size_t p = 0; p < good.size(); p = good.find('\n', p) + 1) line_starts.push_back(p);
  std::uniform_int_distribution<std::size_t> pick_line(3, line_starts.size() - 1);

  for (int trial = 0; trial < 6; ++trial) {
    const std::size_t index = pick_line(random);  // 0-based line index
    const std::size_t start = line_starts[index];
    std::string broken = good;
    broken.insert(start, "1 1 oops ");  // the inserted text is the start of the broken line
    const auto file = dir.write("broken.mtx", broken);
    for (const int threads : {1, 4, 8}) {  // 8: blocks read in the background
      for (const std::size_t block : {std::size_t{777}, std::size_t{1} << 16}) {
        INFO("line " << index + 1 << ", threads " << threads << ", block " << block);
        ThreadCount scope(threads);
        ReadOptions options;
        options.block_bytes = block;
        CHECK_INPUT_ERROR([&] { read_matrix_market(file, options); }, file, index + 1,
                          "expected a real value, found 'oops'");
      }
    }
  }
}

TEST_CASE("excess and missing entries are found at the right line across blocks", "[io][parallel][errors]") {
  TempDir dir;
  std::string text = "%%MatrixMarket matrix coordinate pattern general\n100 100 20000\n";
  for (int i = 0; i < 20000; ++i) text += std::to_string(i % 100 + 1) + " " + std::to_string(i % 91 + 1) + "\n";
  const std::string extra = text + "% comment\n5 5\n6 6\n";
  const auto too_many = dir.write("many.mtx", extra);
  // Drop the last entry, end with a blank line (line 20002).
  const auto too_few = dir.write("few.mtx", text.substr(0, text.rfind('\n', text.size() - 2) + 1) + "\n");
  for (const int threads : {1, 3}) {
    for (const std::size_t block : {std::size_t{512}, std::size_t{0}}) {
      INFO("threads " << threads << ", block " << block);
      ThreadCount scope(threads);
      ReadOptions options;
      options.block_bytes = block;
      CHECK_INPUT_ERROR([&] { read_matrix_market(too_many, options); }, too_many, 20004, "more entries than the 20000");
      CHECK_INPUT_ERROR([&] { read_matrix_market(too_few, options); }, too_few, 20002, "ends after 19999 of the 20000");
    }
  }
}

TEST_CASE("lines longer than a block and headers spanning blocks", "[io][parallel]") {
  TempDir dir;
  const std::string long_comment = "%" + std::string(10000, 'c') + "\n";
  const std::string text = "%%MatrixMarket matrix coordinate pattern general\n" + long_comment + long_comment +
                           "3 3 2\n" + long_comment + "1 2\n" + long_comment + "3 1\n";
  ReadOptions options;
  options.block_bytes = 64;
  const EdgeList edges = read_matrix_market(dir.write("long.mtx", text), options);
  CHECK(edges.src == std::vector<vertex_t>{0, 2});
  CHECK(edges.dst == std::vector<vertex_t>{1, 0});

  const std::string edges_text =
      "#" + std::string(5000, 'c') + "\n# more\n1 2\n" + "#" + std::string(5000, 'c') + "\n2 3\n";
  const EdgeList listed = read_edge_list(dir.write("long.txt", edges_text), options);
  CHECK(listed.ids.ids == std::vector<std::int64_t>{1, 2, 3});
  const auto bad = dir.write("longbad.txt", edges_text + "3 4 5\n");
  CHECK_INPUT_ERROR([&] { read_edge_list(bad, options); }, bad, 6, "unexpected extra field '5'");
}

TEST_CASE("a large generated edge list with sparse ids, many blocks and threads", "[io][parallel][edges]") {
  const auto seed = graphrun::test::fresh_seed();
  INFO("seed " << seed);
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<std::int64_t> id(0, std::int64_t{1} << 50);
  std::vector<std::int64_t> pool(3000);
  for (auto& v : pool) v = id(random);
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  std::ostringstream text;
  text << "# generated\n";
  std::vector<std::pair<std::int64_t, std::int64_t>> expected;
  for (int i = 0; i < 50000; ++i) {
    const std::int64_t u = pool[pick(random)], v = pool[pick(random)];
    text << u << (i % 3 == 0 ? "," : "\t") << v << "\n";
    expected.emplace_back(u, v);
  }
  TempDir dir;
  const auto file = dir.write("big.txt", text.str());
  ThreadCount scope(3);
  ReadOptions options;
  options.block_bytes = 65536;
  const EdgeList edges = read_edge_list(file, options);
  REQUIRE(edges.size() == expected.size());
  CHECK(std::is_sorted(edges.ids.ids.begin(), edges.ids.ids.end()));
  bool all_right = true;
  for (std::size_t i = 0; i < expected.size(); ++i)
    all_right = all_right && edges.ids.original(edges.src[i]) == expected[i].first &&
                edges.ids.original(edges.dst[i]) == expected[i].second;
  CHECK(all_right);
}
