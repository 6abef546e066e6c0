// graphrun-bench-ranks: one row of a scaling table per algorithm, timed on
// the processes of one MPI run (mpirun -np P graphrun-bench-ranks GRAPH);
// bench/run-ranks.sh runs it for P = 1, 2, 4, ... and joins the rows.
//
// What a row states:
// - pagerank: the marginal cost of one iteration, (T(M) - T(1)) / (M - 1)
//   from fixed-iteration runs (pagerank_suite.cpp says why), and of the
//   exchange within it (the blocks of x shared once per iteration);
// - bfs: a search from --source, its levels and parents left in the
//   backend's memory (each process's block of them; copying them to the
//   host costs more than the search on a GPU).
// Each time is the slowest process's (a barrier before, the backend
// synchronized after), the median of --repetitions after one warm-up run.
// The exchange time is the slowest process's wall time inside the
// BlockExchange; "share" is its part of the row's time. With --processes 1
// a second row times the one-process algorithm, the baseline the
// distributed code must beat.
//
// Check: the root runs the one-process algorithm on its own engine and the
// row must agree (PageRank within float rounding, BFS levels exactly);
// FAIL replaces the time otherwise. --no-check skips it for a graph too big
// for one device.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "graphrun/distributed/process_engine.hpp"
#include "graphrun/error.hpp"
#include "graphrun/io/read.hpp"
#include "statistics.hpp"

namespace graphrun::bench {
namespace {
namespace po = boost::program_options;
using distributed::Communicator;
using distributed::ExchangeStats;

struct RanksOptions {
  std::string graph;
  std::string backend;
  std::vector<std::string> algorithms;
  int iterations = 50;
  int repetitions = 5;
  long long source = -1;  // -1: the vertex of most out-edges
  bool check = true;
  std::string csv;
};

std::optional<RanksOptions> parse(int argc, char** argv) {
  RanksOptions options;
  std::string algorithms;
  po::options_description described("graphrun-bench-ranks options (run under mpirun -np P)");
  described.add_options()
    ("graph", po::value(&options.graph)->required(), "graph file (.mtx, edge list, .grb)")
    ("backend", po::value(&options.backend)->default_value(cuda_available() ? "cuda" : "cpu"),
     "cpu or cuda: one process per GPU, the process's local rank picks it")
    ("algorithms", po::value(&algorithms)->default_value("pagerank,bfs"), "pagerank, bfs")
    ("iterations", po::value(&options.iterations)->default_value(50), "M of the PageRank marginal, at least 2")
    ("repetitions", po::value(&options.repetitions)->default_value(5), "timed runs per time (median)")
    ("source", po::value(&options.source)->default_value(-1), "BFS source (default: most out-edges)")
    ("no-check", "skip the one-process check (a graph too big for one device)")
    ("csv", po::value(&options.csv), "append the rows to this CSV file (the root writes it)")
    ("help,h", "show this help");
  po::positional_options_description positional;
  positional.add("graph", 1);
  po::variables_map values;
  po::store(po::command_line_parser(argc, argv).options(described).positional(positional).run(), values);
  if (values.count("help")) {
    std::cout << "usage: mpirun -np P graphrun-bench-ranks GRAPH [options]\n\n" << described;
    return std::nullopt;
  }
  po::notify(values);
  options.check = !values.count("no-check");
  std::stringstream list(algorithms);
  for (std::string name; std::getline(list, name, ',');) {
    if (name != "pagerank" && name != "bfs") throw UsageError("--algorithms: unknown '" + name + "'");
    options.algorithms.push_back(name);
  }
  if (options.iterations < 2) throw UsageError("--iterations must be at least 2");
  if (options.repetitions < 1) throw UsageError("--repetitions must be at least 1");
  return options;
}

struct Row {
  std::string algorithm;
  std::string code;  // "distributed" or "one-process"
  double ms = 0.0;
  double exchange_ms = 0.0;
  std::string check;
  std::string note;
};

// One timed call: the slowest process's wall time and exchange time.
struct Sample {
  double ms = 0.0;
  double exchange_ms = 0.0;
};

class Timer {
 public:
  Timer(const Communicator& world, Backend& backend, const ExchangeStats& stats)
      : world_(world), backend_(backend), stats_(stats) {}

  // The medians over `repetitions` runs of `run`, after one warm-up run.
  Sample median(int repetitions, const std::function<void()>& run) const {
    once(run);
    std::vector<double> times, exchanges;
    for (int i = 0; i < repetitions; ++i) {
      const Sample sample = once(run);
      times.push_back(sample.ms);
      exchanges.push_back(sample.exchange_ms);
    }
    return {summarize(times).median, summarize(exchanges).median};
  }

