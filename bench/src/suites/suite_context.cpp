#include "suites/suite_context.hpp"

#include <chrono>
#include <exception>
#include <iostream>

#include "graphrun/error.hpp"

namespace graphrun::bench {
namespace {

// Set during static initialisation, before main: the progress lines' clock.
const auto process_start = std::chrono::steady_clock::now();

EngineOptions engine_options(const BackendSetup& backend, const std::string& spmv_kernel,
                             const std::string& spmm_kernel) {
  EngineOptions options;
  options.backend = backend.kind;
  options.backend_options = backend.options;
  options.backend_options.spmv_kernel = spmv_kernel;
  options.backend_options.spmm_kernel = spmm_kernel;
  return options;
}

}  // namespace

ResultRow SuiteContext::new_row(const std::string& operation, const std::string& kernel) const {
  ResultRow row;
  row.graph = workload.name;
  row.vertices = graph().num_vertices();
  row.entries = graph().num_entries();
  row.directed = graph().directed();
  row.operation = operation;
  row.backend = to_string(backend.kind);
  row.kernel = kernel;
  row.threads = backend.kind == BackendKind::cpu ? backend.threads : 0;
  return row;
}

void SuiteContext::record(ResultRow row, const std::function<void(ResultRow&)>& measure) const {
  try {
    measure(row);
  } catch (const UsageError& error) {
    // The backend refuses this combination outright (e.g. a forced ELL
    // kernel on a graph whose padding would explode): nothing ran, so there
    // is no result to be wrong. Shown as skipped, with the backend's reason.
    row.skipped = true;
    row.time_ms = {};
    row.note = std::string("not applicable: ") + error.what();
  } catch (const std::exception& error) {
    row.check = failed(std::string("error: ") + error.what());
  }
  // Each row as it finishes, on stderr, with the seconds since the process
  // started: a run cut short (a time limit on a large graph) still shows
  // what it measured and where the time went.
  std::cerr << "[bench] " << row.graph << ": " << row.backend << " " << row.operation << " " << row.kernel << ": "
            << row.status();
  if (row.timed()) std::cerr << ", median " << row.time_ms.median << " ms";
  if (!row.check.detail.empty()) std::cerr << " (" << row.check.detail << ")";
  std::cerr << " [" << std::chrono::duration<double>(std::chrono::steady_clock::now() - process_start).count()
            << " s]\n";
  rows.push_back(std::move(row));
}

EngineSession::EngineSession(const SuiteContext& context, const std::string& spmv_kernel,
                             const std::string& spmm_kernel)
    : engine_(engine_options(context.backend, spmv_kernel, spmm_kernel)), flusher_(engine_.backend(), context.backend.flush_bytes) {
  upload_ms_ = wall_milliseconds(engine_.backend(), [&] { graph_ = engine_.upload(context.graph()); });
}

}  // namespace graphrun::bench
