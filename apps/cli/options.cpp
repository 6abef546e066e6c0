#include "options.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <system_error>
#include <future>
#include <optional>
#include <thread>

#include "graphrun/reorder.hpp"
#include "processes.hpp"

namespace graphrun::cli {

void GraphOptions::add_to(po::options_description& options, po::positional_options_description& positional) {
  options.add_options()
    ("file", po::value(&file)->required(),
     "graph file: .mtx, edge list (.txt/.tsv/.csv/.el), DIMACS .gr, .grb snapshot; optionally .gz")
    ("format", po::value(&format)->default_value("auto"),
     "input format: auto (by extension, then content), mtx, el, gr, metis, ldbc, el64, el32 (binary id pairs) or grb")
    ("src", po::value(&source_column), "edge list with a header row: the source column's name (default: the first)")
    ("dst", po::value(&target_column), "edge list with a header row: the target column's name (default: the second)")
    ("weight", po::value(&weight_column),
     "edge list with a header row: the weight column's name (default: the third of exactly three)")
    ("ids", po::value(&id_kind)->default_value("auto"),
     "edge list vertex ids: auto (names when neither id of the first data line is a number), numbers or names")
    ("header", po::value(&header)->default_value("auto"),
     "edge list first line: auto (a header row when its first two fields are not numbers), yes or no")
    ("undirected", po::bool_switch(&undirected), "treat a general (directed) file as undirected (symmetrize)")
    ("drop-self-loops", po::bool_switch(&drop_self_loops), "remove self-loops while building")
    ("duplicates", po::value(&duplicates)->default_value("first"),
     "weight kept for repeated edges: first, sum, min or max (an edge counts once either way)");
  positional.add("file", 1);
}

void GraphOptions::hold_input() const {
  if (!input_scope_) input_scope_ = std::make_shared<io::StreamScope>(file);
}

io::Format GraphOptions::input_format() const {
  const io::Format chosen = io::parse_format(format);  // a usage error before waiting on a stream
  hold_input();
  return chosen == io::Format::automatic ? io::detect_format(file) : chosen;
}

bool GraphOptions::is_snapshot() const { return input_format() == io::Format::snapshot; }

BuildOptions GraphOptions::build_options() const {
  BuildOptions build;
  if (undirected) build.undirected = true;
  build.drop_self_loops = drop_self_loops;
  build.source = file;
  build.duplicates = parse_duplicate_policy(duplicates);
  return build;
}

EdgeList GraphOptions::read(PhaseTimer& timer, Weights weights) const {
  hold_input();
  io::ReadOptions read;
  read.format = input_format();
  read.ignore_weights = weights == Weights::ignored;
  read.source_column = source_column;
  read.target_column = target_column;
  read.weight_column = weight_column;
  read.ids = io::parse_id_kind(id_kind);
  read.header = io::parse_header_choice(header);
  EdgeList edges = timer.time("read", [&] { return io::read_edges(file, read); });
  if (weights == Weights::required && !edges.weighted())
    throw UsageError(file + " has no edge weights (a pattern file), so --weighted does not apply");
  return edges;
}

Graph GraphOptions::load(PhaseTimer& timer, Weights weights) const {
  const BuildOptions build = build_options();
  if (is_snapshot()) {
    io::ReadOptions read;
    read.format = io::Format::snapshot;
    Graph graph = timer.time("read", [&] { return io::load_graph(file, build, read); });
    release_input();
    return graph;
  }
  EdgeList edges = read(timer, weights);
  release_input();
  return timer.time("build", [&] { return Graph::build(std::move(edges), build); });
}

void BackendChoice::add_to(po::options_description& options, DeviceOption device_option) {
  options.add_options()("backend", po::value(&backend), "cpu, cuda or cusparse (default: cuda when a GPU is present, else cpu)");
  if (device_option == DeviceOption::ordinal)
    options.add_options()("device", po::value(&device)->default_value(0), "CUDA device ordinal");
  else
    options.add_options()("device", po::value(&device)->implicit_value(0),
                          "also upload to the backend and report its memory footprint (--device=N: on CUDA device N)");
  options.add_options()
    ("threads", po::value(&threads)->default_value(0), "cpu backend: OpenMP threads (0 = all)")
    ("spmv-kernel", po::value(&spmv_kernel)->default_value("auto"), "force an SpMV kernel of the backend (see graphrun kernels)")
    ("spmm-kernel", po::value(&spmm_kernel)->default_value("auto"), "force an SpMM kernel of the backend (see graphrun kernels)");
}

EngineStart::EngineStart(const EngineOptions& options, std::function<void(Engine&)> warm_up)
    : starting_(std::async(std::launch::async, [options, warm_up = std::move(warm_up)] {
        const auto begin = Clock::now();
        Started started{Engine(options)};
        const auto made = Clock::now();
        started.init_seconds = std::chrono::duration<double>(made - begin).count();
        if (warm_up && started.engine.backend().kind() != BackendKind::cpu) {
          warm_up(started.engine);
          started.warm_up_seconds = std::chrono::duration<double>(Clock::now() - made).count();
        }
        return started;
      })) {}

Engine EngineStart::wait(PhaseTimer& timer) {
  Started started = timer.time("device_wait", [&] { return starting_.get(); });
  timer.overlapped("device_init", started.init_seconds);
  if (started.warm_up_seconds >= 0.0) timer.overlapped("warm_up", started.warm_up_seconds);
  return std::move(started.engine);
}

EngineOptions BackendChoice::engine_options() const {
  EngineOptions options;
  if (!backend.empty()) options.backend = parse_backend(backend);
  options.backend_options.device = device;
  options.backend_options.threads = threads;
  options.backend_options.spmv_kernel = spmv_kernel;
  options.backend_options.spmm_kernel = spmm_kernel;
  if (device < 0) throw UsageError("--device must be >= 0");
  if (threads < 0) throw UsageError("--threads must be >= 0 (0 = all hardware threads)");
  // Several processes on one host (mpirun): one GPU each, the CPU threads
  // shared out unless --threads says otherwise.
  options = for_local_process(std::move(options), local_process_rank(), local_process_count());
  if (threads > max_threads())
    throw UsageError("--threads " + std::to_string(threads) + " is above the limit of " + std::to_string(max_threads()) +
                     " (4 x the " + std::to_string(std::max(1u, std::thread::hardware_concurrency())) +
                     " hardware threads, at most 1024)");
  return options;
}

int BackendChoice::max_threads() {
  const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
  return static_cast<int>(std::min(4u * hardware, 1024u));
}

void OutputOptions::add_to(po::options_description& options) {
  options.add_options()
    ("output,o", po::value(&output), "write one line per vertex: original id TAB value")
    ("top", po::value(&top)->default_value(10), "print the K best vertices (or largest groups)");
}

AlgorithmCommand::AlgorithmCommand(std::string name, std::string usage)
    : name_(std::move(name)), usage_(std::move(usage)), options_(name_ + " options") {
  graph_.add_to(options_, positional_);
  options_.add_options()("build", po::value(&build_place_)->default_value("auto"),
                         "where to build the graph: auto (on the GPU when a GPU backend runs and the build fits its "
                         "free memory), host or device");
  options_.add_options()("reorder", po::value(&reorder_)->default_value("none"),
                         "vertex order: none, or degree (relabel by descending degree before the upload; results "
                         "keep the file's ids, smallest-id tie-breaks follow the new order)");
  backend_.add_to(options_);
  output_.add_to(options_);
}

Graph AlgorithmCommand::reordered(Graph graph, PhaseTimer& timer) const {
  if (reorder_ == "none") return graph;
  return timer.time("reorder", [&] { return reorder_by_degree(graph).graph; });
}

bool AlgorithmCommand::parse(const Arguments& args, po::variables_map& values) {
  const bool run = parse_command_line(name_, usage_, args, options_, positional_, values);
  note_output_path(output_.output);
  return run;
}

std::function<void(Engine&)> AlgorithmCommand::warm_up_for_this_run() const {
  if (!warm_up_) return {};
  std::error_code error;
  const std::uintmax_t bytes = std::filesystem::file_size(graph_.file, error);
  if (error || bytes < WarmUpPolicy::min_input_bytes) return {};
  return warm_up_;
}

AlgorithmCommand::Run& AlgorithmCommand::start(Weights weights, const std::function<void(const Graph&)>& before_engine,
                                               const std::function<Graph(const Graph&)>& derive) {
  if (reorder_ != "none" && reorder_ != "degree")  // before a possibly long read
    throw UsageError("--reorder must be none or degree (got '" + reorder_ + "')");
  PhaseTimer timer;
  BuildPlace place = BuildPlace::automatic;
  if (build_place_ == "host") place = BuildPlace::host;
  else if (build_place_ == "device") place = BuildPlace::device;
  else if (build_place_ != "auto") throw UsageError("--build must be auto, host or device (got '" + build_place_ + "')");
  const BuildOptions build = graph_.build_options();
  EngineStart starting(backend_.engine_options(), warm_up_for_this_run());
  std::optional<Engine> engine;
  BuildReport report{"none", "a .grb snapshot holds a built graph"};
  Graph graph;
  if (!root_process()) {
    report = {"root process", "the root process read and built the graph (mpirun)"};
  } else if (graph_.is_snapshot()) {
    io::ReadOptions read;
    read.format = io::Format::snapshot;
    graph = timer.time("read", [&] { return io::load_graph(graph_.file, build, read); });
    graph_.release_input();
  } else {
    EdgeList edges = graph_.read(timer, weights);
    graph_.release_input();
    engine.emplace(starting.wait(timer));  // a device build needs the device
    graph = timer.time("build", [&] { return engine->backend().build_graph(std::move(edges), build, place, &report); });
  }
  if (root_process()) {
    graph = reordered(std::move(graph), timer);
    if (before_engine) before_engine(graph);
    if (derive) graph = timer.time("derive", [&] { return derive(graph); });
  }
  if (!engine) engine.emplace(starting.wait(timer));
  if (run_ != nullptr) throw std::logic_error("AlgorithmCommand::start called twice");
  // Under several processes each uploads its part (processes.hpp).
  const Graph* to_upload = &graph;
#if GRAPHRUN_HAVE_MPI
  std::shared_ptr<const distributed::PartitionedGraph> part;
  if (const distributed::Communicator* world = processes_world()) {
    part = timer.time("partition", [&] {
      return std::make_shared<const distributed::PartitionedGraph>(distributed::partition_graph(
          *world, world->root() ? std::optional<Graph>(graph) : std::nullopt));
    });
    to_upload = &part->local;
  }
#endif
  std::vector<MemoryNeed> workspace;
  if (workspace_) workspace.push_back(workspace_(*to_upload));
  MemoryPlan memory = plan_memory(engine->backend(), *to_upload, std::move(workspace));
  require_fit(memory, name_ + " on " + graph_.file, engine->backend().device_name());
  auto resident = timer.time("upload", [&] { return engine->upload(*to_upload); });
  run_ = new Run{std::move(timer),    std::move(graph),  std::move(*engine),
                 std::move(resident), std::move(report), std::move(memory)};
#if GRAPHRUN_HAVE_MPI
  run_->partition = std::move(part);
#endif
  return *run_;
}

JsonObject run_summary(const std::string& algorithm, const Graph& graph, Engine& engine) {
  JsonObject summary;
  summary.add("algorithm", algorithm)
      .add("vertices", static_cast<std::int64_t>(graph.num_vertices()))
      .add("entries", static_cast<std::int64_t>(graph.num_entries()))
      .add("directed", graph.directed())
      .add("backend", to_string(engine.kind()))
      .add("device", engine.backend().device_name());
  return summary;
}

#if GRAPHRUN_HAVE_MPI
void add_processes(JsonObject& summary, const distributed::ExchangeStats& exchange, double seconds_max) {
  if (process_count() < 2) return;
  summary.add("processes", process_count())
      .add("exchange", JsonObject()
                           .add("calls", static_cast<std::uint64_t>(exchange.calls))
                           .add("seconds", exchange.seconds)
                           .add("seconds_max", seconds_max)
                           .add("setup_seconds", exchange.setup_seconds));
}
#endif

JsonObject run_summary(const std::string& algorithm, AlgorithmCommand::Run& run) {
  JsonObject summary = run_summary(algorithm, run.graph, run.engine);
  summary.add("build", JsonObject().add("where", run.build.where).add("why", run.build.why));
  if (run.memory.free_bytes) {
    JsonObject needs;
    for (const MemoryNeed& need : run.memory.needs) needs.add(need.what, static_cast<std::uint64_t>(need.bytes));
    summary.add("memory_plan", JsonObject()
                                   .add("bytes", static_cast<std::uint64_t>(run.memory.total()))
                                   .add("free_bytes", static_cast<std::uint64_t>(*run.memory.free_bytes))
                                   .add("needs", std::move(needs))
                                   // What the run held at once, the graph included: the bound's check.
                                   .add("peak_bytes", static_cast<std::uint64_t>(
                                                          run.engine.backend().memory().peak_bytes_in_use())));
  }
#if GRAPHRUN_HAVE_MPI
  add_processes(summary, run.exchange, run.exchange_seconds_max);
#endif
  return summary;
}

std::string headline(const std::string& algorithm, const Graph& graph, Engine& engine) {
  return algorithm + ": " + std::to_string(graph.num_vertices()) + " vertices, " + std::to_string(graph.num_entries()) +
         " stored entries (" + (graph.directed() ? "directed" : "undirected") + "), backend " + to_string(engine.kind()) +
         " on " + engine.backend().device_name();
}

void append_notes(JsonObject& summary, std::vector<std::string>& lines, Engine& engine) {
  const auto notes = engine.backend().notes();
  if (notes.empty()) return;
  summary.add("notes", notes);
  for (const auto& note : notes) lines.push_back("note: " + note);
}

void print_summary(JsonObject summary, std::vector<std::string> human_lines, const PhaseTimer* timer) {
  if (timer != nullptr) {
    summary.add("times", timer->json());
    human_lines.push_back("time: " + timer->summary());
  }
  std::ostream& out = presentation().summary_on_stderr ? std::cerr : std::cout;
  if (presentation().json) {
    out << summary.str() << "\n";
    return;
  }
  if (presentation().quiet) return;
  for (const auto& line : human_lines) out << line << "\n";
}

vertex_t parse_vertex(const std::string& id, const Graph& graph, const std::string& option) {
  const vertex_t v = graph.ids().find(id, graph.num_vertices());
  if (v != no_vertex) return v;
  if (!graph.ids().named()) {
    std::int64_t number = 0;
    const auto [end, error] = std::from_chars(id.data(), id.data() + id.size(), number);
    if (id.empty() || error != std::errc() || end != id.data() + id.size())
      throw UsageError(option + ": '" + id + "' is not a vertex id");
  }
  throw UsageError(option + ": the graph has no vertex " + id);
}

std::vector<vertex_t> parse_vertex_list(const std::string& list, const Graph& graph, const std::string& option) {
  std::vector<vertex_t> vertices;
  std::stringstream stream(list);
  std::string item;
  while (std::getline(stream, item, ',')) vertices.push_back(parse_vertex(item, graph, option));
  if (vertices.empty()) throw UsageError(option + ": no vertex ids given");
  return vertices;
}

}  // namespace graphrun::cli
