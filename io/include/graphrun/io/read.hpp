#pragma once
// Reading graphs: Matrix Market, SNAP/LDBC edge lists, DIMACS .gr (each
// optionally .gz) and graphrun's binary snapshot. Every failure is an InputError naming the
// file, the line and what was expected.
#include <cstddef>
#include <cstdint>
#include <string>

#include "graphrun/edge_list.hpp"
#include "graphrun/graph.hpp"

namespace graphrun::io {

enum class Format : std::uint8_t {
  automatic, matrix_market, edge_list, dimacs, metis, ldbc, binary64, binary32, snapshot
};

struct ReadOptions {
  Format format = Format::automatic;  // automatic: by extension, see detect_format
  // Progress bar on stderr for inputs over ~100 MB, only when stderr is a terminal.
  bool progress = true;
  // Bytes of text parsed per parallel step (0 = 64 MiB). Peak memory is about
  // the edge list plus one block; tests use tiny blocks to cross boundaries.
  std::size_t block_bytes = 0;
  // Read the structure only: value / weight columns must still hold numbers,
  // but are not stored (non-finite ones included) and the EdgeList comes out
  // unweighted. For files whose weights cannot be used, e.g. a real data set
  // with 'inf' weights (cond-mat-2005), which are refused otherwise; also
  // faster for algorithms that ignore weights.
  bool ignore_weights = false;
  // Edge lists with a header row of names (CSV/TSV exports): the columns
  // holding the source, the target and the weight. Empty: the first, the
  // second, and the third when there are exactly three.
  std::string source_column, target_column, weight_column;
  // Edge lists' vertex ids: automatic (numbers, unless neither id of the
  // first data line is a number: then every id is a name), numbers, or
  // names (every id a name: "007" and "7" are two vertices). Names are relabelled to
  // 0..n-1 in byte order and written back by every output.
  enum class Ids : std::uint8_t { automatic, numbers, names };
  Ids ids = Ids::automatic;
  // Edge lists' first line: automatic (a header row when its first two
  // fields are not numbers, as pandas infers), a header row, or data (a
  // file of named vertices without a header row).
  enum class Header : std::uint8_t { automatic, present, absent };
  Header header = Header::automatic;
};

// "auto", "numbers" or "names" (--ids); UsageError otherwise.
ReadOptions::Ids parse_id_kind(const std::string& name);
// "auto", "yes" or "no" (--header); UsageError otherwise.
ReadOptions::Header parse_header_choice(const std::string& name);

// .grb -> snapshot; .mtx / .mm -> Matrix Market; .gr -> DIMACS; .graph ->
// METIS (each optionally .gz); .el64 / .el32 -> binary pairs; NAME.v or
// NAME.e beside the other -> LDBC; other names by their first bytes; else
// edge list.
Format detect_format(const std::string& path);
// The names --format takes: auto, mtx, el, gr, metis, ldbc, el64, el32,
// grb. UsageError otherwise.
Format parse_format(const std::string& name);

EdgeList read_matrix_market(const std::string& path, const ReadOptions& options = {});
EdgeList read_edge_list(const std::string& path, const ReadOptions& options = {});
// DIMACS shortest-path files ('p sp n m', 'a u v w' arcs, 'c' comments).
EdgeList read_dimacs(const std::string& path, const ReadOptions& options = {});
// METIS .graph files (header 'n m [fmt [ncon]]', line i = vertex i's
// neighbours, 1-based): an undirected graph.
EdgeList read_metis(const std::string& path, const ReadOptions& options = {});
// LDBC Graphalytics datasets: NAME.v (vertex ids), NAME.e (edges), and
// NAME.properties (directed or not) when present; `path` is either file.
EdgeList read_ldbc(const std::string& path, const ReadOptions& options = {});
// Whether `path` is NAME.v or NAME.e with both files present.
bool is_ldbc_pair(const std::string& path);
// Graph500-style binary edge lists: little-endian (source, target) pairs of
// int64 (Format::binary64) or uint32 (Format::binary32) ids, no weights.
EdgeList read_binary_edge_list(const std::string& path, Format format);
EdgeList read_edges(const std::string& path, const ReadOptions& options = {});  // by format

// Loads any supported file into a built Graph (a snapshot is adopted as is and
// ignores `build`, except that a conflicting `undirected` is refused).
Graph load_graph(const std::string& path, const BuildOptions& build = {}, const ReadOptions& options = {});

}  // namespace graphrun::io
