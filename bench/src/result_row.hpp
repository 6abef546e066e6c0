#pragma once
// One line of the benchmark's output: an operation on a graph, a backend and
// a kernel, with its timing, derived rates and correctness verdict.
#include <cstddef>
#include <limits>
#include <string>

#include "check.hpp"
#include "statistics.hpp"
#include "graphrun/types.hpp"

namespace graphrun::bench {

inline constexpr double not_measured = std::numeric_limits<double>::quiet_NaN();

struct ResultRow {
  // What ran.
  std::string graph;
  vertex_t vertices = 0;
  edge_t entries = 0;  // stored entries (nnz) of the out-CSR
  bool directed = false;
  std::string operation;        // spmv, spmm, pagerank-iteration, pagerank-tolerance(-host), bfs, bfs-batch, lp, wcc, aggregate
  std::string backend;          // cpu, cuda, cusparse
  std::string kernel;           // requested: a kernel name or "auto"
  std::string resolved_kernel;  // what the backend ran ("" when it cannot say)
  int threads = 0;              // cpu: OpenMP threads; 0 on a GPU
  std::size_t width = 0;        // SpMM / aggregation feature width F

  // Timing (milliseconds): median and spread over the repetitions (BFS: over
  // the sources, one search each).
  Summary time_ms;
  double upload_ms = not_measured;      // Backend::upload of the graph
  double first_call_ms = not_measured;  // first call: builds the kernel's formats
  int iterations = 0;                   // algorithm iterations / rounds
  double per_iteration_ms = not_measured;

  // Rates under the stated model (NaN where the model does not apply).
  double bytes = not_measured;
  double gbps = not_measured;
  double gflops = not_measured;
  double copy_percent = not_measured;         // gbps / device copy GB/s * 100
  double speedup_vs_cusparse = not_measured;  // best cuSPARSE median / this median
  Summary gteps;                              // BFS: median and spread over the sources

  Check check;
  bool skipped = false;  // not run (e.g. dense operands over the memory cap); see note
  std::string note;

  bool timed() const { return time_ms.count > 0; }
  // "ok", "FAIL" or "skipped": the status column of every output.
  const char* status() const { return skipped ? "skipped" : (check.passed ? "ok" : "FAIL"); }
};

// One measured graph, as the outputs list it.
struct GraphRecord {
  std::string name;
  std::string origin;
  vertex_t vertices = 0;
  edge_t entries = 0;
  bool directed = false;
  double load_ms = 0.0;
  double build_ms = 0.0;
};

}  // namespace graphrun::bench
