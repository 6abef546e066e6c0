#include "bench_options.hpp"

#include <boost/program_options.hpp>
#include <iostream>
#include <sstream>

#include "graphrun/engine.hpp"
#include "graphrun/error.hpp"

namespace graphrun::bench {
namespace po = boost::program_options;
namespace {

// The generated suite when --generate is not given: one graph of each
// structure, sized for a GPU (about 12-33 M stored entries each; the regular
// case is the mesh, whose diameter is 127, not the banded matrix, whose n/8
// levels would make every BFS a 262 000-step walk) ...
constexpr const char* default_suite = "kron:20,road:22,uniform:20,mesh:20";
// ... and for --quick on a 2-core CPU (seconds in total).
constexpr const char* quick_suite = "kron:11,road:12,uniform:11,banded:12,mesh:12";

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream stream(text);
  for (std::string item; std::getline(stream, item, ',');)
    if (!item.empty()) items.push_back(item);
  return items;
}

std::vector<BackendKind> resolve_backends(const std::string& text) {
  std::vector<BackendKind> kinds;
  if (text == "all") {
    kinds.push_back(BackendKind::cpu);
    if (cuda_available()) kinds.insert(kinds.end(), {BackendKind::cuda, BackendKind::cusparse});
    return kinds;
  }
  for (const std::string& name : split_list(text)) {
    const BackendKind kind = parse_backend(name);
    if (kind != BackendKind::cpu && !cuda_available())
      throw UsageError("backend '" + name + "' needs a CUDA GPU, and none is available in this build/machine");
    kinds.push_back(kind);
  }
  if (kinds.empty()) throw UsageError("--backends lists no backend");
  return kinds;
}

std::string join_command_line(int argc, char** argv) {
  std::string line;
  for (int i = 0; i < argc; ++i) {
    if (i) line += ' ';
    const std::string arg = argv[i];
    const bool plain = arg.find_first_of(" \t\"'$\\") == std::string::npos && !arg.empty();
    line += plain ? arg : "'" + arg + "'";
  }
  return line;
}

void require_positive(int value, const char* name) {
  if (value < 1) throw UsageError(std::string("--") + name + " must be at least 1");
}

}  // namespace

const char* to_string(Operation operation) {
  switch (operation) {
    case Operation::spmv: return "spmv";
    case Operation::spmm: return "spmm";
    case Operation::pagerank: return "pagerank";
    case Operation::bfs: return "bfs";
    case Operation::sssp: return "sssp";
    case Operation::tc: return "tc";
    case Operation::trsv: return "trsv";
    case Operation::label_propagation: return "lp";
    case Operation::wcc: return "wcc";
    case Operation::aggregate: return "aggregate";
    case Operation::load: return "load";
  }
  return "unknown";
}

const std::vector<Operation>& all_operations() {
  static const std::vector<Operation> operations = {Operation::spmv, Operation::spmm, Operation::pagerank,
                                                    Operation::bfs, Operation::sssp, Operation::tc, Operation::trsv, Operation::label_propagation, Operation::wcc,
                                                    Operation::aggregate};
  return operations;
}

Operation parse_operation(const std::string& name) {
  for (Operation operation : all_operations())
    if (name == to_string(operation)) return operation;
  if (name == to_string(Operation::load)) return Operation::load;
  throw UsageError("unknown operation '" + name + "' (expected spmv, spmm, pagerank, bfs, sssp, tc, trsv, lp, wcc, aggregate, load)");
}

