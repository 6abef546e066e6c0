// graphrun-algorithm-driver: runs one algorithm on the cpu backend and writes
// its per-vertex result in the file's original ids, so the Python oracles in
// oracles/ can compare it with networkx / scipy.
//
//   graphrun-algorithm-driver ALGORITHM GRAPH OUTPUT_DIR [name=value ...]
//     pagerank   damping=0.85 iterations=100 tolerance=1e-6 fixed=0 weighted=0
//                personalization=ID,ID,...                  -> rank.tsv
//     bfs        source=ID direction=optimizing|push|pull    -> level.tsv parent.tsv
//     sssp       source=ID delta=0 method=delta-stepping|near-far|bellman-ford parents=0
//                                                            -> distance.tsv (parent.tsv)
//     tc                                                     -> triangles.tsv
//     lcc                                                    -> lcc.tsv
//     bc         sources=ID,ID,... (default: every vertex)   -> betweenness.tsv
//     cdlp       iterations=10 stable=0                      -> label.tsv
//     wcc                                                    -> component.tsv
//     aggregate  features=PATH.npy norm=sum|mean|gcn weighted=0 -> aggregate.npy
// IDs are the file's original vertex ids. Scalars of the run (iterations,
// residual, reached, ...) go to stdout as "name value" lines.
#include <cstdlib>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "graphrun/algorithms/aggregate.hpp"
#include "graphrun/algorithms/betweenness.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/label_propagation.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/algorithms/sssp.hpp"
#include "graphrun/algorithms/triangles.hpp"
#include "graphrun/algorithms/wcc.hpp"
#include "graphrun/error.hpp"
#include "graphrun/io/npy.hpp"
#include "graphrun/io/read.hpp"
#include "graphrun/io/vertex_output.hpp"

namespace {

using namespace graphrun;

// name=value options; every option must be consumed, so a typo is an error.
class Options {
 public:
  Options(int argc, char** argv, int first) {
    for (int i = first; i < argc; ++i) {
      const std::string argument = argv[i];
      const auto equals = argument.find('=');
      if (equals == std::string::npos) throw UsageError("expected name=value, got '" + argument + "'");
      values_[argument.substr(0, equals)] = argument.substr(equals + 1);
    }
  }
  std::string text(const std::string& name, const std::string& fallback) {
    const auto found = values_.find(name);
    if (found == values_.end()) return fallback;
    std::string value = found->second;
    values_.erase(found);
    return value;
  }
  double number(const std::string& name, double fallback) {
    const std::string value = text(name, "");
    if (value.empty()) return fallback;
    std::size_t used = 0;
    const double parsed = std::stod(value, &used);
    if (used != value.size()) throw UsageError(name + ": not a number: '" + value + "'");
    return parsed;
  }
  bool flag(const std::string& name) { return number(name, 0.0) != 0.0; }
  void check_all_used() const {
    if (!values_.empty()) throw UsageError("unknown option '" + values_.begin()->first + "'");
  }

