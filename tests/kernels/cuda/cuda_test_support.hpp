#pragma once
// Shared pieces of the CUDA backend tests: backends, graphs, moving vectors
// between host and backend memory, poisoning outputs and comparing results.
// Every test compares the CUDA backend with the CPU backend (the reference,
// tested on its own against serial oracles in tests/kernels/cpu).
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "support/random_seed.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/backend.hpp"
#include "graphrun/generate.hpp"
#include "graphrun/graph.hpp"
#include "graphrun/memory.hpp"

namespace graphrun::test {

// ---- backends -----------------------------------------------------------------

std::shared_ptr<Backend> cpu_backend();
std::shared_ptr<Backend> cuda_backend(const BackendOptions& options = {});

// ---- graphs ---------------------------------------------------------------------

struct NamedGraph {
  std::string name;
  Graph graph;
};

// Whether the cuda backend's SpMV kernel `name`, forced, may refuse a graph
// (ell's padding bound; the 16-bit column offsets of ell-compact and
// csr-compact, and csr-compact's 8-bit row lengths; the 32 diagonals of
// stencil and stencil-packed, and stencil's padding bound). Every other kernel, and
// auto, must take every graph.
bool kernel_has_bounds(const std::string& name);

// A graph from explicit edges (EdgeList -> Graph::build with DuplicatePolicy::min).
Graph graph_from_edges(vertex_t n, const std::vector<vertex_t>& src, const std::vector<vertex_t>& dst,
                       const std::vector<float>& weights, bool undirected);
// The path 0 - 1 - ... - (n-1) (0 -> 1 -> ... when directed): one vertex per BFS level.
Graph path_graph(vertex_t n, bool undirected);
// A generated graph of the given kind and scale (graphrun generate's defaults).
Graph generated_graph(GeneratorKind kind, int scale);
// 0 -> 1 -> hub 2 -> leaves 3 .. 3+leaves-1, and every leaf -> 1: the hub's
// out-row and vertex 1's in-row are long (past the BFS kernels' thread and
// warp tiers, and split into chunks).
Graph hub_graph(vertex_t leaves, bool undirected);
// Layers of the given sizes, vertex 0 alone in the first: every vertex of a
// layer has an edge from a random vertex of the layer before and `fan_out`
// more edges to random vertices of the next, and a few edges join vertices
// of one layer. A BFS from 0 then has one level per layer: frontiers of
// chosen sizes and row lengths, to take the level loop through each of its
// modes and tiers in turn.
Graph layered_graph(std::mt19937_64& rng, const std::vector<vertex_t>& layer_sizes, bool undirected,
                    int fan_out = 2);
// The complete `arity`-ary tree of `depth` levels below vertex 0 (vertex v's
// children are arity * v + 1 .. arity * v + arity): every push level from 0
// but the last has rows of exactly `arity` out-entries when directed.
Graph tree_graph(vertex_t arity, int depth, bool undirected);

struct RandomShape {
  vertex_t vertices = 100;
  std::size_t edges = 400;
  bool undirected = false;
  double hub_share = 0.0;       // share of edges leaving vertex 0 (a row holding most entries)
  double sink_share = 0.0;      // share of edges entering vertex n-1 (an in-row holding most entries)
  double isolated_share = 0.0;  // share of vertices no edge touches (empty rows)
  bool integer_weights = true;  // weights in 1..9 (exact MinPlus / PlusTimes sums); else (0.25, 4)
};
Graph random_graph(std::mt19937_64& rng, const RandomShape& shape);

// n = 1, nnz = 0, empty rows, a hub row, a hub column, directed/undirected.
std::vector<NamedGraph> edge_case_graphs(std::mt19937_64& rng);
// A few tiny edge cases for the sanitizer subset.
std::vector<NamedGraph> sanitizer_graphs(std::mt19937_64& rng);
// sanitizer_graphs plus two small real ones, karate (undirected) and west0067
// (directed, negative weights): the sanitizer subset of the SpMV sweeps.
std::vector<NamedGraph> sanitizer_graphs_with_real(std::mt19937_64& rng);
// Every graph in tests/data (read with io::read_edges, built with Graph::build).
std::vector<NamedGraph> real_graphs();
NamedGraph real_graph(const std::string& file);
// 2^20 rows, ~8 entries per row, a few hubs.
NamedGraph large_random_graph(std::mt19937_64& rng);

// One graph uploaded to both backends, as the kernel sweeps see it.
struct GraphOnBoth {
  Backend& cpu;
  const DeviceGraph& on_cpu;
  Backend& gpu;
  const DeviceGraph& on_gpu;
};

// For every SpMV kernel name (a cuda backend forcing it) and every graph:
// uploads the graph to both backends and calls check(kernel, graph, both),
// with the graph and the kernel named in every failure message.
template <class Check>
void for_each_kernel_and_graph(const std::vector<std::string>& kernels, const std::vector<NamedGraph>& graphs,
                               Check&& check) {
  const auto cpu = cpu_backend();
  for (const std::string& kernel : kernels) {
    BackendOptions options;
    options.spmv_kernel = kernel;
    const auto gpu = cuda_backend(options);
    for (const NamedGraph& g : graphs) {
      INFO("graph " << g.name << " (n " << g.graph.num_vertices() << ", entries " << g.graph.num_entries()
                    << (g.graph.directed() ? ", directed" : ", undirected") << "), kernel " << kernel);
      const auto on_cpu = cpu->upload(g.graph);
      const auto on_gpu = gpu->upload(g.graph);
      check(kernel, g, GraphOnBoth{*cpu, *on_cpu, *gpu, *on_gpu});
    }
  }
}

// ---- vectors --------------------------------------------------------------------

template <class T>
DeviceVector<T> to_backend(Backend& backend, const std::vector<T>& host) {
  return DeviceVector<T>(backend.memory(), std::span<const T>(host));
}

// Garbage of the type: NaN for floats, a large out-of-range id for vertex
// ids, 0xAB for bytes. Output buffers start as this, so an entry a kernel
// forgets to write can never look right by accident.
template <class T>
T poison_value();
template <>
float poison_value<float>();
template <>
double poison_value<double>();
template <>
vertex_t poison_value<vertex_t>();
template <>
std::uint8_t poison_value<std::uint8_t>();

template <class T>
std::vector<T> poisoned(std::size_t size) {
  return std::vector<T>(size, poison_value<T>());
}

template <class T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// Collects the first mismatches of a comparison as text for the failure message.
class Mismatches {
 public:
  template <class A, class B>
  void add(std::size_t index, const A& expected, const B& actual) {
    if (count_++ < 8) text_ << "  [" << index << "] cpu " << +expected << " cuda " << +actual << "\n";
  }
  std::size_t count() const { return count_; }
  std::string report() const {
    return count_ == 0 ? std::string() : std::to_string(count_) + " mismatches:\n" + text_.str();
  }

