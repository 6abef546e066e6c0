#pragma once
// Compacts the sparse 64-bit ids of an edge list to 0..n-1 in sorted order of
// the original ids, so that "smallest label wins" ties break as they would on
// the file's own numbering (LDBC CDLP depends on it).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "graphrun/edge_list.hpp"

#include "graphrun/types.hpp"

namespace graphrun::io::detail {

struct CompactedIds {
  std::vector<std::int64_t> sorted_ids;  // sorted_ids[v] = original id of v
  std::vector<vertex_t> src;
  std::vector<vertex_t> dst;
};

enum class CompactionStrategy {
  automatic,  // bitmap when the id range is small against the entry count, else sort
  bitmap,     // presence bitmap over [min, max] and popcount ranks
  sort,       // parallel sort + unique, binary-search ranks
};

// The parsed endpoints: vertex_t when every id fits one (they are then
// relabelled in place), else 64-bit.
template <class Id>
struct IdColumns {
  std::vector<Id> src;
  std::vector<Id> dst;
};

// ids must be non-negative. Throws InputError(path) when there are more than
// max_vertices distinct ids. Id: vertex_t or std::int64_t.
template <class Id>
CompactedIds compact_ids(IdColumns<Id>&& ids, const std::string& path,
                         CompactionStrategy strategy = CompactionStrategy::automatic);

// Names (string ids) relabelled to 0..n-1 in byte order of the names.
struct CompactedNames {
  std::vector<std::string> names;  // names[v] = the name of v, sorted
  std::vector<vertex_t> src;
  std::vector<vertex_t> dst;
};

// Throws InputError(path) when there are more than max_vertices distinct names.
CompactedNames compact_names(IdColumns<std::string>&& ids, const std::string& path);

// The parts every relabelled edge list shares: n vertices, a general
// (directed) list, 0-based compact ids; the caller adds the id map.
inline EdgeList relabelled_edge_list(std::size_t n, std::vector<vertex_t>&& src, std::vector<vertex_t>&& dst,
                                     std::vector<float>&& weights) {
  EdgeList edges;
  edges.num_vertices = static_cast<vertex_t>(n);
  edges.symmetry = Symmetry::general;
  edges.src = std::move(src);
  edges.dst = std::move(dst);
  edges.weights = std::move(weights);
  edges.ids.base = 0;
  return edges;
}

inline EdgeList named_edge_list(CompactedNames&& compacted, std::vector<float>&& weights) {
  EdgeList edges = relabelled_edge_list(compacted.names.size(), std::move(compacted.src), std::move(compacted.dst),
                                        std::move(weights));
  edges.ids.names = std::move(compacted.names);
  return edges;
}

// The EdgeList of a file with sparse ids (text or binary edge lists):
// compacted columns, the sorted original ids, and the weights if any.
inline EdgeList sparse_id_edge_list(CompactedIds&& compacted, std::vector<float>&& weights) {
  EdgeList edges = relabelled_edge_list(compacted.sorted_ids.size(), std::move(compacted.src),
                                        std::move(compacted.dst), std::move(weights));
  edges.ids.ids = std::move(compacted.sorted_ids);
  return edges;
}

}  // namespace graphrun::io::detail