std::optional<BenchOptions> parse_bench_options(int argc, char** argv) {
  BenchOptions options;
  std::string generate, backends, operations, widths, reorder, spmv_kernels;
  std::optional<int> warmup, repetitions, bfs_sources;
  double flush_mib = -1.0, max_dense_gib = 16.0;
  po::options_description description(
      "graphrun-bench: SpMV, SpMM and graph algorithms on every backend, timed, checked and reported\n"
      "Usage: graphrun-bench [options]\nOptions",
      110);
  // clang-format off
  description.add_options()
    ("help,h", "print this help")
    ("quick", po::bool_switch(&options.quick), "small graphs and few repetitions: the whole run takes under a minute on a 2-core CPU (CI)")
    ("graphs", po::value(&options.graph_dirs)->composing(), "a directory of graphs (.mtx, .mtx.gz, .grb, edge lists); repeatable")
    ("no-bundled", "skip the small real graphs bundled in tests/data")
    ("bundled-dir", po::value(&options.bundled_dir)->default_value(GRAPHRUN_BENCH_BUNDLED_DIR), "where the bundled graphs are")
    ("generate", po::value(&generate), "generated graphs KIND:SCALE,... (kron, road, uniform, urand, banded, mesh; 'none' for none); "
                                        "default kron:20,road:22,uniform:20,mesh:20 (quick: scales 11-12)")
    ("seed", po::value(&options.seed)->default_value(1), "seed of generators, input vectors and BFS sources")
    ("pattern", po::bool_switch(&options.pattern), "generated graphs without weights, as graphrun generate writes them (half the memory: GAP-size graphs); default: random weights")
    ("reorder", po::value(&reorder)->default_value("none"), "vertex order: none, or degree (relabel by descending degree after loading; graph names get -deg, the time is the 'reorder' row)")
    ("backends", po::value(&backends)->default_value("all"), "cpu,cuda,cusparse or all (those available)")
    ("ops", po::value(&operations)->default_value("all"), "spmv,spmm,pagerank,bfs,sssp,tc,trsv,lp,wcc,aggregate or all; load: the CLI end to end per file format beside dd "
                                                               "(generated graphs only, pattern as graphrun generate writes them; not in all)")
    ("widths", po::value(&widths)->default_value("16,32,64,128,256"), "SpMM widths F")
    ("spmv-kernels", po::value(&spmv_kernels)->default_value("all"), "SpMV kernels of the spmv rows, e.g. auto,csr-hub-split (all: each backend's every kernel and auto)")
    ("threads", po::value(&options.threads)->default_value(0), "cpu backend OpenMP threads (0: OpenMP's default)")
    ("warmup", po::value<int>(), "unmeasured runs before timing (default 3, quick 1)")
    ("reps", po::value<int>(), "measured repetitions (default 20, quick 3)")
    ("bfs-sources", po::value<int>(), "random BFS (and SSSP) sources with non-zero degree (default 32, quick 8)")
    ("bfs-batch-sources", po::value(&options.bfs_batch_sources)->default_value(64), "sources of the bfs-batch row, searched in one call (0: no such row)")
    ("pagerank-iterations", po::value(&options.pagerank_iterations)->default_value(20), "iterations of the fixed-count PageRank run")
    ("lp-rounds", po::value(&options.label_propagation_rounds)->default_value(10), "label propagation rounds")
    ("flush-mib", po::value(&flush_mib), "cache flush buffer in MiB (default 256 on a GPU, 2 x L3 up to 128 on a CPU; 0 disables)")
    ("max-dense-gib", po::value(&max_dense_gib)->default_value(16.0), "skip SpMM widths whose X + Y exceed this")
    ("out", po::value(&options.out_dir), "directory for results.csv, results.json (and the report)")
    ("report", po::bool_switch(&options.report), "also write report.md with PNG plots (needs --out; runs report.py)")
    ("report-script", po::value(&options.report_script)->default_value(GRAPHRUN_BENCH_REPORT_SCRIPT), "path of report.py");
  // clang-format on
  po::variables_map values;
  try {
    po::store(po::command_line_parser(argc, argv).options(description).run(), values);
    po::notify(values);
  } catch (const po::error& error) {
    throw UsageError(std::string(error.what()) + " (see --help)");
  }
  if (values.count("help")) {
    std::cout << description << '\n';
    return std::nullopt;
  }
  options.command_line = join_command_line(argc, argv);
  options.bundled = !values.count("no-bundled");
  if (reorder != "none" && reorder != "degree")
    throw UsageError("--reorder must be none or degree, got '" + reorder + "'");
  options.reorder_by_degree = reorder == "degree";
  if (values.count("warmup")) warmup = values["warmup"].as<int>();
  if (values.count("reps")) repetitions = values["reps"].as<int>();
  if (values.count("bfs-sources")) bfs_sources = values["bfs-sources"].as<int>();
  options.warmup = warmup.value_or(options.quick ? 1 : 3);
  options.repetitions = repetitions.value_or(options.quick ? 3 : 20);
  options.bfs_sources = bfs_sources.value_or(options.quick ? 8 : 32);
  if (options.warmup < 0) throw UsageError("--warmup must not be negative");
  require_positive(options.repetitions, "reps");
  require_positive(options.bfs_sources, "bfs-sources");
  if (options.bfs_batch_sources < 0) throw UsageError("--bfs-batch-sources must not be negative");
  require_positive(options.pagerank_iterations, "pagerank-iterations");
  require_positive(options.label_propagation_rounds, "lp-rounds");
  if (options.threads < 0) throw UsageError("--threads must not be negative");
  if (values.count("flush-mib")) {
    if (flush_mib < 0) throw UsageError("--flush-mib must not be negative");
    options.flush_bytes = static_cast<std::size_t>(flush_mib * (1 << 20));
  }
  options.max_dense_bytes = max_dense_gib * (1ULL << 30);
  if (options.report && options.out_dir.empty()) throw UsageError("--report needs --out DIR");

  if (!values.count("generate")) generate = options.quick ? quick_suite : default_suite;
  if (generate != "none") {
    for (const std::string& item : split_list(generate)) {
      GeneratorSpec spec = parse_generator_spec(item);
      spec.seed = options.seed;
      // Weighted, so that a kernel ignoring the values cannot pass the check;
      // --pattern: as `graphrun generate` writes them (GAP-size graphs).
      spec.weighted = !options.pattern;
      options.generated.push_back(spec);
    }
  }
  options.backends = resolve_backends(backends);
  if (operations == "all")
    options.operations = all_operations();
  else
    for (const std::string& name : split_list(operations)) options.operations.push_back(parse_operation(name));
  if (spmv_kernels != "all") options.spmv_kernels = split_list(spmv_kernels);
  for (const std::string& width : split_list(widths)) {
    std::size_t parsed = 0;
    try {
      parsed = std::stoul(width);
    } catch (const std::exception&) {
      throw UsageError("--widths: '" + width + "' is not a number");
    }
    if (parsed == 0) throw UsageError("--widths: widths must be positive");
    options.spmm_widths.push_back(parsed);
  }
  return options;
}

}  // namespace graphrun::bench
