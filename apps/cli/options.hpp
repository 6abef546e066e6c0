#pragma once
// Option groups shared by the CLI's commands and the phase-timed graph loading
// they all start with.
#include <cstdint>
#include <boost/program_options.hpp>

#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "graphrun/io/read.hpp"
#include "graphrun/io/stream_scope.hpp"
#include "json.hpp"
#include "phase_timer.hpp"
#include "presentation.hpp"
#include "graphrun/graphrun.hpp"
#if GRAPHRUN_HAVE_MPI
#include "graphrun/distributed/algorithms.hpp"  // ExchangeStats
#include "graphrun/distributed/partitioned_graph.hpp"
#endif

namespace graphrun::cli {

namespace po = boost::program_options;
using Arguments = std::vector<std::string>;

// What a command does with the file's edge weights: ignored (checked to be
// numeric, not stored, so a file whose weights an unweighted algorithm never
// reads, e.g. 'inf' entries, still loads), kept when the file has them, or
// required (--weighted: a pattern text file is a UsageError naming it; a .grb
// snapshot does not record whether it had weights and loads as it is).
enum class Weights : std::uint8_t { ignored, kept, required };

// FILE plus how to build the graph from it.
struct GraphOptions {
  std::string file;
  bool undirected = false;
  bool drop_self_loops = false;
  std::string duplicates = "first";
  std::string format = "auto";
  std::string source_column, target_column, weight_column;  // edge lists with a header row
  std::string id_kind = "auto", header = "auto";             // edge lists: --ids, --header
  void add_to(po::options_description& options, po::positional_options_description& positional);
  // Read and build on the host (timed as "read" and "build").
  Graph load(PhaseTimer& timer, Weights weights) const;

  // The steps of load() for callers that build elsewhere.
  bool is_snapshot() const;
  io::Format input_format() const;  // --format, or detected from the file
  BuildOptions build_options() const;  // UsageError for a bad --duplicates
  EdgeList read(PhaseTimer& timer, Weights weights) const;
  // Frees a stream input's in-memory copy once the graph is read.
  void release_input() const { input_scope_.reset(); }

 private:
  // The input's copy when it is a stream ("-", a FIFO), held from the first
  // look at it to the end of the command: detection and read share it.
  void hold_input() const;
  mutable std::shared_ptr<io::StreamScope> input_scope_;
};

struct BackendChoice {
  std::string backend;  // empty = default (cuda when a GPU is present)
  int device = 0;
  int threads = 0;
  std::string spmv_kernel = "auto";
  std::string spmm_kernel = "auto";
  // ordinal: `--device N` picks the CUDA device. upload_flag (info): a bare
  // `--device` asks for the upload, `--device=N` on device N.
  enum class DeviceOption : std::uint8_t { ordinal, upload_flag };
  void add_to(po::options_description& options, DeviceOption device_option = DeviceOption::ordinal);
  EngineOptions engine_options() const;
  // The largest --threads: 4 x the hardware threads, at most 1024. More only
  // oversubscribes, and an absurd count fails inside the OpenMP runtime.
  static int max_threads();
};

// The backend started on its own thread (a CUDA context takes hundreds of
// milliseconds), so that it is ready by the time the graph is loaded.
// wait() records the part of the start-up the load did not hide as the
// phase "device_wait", and the whole start-up as overlapped "device_init".
// A start-up error (no GPU) is thrown by wait(); a load error thrown first
// wins, after the start-up thread has finished.
class EngineStart {
 public:
  // warm_up, when set, runs on the same thread right after the engine is
  // made, on a GPU backend only (an algorithm's first-use costs, paid while
  // the input is read; the cpu backend has none).
  explicit EngineStart(const EngineOptions& options, std::function<void(Engine&)> warm_up = {});
  Engine wait(PhaseTimer& timer);

 private:
  struct Started {
    Engine engine;
    double init_seconds = 0.0;
    double warm_up_seconds = -1.0;  // < 0: no warm-up ran
  };
  std::future<Started> starting_;
};

// When a command's warm-up is worth running: it costs a few milliseconds of
// device work that a small input's read does not hide, and saves about as
// much from the first compute, so it runs only where the read is long
// enough to cover it.
struct WarmUpPolicy {
  static constexpr std::uintmax_t min_input_bytes = std::uintmax_t{64} << 20;
};

struct OutputOptions {
  std::string output;  // one line per vertex: original id TAB value
  int top = 10;
  void add_to(po::options_description& options);
};

// What every algorithm command shares: FILE and build options, the backend,
// output options, and the timed load -> engine -> upload sequence.
class AlgorithmCommand {
 public:
  AlgorithmCommand(std::string name, std::string usage);
  po::options_description& options() { return options_; }
  // false when --help was printed (the command then returns 0).
  bool parse(const Arguments& args, po::variables_map& values);
  bool parse(const Arguments& args) {
    po::variables_map values;
    return parse(args, values);
  }

