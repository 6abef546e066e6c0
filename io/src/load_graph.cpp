#include "graphrun/error.hpp"
#include "graphrun/io/read.hpp"
#include "graphrun/io/snapshot.hpp"
#include "graphrun/io/stream_scope.hpp"

namespace graphrun::io {
namespace {

Format resolve(const std::string& path, const ReadOptions& options) {
  return options.format == Format::automatic ? detect_format(path) : options.format;
}

}  // namespace

EdgeList read_edges(const std::string& path, const ReadOptions& options) {
  const StreamScope input(path);  // detection and the reader share one copy of a stream
  const Format format = resolve(path, options);
  switch (format) {
    case Format::matrix_market: return read_matrix_market(path, options);
    case Format::edge_list: return read_edge_list(path, options);
    case Format::dimacs: return read_dimacs(path, options);
    case Format::metis: return read_metis(path, options);
    case Format::ldbc: return read_ldbc(path, options);
    case Format::binary64:
    case Format::binary32: return read_binary_edge_list(path, format);
    case Format::snapshot:
      throw UsageError(path + " is a graphrun snapshot of a built graph, not an edge list: load it with load_graph");
    case Format::automatic: break;
  }
  throw UsageError("unknown input format requested for " + path);
}

Graph load_graph(const std::string& path, const BuildOptions& build, const ReadOptions& options) {
  const StreamScope input(path);
  ReadOptions resolved = options;
  resolved.format = resolve(path, options);
  if (resolved.format != Format::snapshot) {
    BuildOptions named = build;
    if (named.source.empty()) named.source = path;
    return Graph::build(read_edges(path, resolved), named);
  }
  Graph graph = read_snapshot(path);
  // The snapshot was built once with its own options; only a request that
  // contradicts it is worth stopping for (it would silently not happen).
  if (build.undirected.has_value() && *build.undirected == graph.directed())
    throw UsageError("the snapshot " + path + " holds " + (graph.directed() ? "a directed" : "an undirected") +
                     " graph, but " + (*build.undirected ? "an undirected" : "a directed") +
                     " one was requested: build it from the source file instead");
  return graph;
}

}  // namespace graphrun::io
