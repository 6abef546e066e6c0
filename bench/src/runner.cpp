#include "runner.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

#include "call_floor.hpp"
#include "load_bench.hpp"
#include "output/derived_metrics.hpp"
#include "output/result_files.hpp"
#include "output/run_info.hpp"
#include "output/table.hpp"
#include "suites/suite_context.hpp"
#include "graphrun/error.hpp"

namespace graphrun::bench {
namespace {

bool wants(const BenchOptions& options, Operation operation) {
  return std::find(options.operations.begin(), options.operations.end(), operation) != options.operations.end();
}

BackendSetup set_up_backend(const BenchOptions& options, BackendKind kind) {
  BackendSetup setup;
  setup.kind = kind;
  setup.options.threads = options.threads;
  const std::shared_ptr<Backend> backend = make_backend(kind, setup.options);
  setup.device_name = backend->device_name();
  setup.threads = kind == BackendKind::cpu ? (options.threads ? options.threads : omp_get_max_threads()) : 0;
  const RepetitionPlan copy_plan{1, std::clamp(options.repetitions, 3, 10)};
  setup.copy = measure_copy_bandwidth(*backend, default_copy_bytes(kind, options.quick), copy_plan);
  setup.flush_bytes = options.flush_bytes.value_or(default_flush_bytes(kind, options.quick));
  setup.call_floor = measure_call_floor(*backend, setup.flush_bytes, {options.warmup, options.repetitions});
  return setup;
}

// Every requested suite of one graph on one backend.
void run_suites(const SuiteContext& context) {
  const BenchOptions& options = context.options;
  if (wants(options, Operation::spmv)) run_spmv_suite(context);
  const bool needs_session = std::any_of(options.operations.begin(), options.operations.end(),
                                         [](Operation operation) { return operation != Operation::spmv; });
  if (!needs_session) return;
  std::unique_ptr<EngineSession> session;
  context.record(context.new_row("upload", "auto"), [&](ResultRow& row) {
    session = std::make_unique<EngineSession>(context, "auto");
    row.upload_ms = session->upload_ms();
    row.note = "graph upload to the backend (auto kernels)";
  });
  if (!session) return;  // the upload row says why
  if (wants(options, Operation::spmm)) run_spmm_suite(context, *session);
  if (wants(options, Operation::pagerank)) run_pagerank_suite(context, *session);
  if (wants(options, Operation::bfs)) run_bfs_suite(context, *session);
  if (wants(options, Operation::sssp)) run_sssp_suite(context, *session);
  if (wants(options, Operation::tc)) run_triangle_suite(context, *session);
  if (wants(options, Operation::trsv)) run_trsv_suite(context, *session);
  if (wants(options, Operation::label_propagation)) run_label_propagation_suite(context, *session);
  if (wants(options, Operation::wcc)) run_wcc_suite(context, *session);
  if (wants(options, Operation::aggregate)) run_aggregate_suite(context, *session);
}

// A file that cannot be read skips its graph, loudly (a "load" row with the
// reason, in the table and the files), rather than ending the whole run.
std::optional<LoadedWorkload> try_load(const Workload& workload, const BackendOptions* gpu, std::vector<ResultRow>& rows) {
  try {
    return load_workload(workload, gpu);
  } catch (const InputError& error) {
    ResultRow row;
    row.graph = workload.name;
    row.operation = "load";
    row.skipped = true;
    row.note = error.what();
    std::cout << "== " << workload.name << "  (" << workload.origin << "): skipped, cannot be read: " << error.what()
              << "\n\n";
    rows.push_back(std::move(row));
    return std::nullopt;
  }
}

// Loads one graph, runs every suite on every backend, prints its table and
// appends its record and rows. The graph is freed before the next one loads.
void measure_graph(const BenchOptions& options, const std::vector<BackendSetup>& backends, const Workload& workload,
                   std::vector<GraphRecord>& graphs, std::vector<ResultRow>& rows) {
  const auto start = std::chrono::steady_clock::now();
  std::cerr << "[bench] " << workload.name << ": loading (" << workload.origin << ")\n";
  // Generated graphs are drawn on the first GPU backend's device when it has one.
  const auto gpu = std::find_if(backends.begin(), backends.end(),
                                [](const BackendSetup& backend) { return backend.kind != BackendKind::cpu; });
  const std::optional<LoadedWorkload> loaded = try_load(workload, gpu == backends.end() ? nullptr : &gpu->options, rows);
  if (!loaded) return;
  const Graph& graph = loaded->graph;
  const std::string origin = workload.origin + (loaded->drawn_on_device ? ", drawn and built on the GPU" : "");
  graphs.push_back({workload.name, origin, graph.num_vertices(), graph.num_entries(), graph.directed(),
                    loaded->load_ms, loaded->build_ms});
  if (workload.reorder_by_degree) {
    ResultRow row;
    row.graph = workload.name;
    row.operation = "reorder";
    row.backend = "host";
    row.first_call_ms = loaded->reorder_ms;
    row.note = "relabel by descending degree (host, OpenMP); not included in any other row";
    std::cerr << "[bench] " << workload.name << ": reordered by degree in " << loaded->reorder_ms << " ms\n";
    rows.push_back(std::move(row));
  }
  ReferenceCache reference(graph);
  std::vector<ResultRow> graph_rows;
  for (const BackendSetup& backend : backends) {
    std::cerr << "[bench] " << workload.name << ": " << to_string(backend.kind) << "\n";
    run_suites(SuiteContext{options, workload, reference, backend, graph_rows});
  }
  std::cerr << "[bench] " << workload.name << ": done in "
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s\n";
  add_speedups_vs_cusparse(graph_rows);
  print_graph_table(std::cout, graphs.back(), graph_rows);
  std::cout.flush();
  rows.insert(rows.end(), graph_rows.begin(), graph_rows.end());
}

void write_outputs(const BenchOptions& options, const RunInfo& info, const std::vector<GraphRecord>& graphs,
                   const std::vector<ResultRow>& rows) {
  namespace fs = std::filesystem;
  fs::create_directories(options.out_dir);
  const std::string csv = (fs::path(options.out_dir) / "results.csv").string();
  const std::string json = (fs::path(options.out_dir) / "results.json").string();
  write_results_csv(csv, rows);
  write_results_json(json, info, graphs, rows);
  std::cout << "wrote " << csv << " and " << json << '\n';
  if (!options.report) return;
  const std::string command = "/usr/bin/python3 '" + options.report_script + "' '" + json + "' --out '" +
                              options.out_dir + "'";
  if (std::system(command.c_str()) != 0)
    throw RuntimeError("report failed: " + command + " (report.py needs /usr/bin/python3 with matplotlib)");
}

}  // namespace

int run_benchmark(const BenchOptions& options) {
  if (wants(options, Operation::load)) {
    const int status = run_load_benchmark(options);
    if (options.operations.size() == 1) return status;
    BenchOptions rest = options;
    std::erase(rest.operations, Operation::load);
    const int others = run_benchmark(rest);
    return status != 0 ? status : others;
  }
  // Graph directories are checked before any device time is spent.
  const std::vector<Workload> workloads = collect_workloads(options);
  if (workloads.empty()) throw UsageError("no graphs to measure (bundled graphs not found, no --graphs, no --generate)");
  std::vector<BackendSetup> backends;
  for (BackendKind kind : options.backends) {
    std::cerr << "[bench] measuring copy bandwidth of " << to_string(kind) << "\n";
    backends.push_back(set_up_backend(options, kind));
  }
  const RunInfo info = collect_run_info(options, backends);
  print_run_header(std::cout, info);

  std::vector<GraphRecord> graphs;
  std::vector<ResultRow> rows;
  for (const Workload& workload : workloads) measure_graph(options, backends, workload, graphs, rows);
  print_summary(std::cout, rows);
  if (!options.out_dir.empty()) write_outputs(options, info, graphs, rows);
  const bool any_failed = std::any_of(rows.begin(), rows.end(), [](const ResultRow& r) { return !r.check.passed; });
  return any_failed ? static_cast<int>(ExitCode::runtime) : 0;
}

}  // namespace graphrun::bench