  // A loaded graph resident on the chosen backend, with the phase times so far.
  struct Run {
    PhaseTimer timer;
    Graph graph;
    Engine engine;
    std::unique_ptr<DeviceGraph> resident;
    BuildReport build;  // where the graph was built and why
    MemoryPlan memory;  // the device memory plan checked before the upload
#if GRAPHRUN_HAVE_MPI
    // Under several processes (processes.hpp): this process's part, of which
    // `resident` is the local graph; `graph` is the whole graph on the root
    // and empty elsewhere.
    std::shared_ptr<const distributed::PartitionedGraph> partition = nullptr;
    // The algorithm's exchange between the processes: this process's, and
    // the longest over all of them (set by run_algorithms.hpp).
    distributed::ExchangeStats exchange{};
    double exchange_seconds_max = 0.0;
#endif
  };
  // `weights`: see Weights. `before_engine` sees the loaded graph before the
  // backend is used (to resolve vertex ids given by the user). `derive`, when
  // set, makes the graph the algorithm runs on from the loaded one (tc, lcc:
  // the undirected simple graph beneath it), timed as the phase "derive";
  // the run holds and uploads the derived graph.
  //
  // The run is never freed: a command's last act is to print its summary and
  // the process exits (main ends with std::_Exit), so handing GBs of host and
  // device memory back one buffer at a time, up to a second after the
  // answer is out, would be time no phase reports. The system reclaims it
  // all at exit.
  Run& start(Weights weights, const std::function<void(const Graph&)>& before_engine = {},
             const std::function<Graph(const Graph&)>& derive = {});

  // The algorithm's warm-up (bfs_warm_up, for example): start() runs it
  // beside the read when a GPU backend runs and the input passes
  // WarmUpPolicy; --json reports it as the overlapped phase "warm_up".
  void warm_up_with(std::function<void(Engine&)> warm_up) { warm_up_ = std::move(warm_up); }

  // The algorithm's device workspace (algorithms/workspace.hpp) for the
  // graph it runs on: start() plans it with the graph before the upload and
  // fails with exit 3, naming each need, when it does not fit the device.
  void plan_workspace(std::function<MemoryNeed(const Graph&)> workspace) { workspace_ = std::move(workspace); }

  const OutputOptions& output() const { return output_; }
  const std::string& name() const { return name_; }
  const std::string& file() const { return graph_.file; }
  const std::string& reorder() const { return reorder_; }

 private:
  // warm_up_ where this run passes WarmUpPolicy, else nothing.
  std::function<void(Engine&)> warm_up_for_this_run() const;
  // Applies --reorder to the loaded graph (timed as the "reorder" phase).
  Graph reordered(Graph graph, PhaseTimer& timer) const;

  std::string name_, usage_;
  std::function<void(Engine&)> warm_up_;
  std::function<MemoryNeed(const Graph&)> workspace_;
  Run* run_ = nullptr;  // see start(): deliberately not owned
  std::string reorder_ = "none";
  std::string build_place_ = "auto";
  GraphOptions graph_;
  BackendChoice backend_;
  OutputOptions output_;
  po::options_description options_;
  po::positional_options_description positional_;
};

// The summary fields every algorithm run prints: graph size, backend.
JsonObject run_summary(const std::string& algorithm, const Graph& graph, Engine& engine);
// The same for a run of AlgorithmCommand, plus where its graph was built.
JsonObject run_summary(const std::string& algorithm, AlgorithmCommand::Run& run);
#if GRAPHRUN_HAVE_MPI
// Under several processes: their count and the exchange's times (the
// slowest process's in seconds_max); nothing on one process.
void add_processes(JsonObject& summary, const distributed::ExchangeStats& exchange, double seconds_max);
#endif
// First line of every algorithm's text summary: what ran on what.
std::string headline(const std::string& algorithm, const Graph& graph, Engine& engine);
// Backend notes (fallbacks), as summary fields and text lines.
void append_notes(JsonObject& summary, std::vector<std::string>& lines, Engine& engine);
// Prints `summary` as JSON (--json), else the text lines unless --quiet.
// With a timer, the phase times are taken now, as the last field and line,
// so that they cover everything the command did.
void print_summary(JsonObject summary, std::vector<std::string> human_lines, const PhaseTimer* timer = nullptr);

// Compact ids of original ids given on the command line ("1,5,9"); an unknown
// id is a UsageError naming it.
std::vector<vertex_t> parse_vertex_list(const std::string& list, const Graph& graph, const std::string& option);
vertex_t parse_vertex(const std::string& id, const Graph& graph, const std::string& option);

}  // namespace graphrun::cli
