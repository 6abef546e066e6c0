#pragma once
// The graphs one run measures: bundled real graphs, user directories and the
// generated suite, each loaded and built on demand (one at a time in memory).
#include <optional>
#include <string>
#include <vector>

#include "bench_options.hpp"
#include "graphrun/generate.hpp"
#include "graphrun/graph.hpp"

namespace graphrun::bench {

struct Workload {
  std::string name;    // file stem or generator name: the "graph" column
  std::string origin;  // "bundled", the file path, or "generated kron:20 seed 1"
  std::optional<std::string> path;
  std::optional<GeneratorSpec> generator;
  bool reorder_by_degree = false;  // relabel by descending degree after building
};

struct LoadedWorkload {
  Graph graph;
  double load_ms = 0.0;   // reading / generating the edge list (+ build for files)
  double build_ms = 0.0;  // Graph::build, as the builder measured it
  double reorder_ms = 0.0;  // reorder_by_degree on the host, when asked for
  bool drawn_on_device = false;  // generated and built on a GPU (the host route's graph)
};

// In order: bundled (sorted), each --graphs directory (sorted), generated.
std::vector<Workload> collect_workloads(const BenchOptions& options);

// Reads or generates and builds the graph; its in-edges are built here too
// (Graph::in_edges is lazy and not thread-safe) so backends and the host
// reference can share the Graph. `gpu` set: a generated kind with a device
// generator is drawn and built on that GPU and copied back (the same graph
// as the host route, made in seconds at GAP sizes).
LoadedWorkload load_workload(const Workload& workload, const BackendOptions* gpu = nullptr);

// True for names graphrun::io reads: .mtx/.mm/.grb and edge lists
// (.txt/.el/.edges/.tsv/.snap), each optionally .gz.
bool is_graph_file(const std::string& file_name);

}  // namespace graphrun::bench
