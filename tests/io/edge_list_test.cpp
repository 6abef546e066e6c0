// SNAP / LDBC edge lists: separators, comments, sparse 64-bit ids compacted
// in sorted order, weights, and every malformed line.
#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include "graphrun/io/read.hpp"
#include "graphrun/io/snapshot.hpp"
#include "graphrun/io/write.hpp"
#include "io/io_test_support.hpp"
#include "io/src/id_compaction.hpp"

using graphrun::EdgeList;
using graphrun::Symmetry;
using graphrun::vertex_t;
using graphrun::io::read_edge_list;
using graphrun::test::TempDir;

namespace {

// Edges spoken in original ids: what the file said, whatever the compaction.
std::vector<std::tuple<std::int64_t, std::int64_t, float>> original_edges(const EdgeList& edges) {
  std::vector<std::tuple<std::int64_t, std::int64_t, float>> out;
  for (std::size_t i = 0; i < edges.size(); ++i)
    out.emplace_back(edges.ids.original(edges.src[i]), edges.ids.original(edges.dst[i]),
                     edges.weighted() ? edges.weights[i] : 1.0f);
  return out;
}

}  // namespace

TEST_CASE("separators: blanks, tabs, commas with or without blanks, CRLF and comments", "[io][edges]") {
  TempDir dir;
  const auto file = dir.write("mixed.txt",
                              "# SNAP style comment\n"
                              "% Matrix Market style comment\n"
                              "\n"
                              "10 20\n"
                              "20\t30\r\n"
                              "30,10\n"
                              "  40 , 10  \n"
                              "\t# indented comment\n"
                              "10\t,\t40\n"
                              "50 50");  // last line without newline
  const EdgeList edges = read_edge_list(file);
  CHECK(edges.symmetry == Symmetry::general);
  CHECK_FALSE(edges.weighted());
  CHECK(edges.num_vertices == 5);
  CHECK(edges.ids.ids == std::vector<std::int64_t>{10, 20, 30, 40, 50});
  using E = std::tuple<std::int64_t, std::int64_t, float>;
  CHECK(original_edges(edges) ==
        std::vector<E>{{10, 20, 1.f}, {20, 30, 1.f}, {30, 10, 1.f}, {40, 10, 1.f}, {10, 40, 1.f}, {50, 50, 1.f}});
  // Compact ids follow the sorted order of the originals.
  CHECK(edges.src == std::vector<vertex_t>{0, 1, 2, 3, 0, 4});
}

TEST_CASE("three columns carry weights", "[io][edges]") {
  TempDir dir;
  const auto file = dir.write("w.csv", "1,2,0.5\n2,3,-1e2\n3,1,+4\n");
  const EdgeList edges = read_edge_list(file);
  REQUIRE(edges.weighted());
  CHECK(edges.weights == std::vector<float>{0.5f, -100.0f, 4.0f});
}

TEST_CASE("ignore_weights drops the weight column but still checks it", "[io][edges]") {
  TempDir dir;
  graphrun::io::ReadOptions structure_only;
  structure_only.ignore_weights = true;
  const EdgeList edges = read_edge_list(dir.write("w.txt", "1 2 inf\n2 3 0.5\n"), structure_only);
  CHECK_FALSE(edges.weighted());
  CHECK(edges.size() == 2);
  const auto bad = dir.write("bad.txt", "1 2 inf\n2 3 x\n");
  CHECK_INPUT_ERROR([&] { read_edge_list(bad, structure_only); }, bad, 2, "expected a real weight, found 'x'");
}

