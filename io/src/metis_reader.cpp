// METIS graph files (.graph, the format of METIS, KaHIP and the 10th DIMACS
// challenge) -> EdgeList, parsed in parallel blocks:
//   % comments before the header
//   <vertices> <edges> [fmt [ncon]]      fmt: up to three flags "sve" for
//                                        vertex sizes, vertex weights, edge weights
//   line i (1-based): vertex i's [size] [ncon weights] then neighbours
//                     (1-based) each followed by its weight when e is set
// A vertex's line is its position, so a blank line is a vertex without
// neighbours and comments may not follow the header. The graph is
// undirected with every edge in both lists: the file must hold each of the
// declared edges twice, and the lower triangle becomes a symmetric EdgeList
// (with its weights). Vertex sizes and weights must be numbers and are not
// kept.
#include <omp.h>

#include <algorithm>
#include <string>

#include "graphrun/error.hpp"
#include "graphrun/internal/parallel.hpp"
#include "graphrun/io/read.hpp"
#include "text_input.hpp"
#include "token_parse.hpp"

namespace graphrun::io {
namespace {

using detail::EntryColumns;
using detail::LineFault;
using detail::NumberStatus;

constexpr const char* header_form = "'<vertices> <edges> [fmt [ncon]]'";

struct MetisHeader {
  vertex_t vertices = 0;
  std::uint64_t edges = 0;
  bool vertex_sizes = false;
  int vertex_weights = 0;  // ncon when the weight flag is set
  bool edge_weights = false;
  std::uint64_t line = 0;
};

MetisHeader read_metis_header(detail::SequentialLines& lines, const std::string& path) {
  std::string_view line;
  while (lines.next(line)) {
    const char* const end = line.data() + line.size();
    const char* p = detail::skip_blanks(line.data(), end);
    if (p == end || *p == '%') continue;
    const auto fail = [&](const std::string& reason) { return InputError(path, lines.line_number(), reason); };
    std::uint64_t values[4] = {0, 0, 0, 1};
    std::string tokens[4];
    int count = 0;
    for (; p != end && count < 4; ++count) {
      tokens[count] = detail::token_text(p, end);
      if (detail::parse_unsigned(p, end, false, values[count]) != NumberStatus::ok)
        throw fail("expected the header " + std::string(header_form) + ", found '" + tokens[count] + "'");
      p = detail::skip_blanks(p, end);
    }
    if (p != end) throw fail("unexpected extra field '" + detail::token_text(p, end) + "' on the header " + header_form);
    if (count < 2) throw fail("the header " + std::string(header_form) + " needs at least the vertex and edge counts");
    if (values[0] > static_cast<std::uint64_t>(max_vertices))
      throw fail("the header declares " + std::to_string(values[0]) + " vertices: graphrun supports at most " +
                 std::to_string(max_vertices));
    MetisHeader header;
    header.vertices = static_cast<vertex_t>(values[0]);
    header.edges = values[1];
    header.line = lines.line_number();
    if (count >= 3) {
      const std::string& fmt = tokens[2];
      if (fmt.size() > 3 || fmt.find_first_not_of("01") != std::string::npos)
        throw fail("fmt '" + fmt + "' must be up to three 0/1 flags (vertex sizes, vertex weights, edge weights)");
      const std::string flags = std::string(3 - fmt.size(), '0') + fmt;
      header.vertex_sizes = flags[0] == '1';
      header.edge_weights = flags[2] == '1';
      header.vertex_weights = flags[1] == '1' ? static_cast<int>(std::max<std::uint64_t>(values[3], 1)) : 0;
      if (count == 4 && flags[1] != '1') throw fail("ncon is given but fmt '" + fmt + "' has no vertex weights");
    }
    return header;
  }
  if (lines.line_number() == 0) throw InputError(path, 0, std::string("empty file: expected the METIS header ") + header_form);
  throw InputError(path, lines.line_number(), std::string("no header ") + header_form + ": the file holds only comments");
}

class MetisLineParser {
 public:
  MetisLineParser(const MetisHeader& header, bool store_weights)
      : header_(header), store_weights_(store_weights && header.edge_weights) {}

