#include <random>

#include "commands/commands.hpp"
#include "options.hpp"
#include "processes.hpp"

namespace graphrun::cli {
namespace {

// Features in [-1, 1) from a seed, reproducible across runs and machines
// (mt19937_64 and the mapping below are fully specified by the standard).
io::DenseMatrix random_features(std::size_t rows, std::size_t width, std::uint64_t seed) {
  io::DenseMatrix features{rows, width, std::vector<float>(rows * width)};
  std::mt19937_64 engine(seed);
  for (float& value : features.values) value = static_cast<float>(static_cast<double>(engine() >> 11) * 0x1.0p-52 - 1.0);
  return features;
}

AggregateNorm parse_norm(const std::string& norm) {
  if (norm == "sum") return AggregateNorm::sum;
  if (norm == "mean") return AggregateNorm::mean;
  if (norm == "gcn") return AggregateNorm::gcn;
  throw UsageError("--norm must be sum, mean or gcn (got '" + norm + "')");
}

}  // namespace

int run_aggregate(const Arguments& args) {
  GraphOptions graph_options;
  BackendChoice backend;
  std::string features_file, out_file, norm = "sum";
  std::size_t width = 0;
  std::uint64_t seed = 1;
  AggregateParams params;
  po::options_description options("aggregate options (GNN feature aggregation H' = Â H)");
  po::positional_options_description positional;
  graph_options.add_to(options, positional);
  backend.add_to(options);
  options.add_options()
    ("features", po::value(&features_file), "input features X.npy (float32, C order, n x F)")
    ("width", po::value(&width), "generate n x F random features instead of reading them")
    ("seed", po::value(&seed)->default_value(1), "seed of the generated features")
    ("norm", po::value(&norm)->default_value("sum"), "sum (A), mean (D^-1 A) or gcn (D^-1/2 (A+I) D^-1/2)")
    ("weighted", po::bool_switch(&params.weighted), "use edge weights (sum only)")
    ("output,o", po::value(&out_file), "write H' as .npy");
  add_deprecated_alias(options, "out", "output");
  po::variables_map values;
  if (!parse_command_line("aggregate", "FILE (--features X.npy | --width F) [--norm sum|mean|gcn] [--output H.npy]", args,
                          options, positional, values))
    return 0;
  apply_deprecated_alias(values, "aggregate", "out", "output", out_file);
  note_output_path(out_file);
  if (features_file.empty() == (values.count("width") == 0))
    throw UsageError("give exactly one of --features X.npy or --width F");
  if (values.count("width") && width == 0) throw UsageError("--width must be >= 1");
  params.norm = parse_norm(norm);
  if (params.weighted && params.norm != AggregateNorm::sum) throw UsageError("--weighted applies to --norm sum only");

  // Under several processes the root reads the graph and the features and
  // writes the output; each process computes its block of rows.
  PhaseTimer timer;
  EngineStart starting(backend.engine_options());
  Graph graph;
  io::DenseMatrix features;
  if (root_process()) {
    graph = graph_options.load(timer, params.weighted ? Weights::required : Weights::ignored);
    const auto n = static_cast<std::size_t>(graph.num_vertices());
    features = features_file.empty() ? random_features(n, width, seed)
                                     : timer.time("read_features", [&] { return io::read_npy(features_file); });
    if (features.rows != n)
      throw InputError(features_file, 0, "has " + std::to_string(features.rows) + " rows but the graph has " +
                                             std::to_string(n) + " vertices");
  }
  Engine engine = starting.wait(timer);
  io::DenseMatrix result{features.rows, features.cols, {}};
#if GRAPHRUN_HAVE_MPI
  distributed::ExchangeStats exchange;
  double exchange_seconds_max = 0.0;
  if (const distributed::Communicator* world = processes_world()) {
    const auto part = timer.time("partition", [&] {
      return distributed::partition_graph(*world, world->root() ? std::optional<Graph>(graph) : std::nullopt);
    });
    const auto local = timer.time("upload", [&] { return engine.upload(part.local); });
    result.values = timer.time("compute", [&] {
      const auto exchanging = distributed::make_block_exchange(*world, engine, part.blocks, &exchange);
      return distributed::aggregate(*world, engine, part, *local, std::move(features.values), features.cols, params,
                                    *exchanging);
    });
    exchange_seconds_max = world->max(exchange.seconds);
    if (!root_process()) return 0;
  } else
#endif
  {
    const auto device_graph = timer.time("upload", [&] { return engine.upload(graph); });
    result.values = timer.time("compute", [&] { return aggregate(engine, *device_graph, features.values, features.cols, params); });
  }
  if (!out_file.empty()) timer.time("write", [&] { io::write_npy(out_file, result); });

  double checksum = 0.0;
  for (const float v : result.values) checksum += v;
  JsonObject summary = run_summary("aggregate", graph, engine);
#if GRAPHRUN_HAVE_MPI
  add_processes(summary, exchange, exchange_seconds_max);
#endif
  summary.add("width", static_cast<std::uint64_t>(features.cols)).add("norm", norm).add("checksum", checksum);
  std::vector<std::string> lines = {headline("aggregate", graph, engine),
                                    "norm " + norm + ", width " + std::to_string(features.cols) +
                                        ", sum of all outputs " + std::to_string(checksum) +
                                        (out_file.empty() ? "" : ", written to " + out_file)};
  append_notes(summary, lines, engine);
  print_summary(summary, lines, &timer);
  return 0;
}

}  // namespace graphrun::cli