TEST_CASE("sparse, unordered 64-bit ids compact to their sorted rank", "[io][edges]") {
  TempDir dir;
  const std::int64_t big = std::numeric_limits<std::int64_t>::max();
  std::ostringstream text;
  text << big << " 0\n" << 4000000000000LL << ' ' << big << "\n7 4000000000000\n0 7\n";
  const EdgeList edges = read_edge_list(dir.write("sparse.el", text.str()));
  CHECK(edges.ids.ids == std::vector<std::int64_t>{0, 7, 4000000000000LL, big});
  CHECK(edges.src == std::vector<vertex_t>{3, 2, 1, 0});
  CHECK(edges.dst == std::vector<vertex_t>{0, 3, 2, 1});
  CHECK(edges.ids.compact(4000000000000LL, edges.num_vertices) == 2);
  CHECK(edges.ids.compact(8, edges.num_vertices) == graphrun::no_vertex);
}

TEST_CASE("an id past vertex_t deep in a file switches to 64-bit ids: errors before it keep their line", "[io][edges]") {
  // The narrow pass parses into vertex_t columns and stops at the first id
  // that does not fit one; the file is then parsed with 64-bit ids.
  TempDir dir;
  const std::int64_t fits = std::numeric_limits<vertex_t>::max();
  std::ostringstream text;
  text << "# header\n";
  for (std::int64_t i = 0; i < 30000; ++i) text << (i * 7919) % 100003 << ' ' << (i * 104729) % 100019 << '\n';
  text << fits << " 5\n";
  const std::string narrow_text = text.str();
  text << fits + 1 << " 6\n" << 12 << ' ' << 4000000000000LL << '\n';
  const std::string wide_text = text.str();
  for (const int threads : {1, 3, 8}) {
    for (const std::size_t block : {std::size_t{0}, std::size_t{4096}}) {
      INFO("threads " << threads << ", block " << block);
      graphrun::test::ThreadCount scope(threads);
      graphrun::io::ReadOptions options;
      options.block_bytes = block;
      const EdgeList narrow = read_edge_list(dir.write("narrow.el", narrow_text), options);
      const EdgeList wide = read_edge_list(dir.write("wide.el", wide_text), options);
      REQUIRE(narrow.size() == 30001);
      REQUIRE(wide.size() == 30003);
      CHECK(narrow.ids.ids.back() == fits);
      CHECK(wide.ids.ids.back() == 4000000000000LL);
      CHECK(wide.ids.original(wide.src[30001]) == fits + 1);
      CHECK(wide.ids.original(wide.dst[30002]) == 4000000000000LL);
      bool same_prefix = true;  // every narrow entry reads the same either way
      for (std::size_t i = 0; i < narrow.size(); ++i)
        same_prefix = same_prefix && narrow.ids.original(narrow.src[i]) == wide.ids.original(wide.src[i]) &&
                      narrow.ids.original(narrow.dst[i]) == wide.ids.original(wide.dst[i]);
      CHECK(same_prefix);
      // A bad line before the wide id is reported at its own line.
      std::string broken = wide_text;
      broken.insert(broken.find('\n', broken.size() / 2) + 1, "1 x\n");
      const auto file = dir.write("broken.el", broken);
      const std::uint64_t bad_line =
          static_cast<std::uint64_t>(std::count(broken.begin(), broken.begin() + static_cast<std::ptrdiff_t>(broken.find("1 x\n")), '\n')) + 1;
      CHECK_INPUT_ERROR([&] { read_edge_list(file, options); }, file, bad_line, "expected an integer target id, found 'x'");
    }
  }
}

