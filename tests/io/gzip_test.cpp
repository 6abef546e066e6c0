// Transparent gzip: recognised by magic bytes, concatenated members,
// truncated and corrupt streams refused.
#include <catch2/catch.hpp>

#include "graphrun/io/read.hpp"
#include "io/io_test_support.hpp"

using graphrun::EdgeList;
using graphrun::io::read_edge_list;
using graphrun::io::read_matrix_market;
using graphrun::test::TempDir;

namespace {

const std::string small_mtx = "%%MatrixMarket matrix coordinate real general\n% gz\n4 4 3\n1 2 0.5\n2 3 1.5\n4 1 -1\n";

void check_small(const EdgeList& edges) {
  CHECK(edges.num_vertices == 4);
  CHECK(edges.src == std::vector<graphrun::vertex_t>{0, 1, 3});
  CHECK(edges.dst == std::vector<graphrun::vertex_t>{1, 2, 0});
  CHECK(edges.weights == std::vector<float>{0.5f, 1.5f, -1.0f});
}

std::string gzip_bytes(const TempDir& dir, const std::string& text) {
  return graphrun::test::read_bytes(dir.write_gzip("member.gz", text));
}

}  // namespace

TEST_CASE("gzip is detected by magic bytes, not by name", "[io][gzip]") {
  TempDir dir;
  SECTION(".mtx.gz") { check_small(read_matrix_market(dir.write_gzip("a.mtx.gz", small_mtx))); }
  SECTION("compressed data under a plain name") { check_small(read_matrix_market(dir.write_gzip("a.mtx", small_mtx))); }
  SECTION("plain text under a .gz name") { check_small(read_matrix_market(dir.write("a.mtx.gz", small_mtx))); }
  SECTION("concatenated gzip members read as one text") {
    const auto first = gzip_bytes(dir, small_mtx.substr(0, 60));
    const auto second = gzip_bytes(dir, small_mtx.substr(60));
    check_small(read_matrix_market(dir.write("cat.mtx.gz", first + second)));
  }
  SECTION("an edge list") {
    const EdgeList edges = read_edge_list(dir.write_gzip("e.txt.gz", "# c\n5 6\n6 5\n"));
    CHECK(edges.ids.ids == std::vector<std::int64_t>{5, 6});
  }
}

TEST_CASE("a large gzip file crosses many blocks", "[io][gzip]") {
  TempDir dir;
  std::string text = "%%MatrixMarket matrix coordinate pattern general\n1000 1000 100000\n";
  for (int i = 0; i < 100000; ++i) text += std::to_string(i % 1000 + 1) + " " + std::to_string(i / 100 + 1) + "\n";
  graphrun::io::ReadOptions options;
  options.block_bytes = 4096;
  const auto file = dir.write_gzip("big.mtx.gz", text);
  for (const int threads : {1, 8}) {  // 8: the blocks are gunzipped in the background
    INFO("threads " << threads);
    const graphrun::test::ThreadCount scope(threads);
    const EdgeList edges = read_matrix_market(file, options);
    REQUIRE(edges.size() == 100000);
    bool all_right = true;
    for (graphrun::vertex_t i = 0; i < 100000; ++i)
      all_right = all_right && edges.src[i] == i % 1000 && edges.dst[i] == i / 100;
    CHECK(all_right);
  }
}

TEST_CASE("truncated and corrupt gzip files are refused", "[io][gzip][errors]") {
  TempDir dir;
  std::string text = "%%MatrixMarket matrix coordinate pattern general\n100 100 2000\n";
  for (int i = 0; i < 2000; ++i) text += std::to_string(i % 100 + 1) + " " + std::to_string(i % 97 + 1) + "\n";
  const std::string whole = graphrun::test::read_bytes(dir.write_gzip("whole.gz", text));
  SECTION("cut at several points") {
    for (const std::size_t keep :
         {std::size_t{2}, std::size_t{10}, whole.size() / 2, whole.size() - 4, whole.size() - 1}) {
      INFO("kept " << keep << " of " << whole.size() << " bytes");
      const auto file = dir.write("cut.mtx.gz", whole.substr(0, keep));
      for (const int threads : {1, 8}) {  // 8: the error comes from the background read
        const graphrun::test::ThreadCount scope(threads);
        graphrun::io::ReadOptions small_blocks;
        small_blocks.block_bytes = 1024;
        CHECK_INPUT_ERROR([&] { read_matrix_market(file, small_blocks); }, file, 0, "truncated gzip stream");
      }
    }
  }
  SECTION("a damaged CRC or length in the trailer") {
    for (const std::size_t at : {whole.size() - 6, whole.size() - 2}) {
      INFO("damaged byte " << at);
      std::string damaged = whole;
      damaged[at] = static_cast<char>(damaged[at] ^ 0x5a);
      const auto file = dir.write("bad.mtx.gz", damaged);
      CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 0, "corrupt gzip data");
    }
  }
  SECTION("damaged compressed data") {
    // Depending on the bit, inflate sees bad codes, a wrong CRC or a stream
    // that no longer ends in time: any of them, never a silent success.
    for (const std::size_t at : {std::size_t{20}, whole.size() / 3, whole.size() / 2}) {
      INFO("damaged byte " << at);
      std::string damaged = whole;
      damaged[at] = static_cast<char>(damaged[at] ^ 0x5a);
      const auto file = dir.write("bad.mtx.gz", damaged);
      CHECK_INPUT_ERROR([&] { read_matrix_market(file); }, file, 0, "gzip");
    }
  }
}