 private:
  std::size_t count_ = 0;
  std::ostringstream text_;
};

// Exact comparison (bitwise, so NaN poison left alone on both sides matches).
template <class T>
std::string compare_exact(const std::vector<T>& expected, const std::vector<T>& actual) {
  if (expected.size() != actual.size()) return "size differs";
  Mismatches log;
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (!same_bits(expected[i], actual[i])) log.add(i, expected[i], actual[i]);
  return log.report();
}

// |expected - actual| <= bound[i] (or both the same bits: poison, infinities).
template <class T>
std::string compare_within(const std::vector<T>& expected, const std::vector<T>& actual,
                           const std::vector<double>& bound) {
  if (expected.size() != actual.size()) return "size differs";
  Mismatches log;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (same_bits(expected[i], actual[i])) continue;
    const double difference = static_cast<double>(expected[i]) - static_cast<double>(actual[i]);
    if (!(std::abs(difference) <= bound[i])) log.add(i, expected[i], actual[i]);
  }
  return log.report();
}

template <class T>
std::vector<T> random_vector(std::mt19937_64& rng, std::size_t size, T low, T high) {
  std::vector<T> values(size);
  if constexpr (std::is_floating_point_v<T>) {
    std::uniform_real_distribution<T> draw(low, high);
    for (T& value : values) value = draw(rng);
  } else {
    std::uniform_int_distribution<long long> draw(low, high);
    for (T& value : values) value = static_cast<T>(draw(rng));
  }
  return values;
}

// Random 0/1 flags with probability `share` of 1.
std::vector<std::uint8_t> random_flags(std::mt19937_64& rng, std::size_t size, double share);

inline std::mt19937_64 seeded_rng(std::uint64_t salt) { return std::mt19937_64(test_seed() ^ (salt * 0x9E3779B97F4A7C15ull)); }

// An engine on `kind` with default options.
inline Engine engine_of(BackendKind kind) {
  EngineOptions options;
  options.backend = kind;
  return Engine(options);
}

// Two searches that must agree exactly: levels, parents and the whole
// summary (every backend follows the rules of bfs_progress.hpp).
inline void check_same_bfs(const BfsResult& expected, const BfsResult& actual) {
  CHECK(compare_exact(expected.level, actual.level) == std::string());
  CHECK(compare_exact(expected.parent, actual.parent) == std::string());
  CHECK(expected.depth == actual.depth);
  CHECK(expected.reached == actual.reached);
  CHECK(expected.edges_traversed == actual.edges_traversed);
  CHECK(expected.push_steps == actual.push_steps);
  CHECK(expected.pull_steps == actual.pull_steps);
}

}  // namespace graphrun::test

#define CHECK_SAME(report) CHECK((report) == std::string())
#define REQUIRE_SAME(report) REQUIRE((report) == std::string())
