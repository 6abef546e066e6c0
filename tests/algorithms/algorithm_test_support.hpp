#pragma once
// Graphs and engines for the algorithm tests: hand-made graphs from edge
// lists, random graphs with the awkward cases real files have (self-loops,
// duplicates, isolated vertices, one hub row), and a CPU engine.
#include <cstdint>
#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "graphrun/engine.hpp"
#include "graphrun/graph.hpp"

namespace graphrun::test {

// threads 0: OpenMP's default.
inline Engine cpu_engine(int threads = 0) {
  EngineOptions options;
  options.backend = BackendKind::cpu;
  options.backend_options.threads = threads;
  return Engine(options);
}

struct Edge {
  vertex_t from;
  vertex_t to;
  float weight = 1.0f;
};

// A graph built with the default BuildOptions (duplicates merged keeping the
// first weight, self-loops kept). `undirected`: every edge stands for both
// directions (a Matrix Market 'symmetric' file).
inline Graph make_graph(vertex_t num_vertices, const std::vector<Edge>& edges, bool undirected = false,
                        bool weighted = false) {
  EdgeList list;
  list.num_vertices = num_vertices;
  list.symmetry = undirected ? Symmetry::symmetric : Symmetry::general;
  for (const Edge& edge : edges) {
    list.src.push_back(edge.from);
    list.dst.push_back(edge.to);
    if (weighted) list.weights.push_back(edge.weight);
  }
  return Graph::build(list);
}

struct RandomGraphShape {
  vertex_t num_vertices = 50;
  std::size_t num_edges = 200;
  bool undirected = false;
  bool weighted = false;
  // Share of the edges that leave vertex 0 (a row holding most entries).
  double hub_share = 0.0;
};

// Random edges, duplicates and self-loops included as they come; weights in
// [0.5, 2) so weighted PageRank stays well defined. Vertices above the last
// drawn id stay isolated, as do ids no edge touches.
inline Graph random_graph(std::mt19937& random, const RandomGraphShape& shape) {
  std::uniform_int_distribution<vertex_t> vertex(0, shape.num_vertices - 1);
  std::uniform_real_distribution<float> weight(0.5f, 2.0f);
  std::bernoulli_distribution from_hub(shape.hub_share);
  std::vector<Edge> edges;
  for (std::size_t i = 0; i < shape.num_edges; ++i) {
    const vertex_t from = from_hub(random) ? 0 : vertex(random);
    edges.push_back({from, vertex(random), weight(random)});
  }
  return make_graph(shape.num_vertices, edges, shape.undirected, shape.weighted);
}

// The shapes every randomized test runs over: directed and undirected, sparse
// and dense, a hub row, a graph with many isolated vertices, one vertex.
inline std::vector<RandomGraphShape> random_shapes() {
  return {
      {.num_vertices = 60, .num_edges = 150},
      {.num_vertices = 60, .num_edges = 150, .undirected = true},
      {.num_vertices = 200, .num_edges = 2000, .weighted = true},
      {.num_vertices = 120, .num_edges = 400, .undirected = true, .weighted = true},
      {.num_vertices = 300, .num_edges = 900, .hub_share = 0.7},
      {.num_vertices = 500, .num_edges = 120},  // mostly isolated vertices, many components
      {.num_vertices = 1, .num_edges = 3},      // one vertex with self-loops
  };
}

}  // namespace graphrun::test
