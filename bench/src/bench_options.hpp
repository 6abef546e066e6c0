#pragma once
// What one graphrun-bench run measures, from the command line.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "graphrun/backend.hpp"
#include "graphrun/generate.hpp"

namespace graphrun::bench {

// `load` (not part of "all"): the CLI from a file to the answer, per format,
// beside dd (load_bench.hpp).
enum class Operation : std::uint8_t { spmv, spmm, pagerank, bfs, sssp, tc, trsv, label_propagation, wcc, aggregate, load };

const char* to_string(Operation operation);
Operation parse_operation(const std::string& name);  // throws UsageError
const std::vector<Operation>& all_operations();

struct BenchOptions {
  bool quick = false;
  // Graphs: tests/data/*.mtx (bundled), every graph file in graph_dirs, and
  // the generated suite.
  bool bundled = true;
  std::string bundled_dir;
  std::vector<std::string> graph_dirs;
  std::vector<GeneratorSpec> generated;
  std::uint64_t seed = 1;  // generators, inputs x / X / features, BFS sources
  // --reorder degree: every graph is relabelled by descending degree after
  // loading (optional preprocessing, timed separately: the "reorder" row).
  bool reorder_by_degree = false;

  std::vector<BackendKind> backends;  // resolved: only those available
  std::vector<Operation> operations;
  std::vector<std::size_t> spmm_widths;
  bool pattern = false;  // generated graphs without weights (--pattern)
  // SpMV kernels of the spmv rows ("auto" included); empty: every kernel of
  // each backend, then auto. A name a backend lacks gives no row there.
  std::vector<std::string> spmv_kernels;
  int threads = 0;  // cpu backend OpenMP threads (0 = OpenMP default)

  int warmup = 3;
  int repetitions = 20;
  int bfs_sources = 32;
  int bfs_batch_sources = 64;  // the bfs-batch row's sources (0: no row)
  int pagerank_iterations = 20;   // fixed-iteration run: time per iteration
  double pagerank_tolerance = 1e-6;
  int label_propagation_rounds = 10;
  std::size_t aggregate_width = 64;
  std::optional<std::size_t> flush_bytes;  // unset: per backend default
  // SpMM widths whose X + Y would exceed this many bytes are skipped (noted).
  double max_dense_bytes = 16.0 * (1ULL << 30);

  std::string out_dir;  // empty: stdout only
  bool report = false;  // run report.py on the JSON when done
  std::string report_script;
  std::string command_line;
};

// Parses argv. Returns nullopt after printing --help. Throws UsageError.
std::optional<BenchOptions> parse_bench_options(int argc, char** argv);

}  // namespace graphrun::bench
