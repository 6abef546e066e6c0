#pragma once
// The facts a benchmark result is meaningless without: what was run, when,
// on which device and software, and under which models and tolerances.
#include <string>
#include <vector>

#include "bench_options.hpp"
#include "suites/suite_context.hpp"

namespace graphrun::bench {

struct RunInfo {
  std::string command_line;
  std::string date_utc;  // ISO 8601
  std::string host;
  std::string graphrun_version;
  std::string compiler;
  std::string cuda_toolkit;    // the toolkit graphrun was built with, or "not built with CUDA"
  std::string cuda_driver;     // from nvidia-smi; see `missing`
  std::vector<BackendSetup> backends;
  std::string byte_model;
  std::string tolerances;
  std::string timing;
  // What could not be recorded and why (e.g. the Backend interface has no
  // driver-version query).
  std::vector<std::string> missing;
};

RunInfo collect_run_info(const BenchOptions& options, std::vector<BackendSetup> backends);

}  // namespace graphrun::bench
