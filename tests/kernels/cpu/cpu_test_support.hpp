#pragma once
// Graphs the cpu backend tests run on, each with its adjacency as plain
// (row, column, weight) triples derived from the EdgeList, not from the CSR,
// so the reference math in the tests never reads what the backend reads.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "graphrun/edge_list.hpp"
#include "graphrun/graph.hpp"

namespace graphrun::test {

struct Triple {
  vertex_t source;
  vertex_t target;
  float weight;
};

struct TestGraph {
  std::string name;
  Graph graph;
  // Stored entries of A (source -> target): mirrored for an undirected graph
  // (a self-loop once), duplicates merged by minimum weight.
  std::vector<Triple> entries;
};

// The adjacency an EdgeList stands for; Graph::build is given
// DuplicatePolicy::min (order-independent) so both sides agree on duplicates.
std::vector<Triple> adjacency_triples(const EdgeList& edges);
TestGraph make_test_graph(std::string name, const EdgeList& edges);

// Edge cases and random graphs (generated from `rng`), then the small real
// graphs of tests/data.
std::vector<TestGraph> edge_case_graphs(std::mt19937_64& rng);
std::vector<TestGraph> real_graphs();
std::vector<TestGraph> all_test_graphs(std::mt19937_64& rng);

// The directed path 0 -> 1 -> 2: the small graph of the argument-check tests.
Graph path_graph_3();

}  // namespace graphrun::test