TEST_CASE("random sparse and dense ids: both compaction strategies match a std::map oracle", "[io][edges]") {
  const auto seed = graphrun::test::fresh_seed();
  INFO("seed " << seed);
  std::mt19937_64 random(seed);
  using graphrun::io::detail::CompactionStrategy;
  // 2 x 100000 ids make three sorted slices with three threads: an uneven
  // merge tree.
  graphrun::test::ThreadCount scope(3);
  for (const std::int64_t id_range :
       {std::int64_t{50}, std::int64_t{5000}, std::int64_t{1} << 40, std::numeric_limits<std::int64_t>::max()}) {
    INFO("id range " << id_range);
    std::uniform_int_distribution<std::int64_t> pick(0, id_range);
    const std::size_t m = 100000;
    std::vector<std::int64_t> src(m), dst(m);
    for (std::size_t i = 0; i < m; ++i) {
      src[i] = pick(random);
      dst[i] = pick(random);
    }
    std::set<std::int64_t> distinct(src.begin(), src.end());
    distinct.insert(dst.begin(), dst.end());
    const std::vector<std::int64_t> expected_ids(distinct.begin(), distinct.end());
    std::map<std::int64_t, vertex_t> rank;
    for (std::size_t v = 0; v < expected_ids.size(); ++v) rank[expected_ids[v]] = static_cast<vertex_t>(v);

    for (const auto strategy : {CompactionStrategy::automatic, CompactionStrategy::sort, CompactionStrategy::bitmap}) {
      if (strategy == CompactionStrategy::bitmap && id_range > (std::int64_t{1} << 32)) continue;  // bitmap too big
      const auto compacted = graphrun::io::detail::compact_ids(graphrun::io::detail::IdColumns<std::int64_t>{src, dst},
                                                               "test", strategy);
      CHECK(compacted.sorted_ids == expected_ids);
      bool all_ranks_right = true;
      for (std::size_t i = 0; i < m; ++i)
        all_ranks_right = all_ranks_right && compacted.src[i] == rank[src[i]] && compacted.dst[i] == rank[dst[i]];
      CHECK(all_ranks_right);
      if (id_range > std::numeric_limits<vertex_t>::max()) continue;
      // The same ids as vertex_t columns, relabelled in place.
      graphrun::io::detail::IdColumns<vertex_t> narrow{std::vector<vertex_t>(src.begin(), src.end()),
                                                      std::vector<vertex_t>(dst.begin(), dst.end())};
      const auto in_place = graphrun::io::detail::compact_ids(std::move(narrow), "test", strategy);
      CHECK(in_place.sorted_ids == expected_ids);
      CHECK(in_place.src == compacted.src);
      CHECK(in_place.dst == compacted.dst);
    }
  }
}

TEST_CASE("edge list errors", "[io][edges][errors]") {
  TempDir dir;
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"# c\n1 2\n2 3 4\n", 3,
       "unexpected extra field '4': every data line needs 2 fields 'source target' like the first one (line 2)"},
      {"1 2 1\n2 3\n", 2, "line ends after 2 fields: every data line needs 3 fields"},
      {"1 2\n3\n", 2, "line ends after 1 field:"},
      {"1 2\n3,\n", 2, "line ends after 1 field:"},
      {"1 2\n3,,4\n", 2, "expected an integer target id, found ',4'"},
      {"1 2 3 4\n", 1, "expected 2 fields 'source target' or 3 'source target weight', found 4"},
      {"\n# c\n7\n", 3, "found 1"},
      {"1 2\n-3 4\n", 2, "source id -3 is negative"},
      {"1 2\n3 99999999999999999999\n", 2, "target id 99999999999999999999 does not fit in 63 bits"},
      {"1 2\nx 4\n", 2, "expected an integer source id, found 'x'"},
      {"1 2\n1.5 4\n", 2, "expected an integer source id, found '1.5'"},
      {"1 2 1\n3 4 nan\n", 2, "weight 'nan' is not finite"},
      {"1 2 1\n3 4 inf\n", 2, "weight 'inf' is not finite"},
      {"1 2 1\n3 4 1e300\n", 2, "weight '1e300' does not fit in a 32-bit float"},
      {"1 2 1\n3 4 w\n", 2, "expected a real weight, found 'w'"},
      {"# only\n% comments\n\n", 3, "no edges: the file holds only comments and blank lines"},
      {"", 0, "empty file"},
  };
  for (const auto& [text, line, reason] : cases) {
    INFO(text);
    const auto file = dir.write("bad.txt", text);
    CHECK_INPUT_ERROR([&] { read_edge_list(file); }, file, line, reason);
  }
}

