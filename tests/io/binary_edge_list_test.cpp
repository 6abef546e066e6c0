// Graph500-style binary edge lists (el64: int64 pairs, el32: uint32 pairs):
// ids compacted like a text edge list's, and every malformed file an
// InputError naming the file and the problem.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "graphrun/error.hpp"
#include "graphrun/io/read.hpp"
#include "io/io_test_support.hpp"

using graphrun::io::detect_format;
using graphrun::io::Format;
using graphrun::io::read_binary_edge_list;
using graphrun::io::read_edges;
using graphrun::test::TempDir;

namespace {

// Little-endian bytes of the given words, as the files hold them.
template <typename Word>
std::string little_endian_bytes(const std::vector<Word>& words) {
  std::string bytes;
  for (const Word word : words)
    for (std::size_t byte = 0; byte < sizeof(Word); ++byte)
      bytes.push_back(static_cast<char>((static_cast<std::uint64_t>(word) >> (8 * byte)) & 0xff));
  return bytes;
}

}  // namespace

TEST_CASE("el64 and el32 files read as pairs with sparse ids", "[io][binary]") {
  TempDir dir;
  const auto el64 = dir.write("g.el64", little_endian_bytes<std::int64_t>({10, 20, 20, 30, 30, 10, 1LL << 40, 10}));
  const graphrun::EdgeList edges = read_edges(el64);
  CHECK(edges.num_vertices == 4);
  CHECK(edges.ids.ids == std::vector<std::int64_t>{10, 20, 30, 1LL << 40});
  CHECK(edges.src == std::vector<graphrun::vertex_t>{0, 1, 2, 3});
  CHECK(edges.dst == std::vector<graphrun::vertex_t>{1, 2, 0, 0});
  CHECK(edges.weights.empty());

  // uint32 ids above the int32 range stay what they are.
  const auto el32 = dir.write("g.el32", little_endian_bytes<std::uint32_t>({4000000000u, 7, 7, 4000000000u}));
  const graphrun::EdgeList small = read_edges(el32);
  CHECK(small.ids.ids == std::vector<std::int64_t>{7, 4000000000LL});
  CHECK(small.src == std::vector<graphrun::vertex_t>{1, 0});
  CHECK(small.dst == std::vector<graphrun::vertex_t>{0, 1});

  // Any name with --format (here through ReadOptions).
  const auto bare = dir.write("pairs.bin", little_endian_bytes<std::int64_t>({1, 2}));
  graphrun::io::ReadOptions options;
  options.format = graphrun::io::parse_format("el64");
  CHECK(read_edges(bare, options).size() == 1);
  CHECK(detect_format("/nowhere/kron.el64") == Format::binary64);
  CHECK(detect_format("/nowhere/kron.EL32") == Format::binary32);
}

TEST_CASE("malformed binary edge lists name the problem", "[io][binary][errors]") {
  TempDir dir;
  const auto empty = dir.write("empty.el64", "");
  CHECK_INPUT_ERROR([&] { read_binary_edge_list(empty, Format::binary64); }, empty, 0, "empty file");
  const auto ragged = dir.write("ragged.el64", little_endian_bytes<std::int64_t>({1, 2, 3}));
  CHECK_INPUT_ERROR([&] { read_binary_edge_list(ragged, Format::binary64); }, ragged, 0,
                    "24 bytes, not a whole number of 16-byte pairs");
  const auto ragged32 = dir.write("ragged.el32", std::string(10, '\0'));
  CHECK_INPUT_ERROR([&] { read_binary_edge_list(ragged32, Format::binary32); }, ragged32, 0,
                    "10 bytes, not a whole number of 8-byte pairs");
  const auto negative = dir.write("neg.el64", little_endian_bytes<std::int64_t>({1, 2, -3, 4}));
  CHECK_INPUT_ERROR([&] { read_binary_edge_list(negative, Format::binary64); }, negative, 0,
                    "pair 1 (byte 16) holds a negative id (-3, 4)");
}

TEST_CASE("a binary edge list larger than one read chunk keeps its order", "[io][binary]") {
  TempDir dir;
  constexpr std::int64_t pairs = 700'000;  // 11.2 MB: more than one 8 MiB chunk per thread's read
  std::vector<std::int64_t> words;
  for (std::int64_t i = 0; i < pairs; ++i) {
    words.push_back(2 * i);
    words.push_back(2 * i + 2);
  }
  const graphrun::EdgeList edges = read_edges(dir.write("path.el64", little_endian_bytes(words)));
  REQUIRE(edges.size() == static_cast<std::size_t>(pairs));
  CHECK(edges.num_vertices == pairs + 1);
  bool ordered = true;
  for (std::size_t i = 0; i < edges.size(); ++i)
    ordered = ordered && edges.src[i] == static_cast<graphrun::vertex_t>(i) && edges.dst[i] == edges.src[i] + 1;
  CHECK(ordered);
}