 private:
  std::map<std::string, std::string> values_;
};

vertex_t compact_id(const Graph& graph, std::int64_t original) {
  const vertex_t v = graph.ids().compact(original, graph.num_vertices());
  if (v == no_vertex) throw UsageError("vertex " + std::to_string(original) + " is not in the graph");
  return v;
}

std::vector<vertex_t> compact_ids(const Graph& graph, const std::string& list) {
  std::vector<vertex_t> ids;
  std::stringstream stream(list);
  for (std::string item; std::getline(stream, item, ',');)
    if (!item.empty()) ids.push_back(compact_id(graph, std::stoll(item)));
  return ids;
}

BfsDirection parse_direction(const std::string& name) {
  if (name == "optimizing") return BfsDirection::optimizing;
  if (name == "push") return BfsDirection::push;
  if (name == "pull") return BfsDirection::pull;
  throw UsageError("direction must be optimizing, push or pull, got '" + name + "'");
}

AggregateNorm parse_norm(const std::string& name) {
  if (name == "sum") return AggregateNorm::sum;
  if (name == "mean") return AggregateNorm::mean;
  if (name == "gcn") return AggregateNorm::gcn;
  throw UsageError("norm must be sum, mean or gcn, got '" + name + "'");
}

void run(const std::string& algorithm, const Graph& graph, const std::string& out, Options& options) {
  EngineOptions engine_options;
  engine_options.backend = BackendKind::cpu;
  Engine engine(engine_options);
  const auto device_graph = engine.upload(graph);
  const IdMap& ids = graph.ids();
  if (algorithm == "pagerank") {
    PageRankParams params;
    params.damping = static_cast<float>(options.number("damping", params.damping));
    params.max_iterations = static_cast<int>(options.number("iterations", params.max_iterations));
    params.tolerance = options.number("tolerance", params.tolerance);
    params.fixed_iterations = options.flag("fixed");
    params.weighted = options.flag("weighted");
    params.personalization = compact_ids(graph, options.text("personalization", ""));
    options.check_all_used();
    const PageRankResult result = pagerank(engine, *device_graph, params);
    io::write_vertex_values(out + "/rank.tsv", ids, result.rank);
    std::cout << "iterations " << result.iterations << "\nresidual " << result.residual << "\nconverged "
              << result.converged << "\n";
  } else if (algorithm == "bfs") {
    const BfsParams params{.source = compact_id(graph, static_cast<std::int64_t>(options.number("source", 1))),
                           .direction = parse_direction(options.text("direction", "optimizing"))};
    options.check_all_used();
    const BfsResult result = bfs(engine, *device_graph, params);
    io::write_vertex_levels(out + "/level.tsv", ids, result.level);
    io::write_vertex_ids(out + "/parent.tsv", ids, result.parent);
    std::cout << "reached " << result.reached << "\ndepth " << result.depth << "\nedges_traversed "
              << result.edges_traversed << "\npush_steps " << result.push_steps << "\npull_steps "
              << result.pull_steps << "\n";
  } else if (algorithm == "sssp") {
    SsspParams params;
    params.source = compact_id(graph, static_cast<std::int64_t>(options.number("source", 1)));
    params.delta = options.number("delta", 0.0);
    params.method = parse_sssp_method(options.text("method", "delta-stepping"));
    const bool parents = options.flag("parents");
    options.check_all_used();
    const SsspResult result = sssp(engine, *device_graph, params);
    io::write_vertex_values(out + "/distance.tsv", ids, result.distance);
    if (parents)
      io::write_vertex_ids(out + "/parent.tsv", ids, sssp_parents(graph, params.source, result.distance));
    std::cout << "reached " << result.reached << "\nrounds " << result.rounds << "\nbuckets " << result.buckets
              << "\n";
  } else if (algorithm == "tc") {
    options.check_all_used();
    const auto simple = engine.upload(undirected_simple(graph, EdgeCounts::none));
    const TriangleCountResult result = triangle_count(engine, *simple, true);
    std::vector<std::int64_t> counts(result.per_vertex.begin(), result.per_vertex.end());
    io::write_vertex_counts(out + "/triangles.tsv", ids, counts, "triangles");
    std::cout << "triangles " << result.total << "\n";
  } else if (algorithm == "lcc") {
    options.check_all_used();
    const auto closure = engine.upload(undirected_simple(graph, EdgeCounts::by_direction));
    const LocalClusteringResult result = local_clustering(engine, *closure);
    const std::vector<float> coefficient(result.coefficient.begin(), result.coefficient.end());
    io::write_vertex_values(out + "/lcc.tsv", ids, coefficient);
    std::cout << "average " << result.average << "\n";
  } else if (algorithm == "bc") {
    const BetweennessParams params{compact_ids(graph, options.text("sources", ""))};
    options.check_all_used();
    const BetweennessResult result = betweenness_centrality(engine, *device_graph, params);
    const std::vector<float> values(result.centrality.begin(), result.centrality.end());
    io::write_vertex_values(out + "/betweenness.tsv", ids, values);
    std::cout << "sources " << result.sources << "\n";
  } else if (algorithm == "cdlp") {
    const LabelPropagationParams params{.max_iterations = static_cast<int>(options.number("iterations", 10)),
                                        .stop_when_stable = options.flag("stable")};
    options.check_all_used();
    const LabelPropagationResult result = label_propagation(engine, *device_graph, params);
    io::write_vertex_ids(out + "/label.tsv", ids, result.label);
    std::cout << "iterations " << result.iterations << "\nlast_changes " << result.last_changes << "\n";
  } else if (algorithm == "wcc") {
    options.check_all_used();
    const WccResult result = weakly_connected_components(engine, *device_graph);
    io::write_vertex_ids(out + "/component.tsv", ids, result.component);
    std::cout << "iterations " << result.iterations << "\nnum_components " << result.num_components << "\n";
  } else if (algorithm == "aggregate") {
    const io::DenseMatrix features = io::read_npy(options.text("features", ""));
    const AggregateParams params{.norm = parse_norm(options.text("norm", "sum")), .weighted = options.flag("weighted")};
    options.check_all_used();
    io::DenseMatrix result{.rows = features.rows, .cols = features.cols, .values = {}};
    result.values = aggregate(engine, *device_graph, features.values, features.cols, params);
    io::write_npy(out + "/aggregate.npy", result);
  } else {
    throw UsageError("unknown algorithm '" + algorithm + "' (pagerank, bfs, sssp, tc, lcc, bc, cdlp, wcc, aggregate)");
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: graphrun-algorithm-driver ALGORITHM GRAPH OUTPUT_DIR [name=value ...]\n";
    return static_cast<int>(ExitCode::usage);
  }
  try {
    Options options(argc, argv, 4);
    const Graph graph = io::load_graph(argv[2]);
    run(argv[1], graph, argv[3], options);
    return 0;
  } catch (const Error& error) {
    std::cerr << "graphrun-algorithm-driver: " << error.what() << "\n";
    return static_cast<int>(error.code());
  } catch (const std::exception& error) {
    std::cerr << "graphrun-algorithm-driver: " << error.what() << "\n";
    return static_cast<int>(ExitCode::usage);
  }
}
