#include "output/run_info.hpp"

#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>

#include "byte_model.hpp"
#include "check.hpp"
#include "graphrun/engine.hpp"

namespace graphrun::bench {
namespace {

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::string host_name() {
  std::array<char, 256> name{};
  return gethostname(name.data(), name.size() - 1) == 0 ? std::string(name.data()) : std::string("unknown");
}

// First line printed by a shell command, "" when it fails. Used only for
// nvidia-smi: the Backend interface has no driver-version query.
std::string first_line_of(const char* command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command, "r"), pclose);
  if (!pipe) return "";
  std::array<char, 256> line{};
  if (!std::fgets(line.data(), static_cast<int>(line.size()), pipe.get())) return "";
  std::string text(line.data());
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
  return text;
}

std::string compiler() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "gcc " __VERSION__;
#else
  return "unknown";
#endif
}

}  // namespace

RunInfo collect_run_info(const BenchOptions& options, std::vector<BackendSetup> backends) {
  RunInfo info;
  info.command_line = options.command_line;
  info.date_utc = utc_now();
  info.host = host_name();
  info.graphrun_version = GRAPHRUN_BENCH_VERSION;
  info.compiler = compiler();
  info.cuda_toolkit = GRAPHRUN_BENCH_CUDA_TOOLKIT;
  info.backends = std::move(backends);
  info.byte_model = byte_model_description();
  info.tolerances = "float sums: |y - ref| <= " + std::to_string(float_sum_tolerance) +
                    " x sum|terms| per entry against a float64 host reference; PageRank: L1 <= " +
                    std::to_string(pagerank_l1_tolerance) + "; BFS levels, labels, components: exact";
  info.timing = "backend clock (CUDA events on GPUs), " + std::to_string(options.warmup) + " warm-up + " +
                std::to_string(options.repetitions) +
                " measured runs, cache flushed before each; median, min/max and quartiles; "
                "upload and first call (format builds) timed separately";
  if (cuda_available()) {
    info.cuda_driver = first_line_of("nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null");
    if (info.cuda_driver.empty()) {
      info.cuda_driver = "unknown";
      info.missing.push_back("CUDA driver version: the Backend interface has no query and nvidia-smi gave none");
    } else {
      info.missing.push_back("CUDA driver version read from nvidia-smi: the Backend interface has no query");
    }
    info.missing.push_back("GPU L2 size: the Backend interface has no query; the cache flush writes 256 MiB");
  } else {
    info.cuda_driver = "none (no CUDA device used)";
  }
  return info;
}

}  // namespace graphrun::bench
