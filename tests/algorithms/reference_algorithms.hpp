#pragma once
// Plain sequential host implementations of the algorithms, straight from
// their definitions (LDBC Graphalytics, Graph500, Kipf & Welling), written
// without the primitive interface so they check it independently. They read
// only the built Graph's host CSR.
#include <cstddef>
#include <span>
#include <vector>

#include "graphrun/graph.hpp"

namespace graphrun::test {

// LDBC PageRank in double precision, exactly `iterations` iterations.
// `teleport` empty = uniform 1/n; otherwise the teleport distribution.
std::vector<double> reference_pagerank(const Graph& graph, double damping, int iterations, bool weighted,
                                       const std::vector<double>& teleport = {});

struct ReferenceBfs {
  std::vector<vertex_t> level;   // -1 unreachable
  std::vector<vertex_t> parent;  // smallest-id in-neighbour on the previous level
};
// Level-synchronous queue BFS.
ReferenceBfs reference_bfs(const Graph& graph, vertex_t source);

// LDBC CDLP with ordered maps for the counts, `rounds` synchronous rounds.
std::vector<vertex_t> reference_cdlp(const Graph& graph, int rounds);

// Union-find over all stored entries; each vertex gets its component's smallest id.
std::vector<vertex_t> reference_wcc(const Graph& graph);

enum class ReferenceNorm { sum, mean, gcn };
// Row-major n x width aggregation in double, from the out-edge list (each
// u->v adds to row v), so it does not rely on the transpose.
std::vector<double> reference_aggregate(const Graph& graph, std::span<const float> features, std::size_t width,
                                        ReferenceNorm norm, bool weighted);

}  // namespace graphrun::test