TEST_CASE("a header row names the columns: --src, --dst and --weight pick them", "[io][edges][header]") {
  TempDir dir;
  const auto csv = dir.write("roads.csv", "# exported\nfrom,\"to\",km,name\n10,20,1.5,x\n20,30,2,y\n");
  const EdgeList plain = read_edge_list(csv);  // four columns: source, target, no weight by default
  CHECK(plain.ids.ids == std::vector<std::int64_t>{10, 20, 30});
  CHECK(plain.src == std::vector<vertex_t>{0, 1});
  CHECK(plain.dst == std::vector<vertex_t>{1, 2});
  CHECK(plain.weights.empty());

  graphrun::io::ReadOptions named;
  named.source_column = "to";
  named.target_column = "from";
  named.weight_column = "km";
  const EdgeList swapped = read_edge_list(csv, named);
  CHECK(swapped.src == std::vector<vertex_t>{1, 2});
  CHECK(swapped.dst == std::vector<vertex_t>{0, 1});
  CHECK(swapped.weights == std::vector<float>{1.5f, 2.0f});

  // Exactly three columns: the third is the weight; TAB-separated.
  const EdgeList three = read_edge_list(dir.write("w.tsv", "src\tdst\tweight\n1\t2\t0.5\n"));
  CHECK(three.weights == std::vector<float>{0.5f});
  for (const std::size_t block : {1, 5}) {
    graphrun::io::ReadOptions small;
    small.block_bytes = block;
    CHECK(read_edge_list(csv, small).src == plain.src);
  }
}

TEST_CASE("header row errors name the line and the rule", "[io][edges][header][errors]") {
  TempDir dir;
  const auto csv = dir.write("roads.csv", "from,to,km\n10,20,1.5\n20,30\n");
  CHECK_INPUT_ERROR([&] { read_edge_list(csv); }, csv, 3,
                    "line ends after 2 fields: every data line needs 3 fields like the header row (line 1)");
  graphrun::io::ReadOptions unknown;
  unknown.weight_column = "miles";
  const auto ok = dir.write("ok.csv", "from,to,km\n10,20,1.5\n");
  CHECK_INPUT_ERROR([&] { read_edge_list(ok, unknown); }, ok, 1,
                    "--weight 'miles' is not a column of the header row (from, to, km)");
  graphrun::io::ReadOptions same;
  same.source_column = "to";
  same.target_column = "to";
  CHECK_INPUT_ERROR([&] { read_edge_list(ok, same); }, ok, 1, "the source and target columns are both 'to'");
  graphrun::io::ReadOptions named;
  named.source_column = "from";
  const auto data = dir.write("data.csv", "1,2\n");
  CHECK_INPUT_ERROR([&] { read_edge_list(data, named); }, data, 1, "the first line is data, not a header row");
  // Numbers on the first data line fix numeric ids: a later name is an
  // error (a typo in a numeric file), with the way out.
  const auto typo = dir.write("typo.csv", "from,to\n1,2\n2,x3\n");
  CHECK_INPUT_ERROR([&] { read_edge_list(typo); }, typo, 3, "expected an integer target id, found 'x3' (ids are read "
                    "as numbers when the first data line's are; --ids names reads every id as a name)");
}