  // Line `number` lists vertex number - header line (1-based) and its
  // neighbours; entries go out as (vertex, neighbour), both directions as
  // stored.
  bool operator()(std::string_view line, std::uint64_t number, EntryColumns<vertex_t>& out) const {
    const char* p = line.data();
    const char* const end = p + line.size();
    p = detail::skip_blanks(p, end);
    const std::uint64_t position = number - header_.line;  // 1-based vertex
    if (position > static_cast<std::uint64_t>(header_.vertices)) {
      if (p == end) return false;  // trailing blank lines
      throw LineFault{"more adjacency lines than the " + std::to_string(header_.vertices) +
                      " vertices the header (line " + std::to_string(header_.line) + ") declares"};
    }
    if (p != end && *p == '%')
      throw LineFault{"a comment among the adjacency lines: line i lists vertex i, so comments may only precede "
                      "the header"};
    const auto vertex = static_cast<vertex_t>(position - 1);
    if (header_.vertex_sizes) skip_number(p, end, "vertex size");
    for (int c = 0; c < header_.vertex_weights; ++c) skip_number(p, end, "vertex weight");
    bool any = false;
    while (p != end) {
      const vertex_t neighbour = read_neighbour(p, end);
      if (neighbour == vertex)
        throw LineFault{"vertex " + std::to_string(position) + " lists itself: METIS graphs have no self-loops"};
      float weight = 0.0f;
      if (header_.edge_weights) {
        p = detail::skip_blanks(p, end);
        if (p == end)
          throw LineFault{"neighbour " + std::to_string(neighbour + 1) +
                          " has no weight (the header's fmt says every neighbour is followed by one)"};
        weight = detail::read_weight_field(p, end, false, store_weights_, "edge weight");
      }
      out.src.push_back(vertex);
      out.dst.push_back(neighbour);
      if (store_weights_) out.weights.push_back(weight);
      any = true;
      p = detail::skip_blanks(p, end);
    }
    return any;
  }

 private:
  static void skip_number(const char*& p, const char* end, const char* what) {
    p = detail::skip_blanks(p, end);
    const char* start = p;
    float ignored = 0.0f;
    if (p == end || detail::parse_weight(p, end, false, ignored) == detail::WeightStatus::not_a_number)
      throw LineFault{"expected the " + std::string(what) + " the header's fmt announces, found '" +
                      detail::token_text(start, end) + "'"};
  }

  vertex_t read_neighbour(const char*& p, const char* end) const {
    p = detail::skip_blanks(p, end);
    const char* start = p;
    std::uint64_t id = 0;
    const NumberStatus status = detail::parse_unsigned(p, end, false, id);
    if (status == NumberStatus::ok && id - 1 < static_cast<std::uint64_t>(header_.vertices))
      return static_cast<vertex_t>(id - 1);
    if (status == NumberStatus::not_a_number)
      throw LineFault{"expected a neighbour id, found '" + detail::token_text(start, end) + "'"};
    throw LineFault{"neighbour " + detail::token_text(start, end) + " is outside 1.." +
                    std::to_string(header_.vertices) + ", the vertices the header declares"};
  }

  MetisHeader header_;
  bool store_weights_;
};

}  // namespace

EdgeList read_metis(const std::string& path, const ReadOptions& options) {
  detail::TextInput input(path, options.block_bytes, options.progress);
  const MetisHeader header = read_metis_header(input.lines, path);
  const bool weighted = header.edge_weights && !options.ignore_weights;
  EntryColumns<vertex_t> entries;
  entries.reserve(detail::declared_entries_to_reserve(2 * header.edges, input.source->file_size(),
                                                      input.source->compressed(), 2),
                  weighted, "the adjacency entries of " + path);
  detail::ParallelLineParser<vertex_t, MetisLineParser> parser(path, MetisLineParser(header, weighted), std::nullopt);
  const std::uint64_t last_line = detail::parse_remaining_lines(input, parser, entries, false);
  const std::uint64_t vertex_lines = last_line - header.line;
  if (vertex_lines < static_cast<std::uint64_t>(header.vertices))
    throw InputError(path, last_line,
                     "the file ends after " + std::to_string(vertex_lines) + " of the " +
                         std::to_string(header.vertices) + " adjacency lines the header (line " +
                         std::to_string(header.line) + ") declares");

  // Each edge in both lists: as many entries below the diagonal as above,
  // and twice the declared edges in all. The lower triangle is kept.
  const std::size_t stored = entries.size();
  std::size_t lower = 0;
#pragma omp parallel for reduction(+ : lower) if (stored > 65536)
  for (std::size_t i = 0; i < stored; ++i) lower += entries.src[i] > entries.dst[i];
  if (stored != 2 * header.edges || 2 * lower != stored)
    throw InputError(path, header.line,
                     "the adjacency lists hold " + std::to_string(stored) + " entries (" + std::to_string(lower) +
                         " to a smaller id) for the " + std::to_string(header.edges) +
                         " edges the header declares: each edge must appear in both of its vertices' lists");
  std::size_t kept = 0;
  for (std::size_t i = 0; i < stored; ++i) {
    if (entries.src[i] < entries.dst[i]) continue;
    entries.src[kept] = entries.src[i];
    entries.dst[kept] = entries.dst[i];
    if (weighted) entries.weights[kept] = entries.weights[i];
    ++kept;
  }
  entries.src.resize(kept);
  entries.dst.resize(kept);
  if (weighted) entries.weights.resize(kept);
  return detail::one_based_edge_list(std::move(entries), header.vertices, Symmetry::symmetric);
}

}  // namespace graphrun::io
