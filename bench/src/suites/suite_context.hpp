#pragma once
// What every suite needs: the run's options, the graph with its host
// reference, the backend being measured, and where rows go.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bench_options.hpp"
#include "cache_flush.hpp"
#include "copy_bandwidth.hpp"
#include "measure.hpp"
#include "reference/reference_cache.hpp"
#include "result_row.hpp"
#include "statistics.hpp"
#include "workload.hpp"
#include "graphrun/engine.hpp"

namespace graphrun::bench {

// A backend as measured at start-up.
struct BackendSetup {
  BackendKind kind = BackendKind::cpu;
  BackendOptions options;  // threads; kernels stay "auto" here
  std::string device_name;
  int threads = 0;  // stated in cpu rows
  CopyBandwidth copy;
  std::size_t flush_bytes = 0;
  Summary call_floor;  // milliseconds of the smallest call (call_floor.hpp)
};

struct SuiteContext {
  const BenchOptions& options;
  const Workload& workload;
  ReferenceCache& reference;
  const BackendSetup& backend;
  std::vector<ResultRow>& rows;

  const Graph& graph() const { return reference.graph(); }
  RepetitionPlan plan() const { return {options.warmup, options.repetitions}; }
  // A row with the graph, backend and kernel columns filled in.
  ResultRow new_row(const std::string& operation, const std::string& kernel) const;
  // Runs `measure` on the row and appends it. A UsageError (the backend
  // refuses the request, e.g. a forced kernel unfit for this graph) marks it
  // skipped with the reason; any other exception marks it FAIL with its
  // message (a backend throwing on valid input is a failure, not a crash of
  // the whole benchmark).
  void record(ResultRow row, const std::function<void(ResultRow&)>& measure) const;
};

// An Engine of the context's backend (with chosen SpMV and SpMM kernels), the graph
// uploaded to it, and a cache flusher in its memory. Members are destroyed in
// reverse order: flusher and graph before the backend that owns their memory.
class EngineSession {
 public:
  EngineSession(const SuiteContext& context, const std::string& spmv_kernel, const std::string& spmm_kernel = "auto");
  Backend& backend() { return engine_.backend(); }
  Engine& engine() { return engine_; }
  const DeviceGraph& graph() const { return *graph_; }
  CacheFlusher& flusher() { return flusher_; }
  double upload_ms() const { return upload_ms_; }

 private:
  Engine engine_;
  std::unique_ptr<DeviceGraph> graph_;
  double upload_ms_ = 0.0;
  CacheFlusher flusher_;
};

// The suites, one file each. Each appends its rows for one graph and backend.
void run_spmv_suite(const SuiteContext& context);
// `session` serves the "auto" rows; forced SpMM kernels get sessions of their own.
void run_spmm_suite(const SuiteContext& context, EngineSession& session);
void run_pagerank_suite(const SuiteContext& context, EngineSession& session);
void run_bfs_suite(const SuiteContext& context, EngineSession& session);
void run_sssp_suite(const SuiteContext& context, EngineSession& session);
void run_triangle_suite(const SuiteContext& context, EngineSession& session);
void run_trsv_suite(const SuiteContext& context, EngineSession& session);
void run_label_propagation_suite(const SuiteContext& context, EngineSession& session);
void run_wcc_suite(const SuiteContext& context, EngineSession& session);
void run_aggregate_suite(const SuiteContext& context, EngineSession& session);

}  // namespace graphrun::bench
