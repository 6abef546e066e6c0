// Output plumbing: JSON writing, the speedup column, CSV quoting.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <unistd.h>

#include "bench/src/output/derived_metrics.hpp"
#include "graphrun/io/json_writer.hpp"
#include "bench/src/output/result_files.hpp"

using namespace graphrun::bench;
using graphrun::io::JsonWriter;

TEST_CASE("JsonWriter nests, separates and escapes") {
  std::ostringstream out;
  JsonWriter json(out);
  json.begin_object();
  json.field("name", "a \"quoted\"\nline\\");
  json.field("nan", std::numeric_limits<double>::quiet_NaN());
  json.field("count", 3LL);
  json.key("list");
  json.begin_array();
  json.value(true);
  json.value(0.5);
  json.begin_object();
  json.end_object();
  json.end_array();
  json.end_object();
  CHECK(out.str() == R"({"name":"a \"quoted\"\nline\\","nan":null,"count":3,"list":[true,0.5,{}]})");
}

namespace {
ResultRow timed_row(const std::string& backend, const std::string& operation, std::size_t width, double median) {
  ResultRow row;
  row.graph = std::string("graph-1");
  row.backend = backend;
  row.operation = operation;
  row.width = width;
  row.time_ms.count = 1;
  row.time_ms.median = median;
  return row;
}
}  // namespace

TEST_CASE("speedup vs the fastest passing cuSPARSE row of the same operation and width") {
  std::vector<ResultRow> rows = {timed_row("cusparse", "spmv", 0, 4.0), timed_row("cusparse", "spmv", 0, 2.0),
                                 timed_row("cusparse", "spmv", 0, 1.0), timed_row("cuda", "spmv", 0, 0.5),
                                 timed_row("cuda", "spmm", 64, 1.0), timed_row("cusparse", "spmm", 32, 3.0),
                                 timed_row("cpu", "bfs", 0, 8.0)};
  rows[2].check = failed("wrong");  // the fastest cuSPARSE row failed: it is no baseline
  add_speedups_vs_cusparse(rows);
  CHECK(rows[3].speedup_vs_cusparse == Approx(4.0));  // 2.0 / 0.5
  CHECK(rows[0].speedup_vs_cusparse == Approx(0.5));
  CHECK(std::isnan(rows[4].speedup_vs_cusparse));  // no cuSPARSE row at F = 64
  CHECK(std::isnan(rows[6].speedup_vs_cusparse));
}

TEST_CASE("CSV output quotes fields holding commas and quotes, one line per row") {
  std::vector<ResultRow> rows = {timed_row("cpu", "spmv", 0, 1.5), timed_row("cpu", "spmv", 0, 2.5)};
  rows[0].note = "a, \"b\"";
  rows[1].check = failed("boom");
  const auto path = std::filesystem::temp_directory_path() / ("bench_csv_" + std::to_string(::getpid()) + ".csv");
  write_results_csv(path.string(), rows);
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::filesystem::remove(path);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0].rfind("graph,", 0) == 0);
  CHECK(lines[1].find(R"("a, ""b""")") != std::string::npos);
  CHECK(lines[1].find(",ok,") != std::string::npos);
  CHECK(lines[2].find(",FAIL,") != std::string::npos);
}