 private:
  Sample once(const std::function<void()>& run) const {
    world_.barrier();
    const double exchanged = stats_.seconds;
    const auto start = std::chrono::steady_clock::now();
    run();
    backend_.synchronize();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return {1e3 * world_.max(seconds), 1e3 * world_.max(stats_.seconds - exchanged)};
  }

  const Communicator& world_;
  Backend& backend_;
  const ExchangeStats& stats_;
};

// Largest relative difference of the ranks (against the one-process ranks).
double largest_relative_difference(const std::vector<float>& got, const std::vector<float>& want) {
  if (got.size() != want.size()) return INFINITY;
  double largest = 0.0;
  for (std::size_t v = 0; v < got.size(); ++v)
    largest = std::max(largest, std::abs(static_cast<double>(got[v]) - want[v]) / std::max(want[v], 1e-12f));
  return largest;
}

// Float rounding of a sum in another order: the distributed step reduces
// per block, the one-process one over the whole vector.
constexpr double pagerank_tolerance = 1e-4;

struct Setting {
  distributed::ProcessEngine& processes;
  const Timer& timer;
  const RanksOptions& options;
  std::shared_ptr<const DeviceGraph> whole;  // root, with --check or one process
};

std::vector<Row> pagerank_rows(const Setting& s) {
  PageRankParams params{.max_iterations = s.options.iterations, .fixed_iterations = true};
  PageRankParams one_iteration = params;
  one_iteration.max_iterations = 1;
  PageRankResult found;
  const Sample many = s.timer.median(s.options.repetitions, [&] {
    found = s.processes.pagerank(params);
  });
  const Sample one = s.timer.median(s.options.repetitions, [&] {
    (void)s.processes.pagerank(one_iteration);
  });
  const int gaps = params.max_iterations - 1;
  Row row{"pagerank", "distributed", (many.ms - one.ms) / gaps, (many.exchange_ms - one.exchange_ms) / gaps, "", ""};
  row.note = "ms/it = (T(" + std::to_string(params.max_iterations) + ") - T(1)) / " + std::to_string(gaps);
  std::vector<Row> rows;
  int passed = 1;
  if (s.whole) {
    const PageRankResult want = pagerank(s.processes.engine(), *s.whole, params);
    passed = largest_relative_difference(found.rank, want.rank) < pagerank_tolerance;
  }
  Engine& engine = s.processes.engine();
  if (s.whole && s.processes.world().size() == 1) {
    const Sample alone_many = s.timer.median(s.options.repetitions, [&] { (void)pagerank(engine, *s.whole, params); });
    const Sample alone_one =
        s.timer.median(s.options.repetitions, [&] { (void)pagerank(engine, *s.whole, one_iteration); });
    rows.push_back({"pagerank", "one-process", (alone_many.ms - alone_one.ms) / gaps, 0.0, "baseline", row.note});
  }
  s.processes.world().broadcast(passed);
  row.check = !s.options.check ? "not checked" : passed ? "PASS" : "FAIL";
  rows.insert(rows.begin(), row);
  return rows;
}

std::vector<Row> bfs_rows(const Setting& s, vertex_t source) {
  const BfsParams params{.source = source};
  const Sample run = s.timer.median(s.options.repetitions, [&] {
    (void)bfs_on_device(s.processes.engine(), s.processes.local(), params, s.processes.exchange());
  });
  Row row{"bfs", "distributed", run.ms, run.exchange_ms, "", "source " + std::to_string(source)};
  std::vector<Row> rows;
  int passed = 1;
  Engine& engine = s.processes.engine();
  const BfsResult found = s.processes.bfs(params);  // every process calls
  if (s.whole) passed = found.level == bfs(engine, *s.whole, params).level;
  if (s.whole && s.processes.world().size() == 1) {
    const Sample alone = s.timer.median(s.options.repetitions, [&] { (void)bfs_on_device(engine, *s.whole, params); });
    rows.push_back({"bfs", "one-process", alone.ms, 0.0, "baseline", row.note});
  }
  s.processes.world().broadcast(passed);
  row.check = !s.options.check ? "not checked" : passed ? "PASS" : "FAIL";
  rows.insert(rows.begin(), row);
  return rows;
}

vertex_t busiest_vertex(const Graph& graph) {
  const std::vector<vertex_t> degree = graph.out_degrees();
  return static_cast<vertex_t>(std::max_element(degree.begin(), degree.end()) - degree.begin());
}

// A CSV text field: quoted, its quotes doubled (RFC 4180).
std::string csv_field(const std::string& text) {
  std::string field = "\"";
  for (const char c : text) field += c == '"' ? std::string("\"\"") : std::string(1, c);
  return field + '"';
}

// The root's table lines and CSV rows.
void report(const RanksOptions& options, const Communicator& world, const std::string& device,
            const distributed::PartitionedGraph& part, double load_s, const ExchangeStats& stats,
            const std::vector<Row>& rows) {
  const std::string header =
      "graph,vertices,entries,processes,backend,device,algorithm,code,ms,exchange_ms,exchange_share,"
      "exchange_setup_s,load_s,check,note";
  std::ofstream csv;
  if (!options.csv.empty()) {
    const bool fresh = !std::ifstream(options.csv).good();
    csv.open(options.csv, std::ios::app);
    if (!csv) throw RuntimeError("cannot write " + options.csv);
    if (fresh) csv << header << '\n';
  }
  std::printf("%-9s %-12s %9s %12s %12s %8s  %s\n", "algorithm", "code", "processes", "ms", "exchange_ms",
              "share", "check");
  for (const Row& row : rows) {
    const bool failed = row.check == "FAIL";
    const double share = row.ms > 0 ? row.exchange_ms / row.ms : 0.0;
    std::printf("%-9s %-12s %9d %12s %12.3f %8.3f  %s\n", row.algorithm.c_str(), row.code.c_str(), world.size(),
                failed ? "FAIL" : std::to_string(row.ms).c_str(), row.exchange_ms, share, row.check.c_str());
    if (!csv.is_open()) continue;
    csv << csv_field(options.graph) << ',' << part.num_vertices << ',' << part.num_entries << ',' << world.size()
        << ',' << options.backend << ',' << csv_field(device) << ',' << row.algorithm << ',' << row.code << ','
        << (failed ? std::string("FAIL") : std::to_string(row.ms)) << ',' << row.exchange_ms << ',' << share
        << ',' << stats.setup_seconds << ',' << load_s << ',' << row.check << ',' << csv_field(row.note) << '\n';
  }
}

void run(const Communicator& world, const RanksOptions& options) {
  EngineOptions engine_options;
  engine_options.backend = parse_backend(options.backend);
  distributed::ProcessEngine processes(world, engine_options);
  Engine& engine = processes.engine();

  std::optional<Graph> whole;
  if (world.root()) whole = io::load_graph(options.graph);
  vertex_t source = 0;
  if (world.root()) {
    const long long chosen = options.source >= 0 ? options.source : busiest_vertex(*whole);
    if (chosen >= static_cast<long long>(whole->num_vertices()))
      throw UsageError("--source " + std::to_string(chosen) + " is past the graph");
    source = static_cast<vertex_t>(chosen);
  }
  world.broadcast(source);
  const auto start = std::chrono::steady_clock::now();
  processes.load(std::move(whole));
  const double load_s = world.max(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  const distributed::PartitionedGraph& part = processes.graph();
  const ExchangeStats& stats = processes.exchange_stats();
  const Timer timer(world, engine.backend(), stats);
  std::shared_ptr<const DeviceGraph> whole_on_root;
  if (world.root() && (options.check || world.size() == 1)) whole_on_root = engine.upload(*part.whole);
  const Setting setting{processes, timer, options, whole_on_root};

  std::vector<Row> rows;
  for (const std::string& algorithm : options.algorithms) {
    const std::vector<Row> found = algorithm == "pagerank" ? pagerank_rows(setting) : bfs_rows(setting, source);
    rows.insert(rows.end(), found.begin(), found.end());
  }
  if (world.root()) report(options, world, engine.backend().device_name(), part, load_s, stats, rows);
}

// A process that fails leaves the others in a collective: it ends the run.
int run(const RanksOptions& options) {
  distributed::MpiSession session;
  const Communicator world = Communicator::world();
  try {
    run(world, options);
  } catch (const std::exception& error) {
    std::cerr << "graphrun-bench-ranks (process " << world.rank() << "): " << error.what() << '\n';
    world.abort(1);
  }
  return 0;
}

}  // namespace
}  // namespace graphrun::bench

int main(int argc, char** argv) {
  try {
    const auto options = graphrun::bench::parse(argc, argv);
    return options ? graphrun::bench::run(*options) : 0;
  } catch (const std::exception& error) {
    std::cerr << "graphrun-bench-ranks: " << error.what() << '\n';
    return 1;
  }
}