TEST_CASE("named vertices (string ids) relabel in byte order and keep their names", "[io][edges][names]") {
  TempDir dir;
  using graphrun::io::ReadOptions;
  // A CSV export with a header row, quoted and unquoted names, weights.
  const auto csv = dir.write("people.csv", "who,whom,since\ncarol,\"alice\",2.5\nalice,bob,1\n# note\nbob,carol,3\n");
  for (const std::size_t block : {std::size_t{0}, std::size_t{1}, std::size_t{7}}) {
    ReadOptions options;
    options.block_bytes = block;
    const EdgeList edges = read_edge_list(csv, options);
    INFO("block bytes " << block);
    CHECK(edges.ids.names == std::vector<std::string>{"alice", "bob", "carol"});
    CHECK(edges.num_vertices == 3);
    CHECK(edges.src == std::vector<vertex_t>{2, 0, 1});
    CHECK(edges.dst == std::vector<vertex_t>{0, 1, 2});
    CHECK(edges.weights == std::vector<float>{2.5f, 1.0f, 3.0f});
    CHECK(edges.ids.label(2) == "carol");
    CHECK(edges.ids.find("bob", 3) == 1);
    CHECK(edges.ids.find("dave", 3) == graphrun::no_vertex);
  }

  // Without a header row the first line of names would read as one:
  // --header no keeps it as an edge; --ids names makes "007" and "7" two.
  const auto plain = dir.write("plain.txt", "x y\n7 x\n");
  ReadOptions no_header;
  no_header.header = ReadOptions::Header::absent;
  const EdgeList both = read_edge_list(plain, no_header);
  CHECK(both.ids.names == std::vector<std::string>{"7", "x", "y"});
  CHECK(both.size() == 2);
  // A name beside a number on the first data line is not enough for auto.
  const auto mixed = dir.write("mixed.txt", "x 1\n1 2\n");
  CHECK_INPUT_ERROR([&] { read_edge_list(mixed, no_header); }, mixed, 1, "expected an integer source id, found 'x'");
  const auto numeric_looking = dir.write("ids.txt", "1 01\n01 2\n");
  ReadOptions names;
  names.ids = ReadOptions::Ids::names;
  CHECK(read_edge_list(numeric_looking, names).ids.names == std::vector<std::string>{"01", "1", "2"});
  CHECK(read_edge_list(numeric_looking).ids.ids == std::vector<std::int64_t>{1, 2});  // auto: numbers, 01 == 1
  ReadOptions numbers;
  numbers.ids = ReadOptions::Ids::numbers;
  const auto text = dir.write("text.csv", "from,to\nalice,bob\n");
  CHECK_INPUT_ERROR([&] { read_edge_list(text, numbers); }, text, 2, "expected an integer source id, found 'alice");
  CHECK(read_edge_list(text).ids.names == std::vector<std::string>{"alice", "bob"});
  const auto empty_name = dir.write("empty.csv", "a,b\nx,\"\"\n");
  CHECK_INPUT_ERROR([&] { read_edge_list(empty_name); }, empty_name, 2, "empty target name");
  CHECK_THROWS_AS(graphrun::io::parse_id_kind("strings"), graphrun::UsageError);
  CHECK_THROWS_AS(graphrun::io::parse_header_choice("maybe"), graphrun::UsageError);
}

TEST_CASE("a named graph round-trips through an edge list and a snapshot", "[io][edges][names]") {
  TempDir dir;
  const auto csv = dir.write("people.csv", "who,whom,w\ncarol,alice,2.5\nalice,bob,1\nbob,carol,3\n");
  const graphrun::Graph graph = graphrun::Graph::build(read_edge_list(csv));
  for (const char* name : {"out.el", "out.tsv", "out.csv"}) {
    INFO(name);
    const auto path = dir.path(name);
    const auto report = graphrun::io::write_graph_text(path, graph);
    CHECK(!report.renumbered);
    graphrun::io::ReadOptions no_header;
    no_header.header = graphrun::io::ReadOptions::Header::absent;
    const graphrun::Graph back = graphrun::Graph::build(read_edge_list(path, no_header));
    CHECK(back.ids().names == graph.ids().names);
    CHECK(back.out_edges().offsets == graph.out_edges().offsets);
    CHECK(back.out_edges().indices == graph.out_edges().indices);
    CHECK(back.out_edges().values == graph.out_edges().values);
  }
  CHECK(graphrun::io::write_graph_text(dir.path("out.mtx"), graph).renumbered);  // Matrix Market has no names
  const auto grb = dir.path("out.grb");
  graphrun::io::write_snapshot(graph, grb);
  const graphrun::Graph snapshot = graphrun::io::read_snapshot(grb);
  CHECK(snapshot.ids().names == graph.ids().names);
  CHECK(snapshot.out_edges().indices == graph.out_edges().indices);
  CHECK(snapshot.out_edges().values == graph.out_edges().values);
}
