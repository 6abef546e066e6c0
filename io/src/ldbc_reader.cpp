// LDBC Graphalytics datasets -> EdgeList: NAME.v lists the vertex ids, one
// per line; NAME.e the edges, "source target [weight]" (read as an edge
// list); NAME.properties, when present, says whether the graph is directed
// (graph.NAME.directed = true|false). Either file's path names the pair.
// The vertex file fixes the vertex set, so vertices without edges are kept
// and an edge to an unlisted vertex is an error. An undirected dataset lists
// each edge once, so its edges are read as one triangle (Symmetry::symmetric).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "graphrun/error.hpp"
#include "graphrun/io/read.hpp"
#include "text_input.hpp"
#include "token_parse.hpp"

namespace graphrun::io {
namespace {

std::string stem_of(const std::string& path) {
  const std::size_t dot = path.find_last_of('.');
  return dot == std::string::npos ? path : path.substr(0, dot);
}

// The sorted vertex ids of NAME.v; InputError for a bad line or a repeat.
std::vector<std::int64_t> read_vertex_ids(const std::string& path, const ReadOptions& options) {
  detail::TextInput input(path, options.block_bytes, options.progress);
  std::vector<std::int64_t> ids;
  std::vector<std::uint64_t> lines;
  std::string_view line;
  while (input.lines.next(line)) {
    const char* p = line.data();
    const char* const end = p + line.size();
    p = detail::skip_blanks(p, end);
    if (p == end || *p == '#' || *p == '%') continue;
    const char* start = p;
    std::uint64_t id = 0;
    const detail::NumberStatus status = detail::parse_unsigned(p, end, false, id);
    p = detail::skip_blanks(p, end);
    if (status != detail::NumberStatus::ok || p != end)
      throw InputError(path, input.lines.line_number(),
                       "expected one non-negative vertex id per line, found '" + std::string(start, end) + "'");
    ids.push_back(static_cast<std::int64_t>(id));
    lines.push_back(input.lines.line_number());
  }
  if (ids.empty()) throw InputError(path, input.lines.line_number(), "no vertex ids");
  if (ids.size() > static_cast<std::size_t>(max_vertices))
    throw InputError(path, 0, "more than " + std::to_string(max_vertices) + " vertices");
  std::vector<std::size_t> order(ids.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ids[a] < ids[b]; });
  std::vector<std::int64_t> sorted(ids.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    sorted[i] = ids[order[i]];
    if (i > 0 && sorted[i] == sorted[i - 1])
      throw InputError(path, std::max(lines[order[i]], lines[order[i - 1]]),
                       "vertex " + std::to_string(sorted[i]) + " is listed twice (lines " +
                           std::to_string(std::min(lines[order[i]], lines[order[i - 1]])) + " and " +
                           std::to_string(std::max(lines[order[i]], lines[order[i - 1]])) + ")");
  }
  return sorted;
}

// graph.<anything>.directed = false in NAME.properties; directed otherwise.
bool properties_say_undirected(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t key_end = line.find('=');
    if (key_end == std::string::npos) continue;
    std::string key = line.substr(0, key_end), value = line.substr(key_end + 1);
    const auto trim = [](std::string& text) {
      text.erase(0, text.find_first_not_of(" \t\r"));
      text.erase(text.find_last_not_of(" \t\r") + 1);
    };
    trim(key);
    trim(value);
    if (key.starts_with("graph.") && key.ends_with(".directed")) return value == "false";
  }
  return false;
}

}  // namespace

bool is_ldbc_pair(const std::string& path) {
  const bool vertex_file = path.ends_with(".v"), edge_file = path.ends_with(".e");
  if (!vertex_file && !edge_file) return false;
  const std::string stem = stem_of(path);
  return std::filesystem::exists(stem + ".v") && std::filesystem::exists(stem + ".e");
}

EdgeList read_ldbc(const std::string& path, const ReadOptions& options) {
  const std::string stem = stem_of(path);
  const std::string vertex_path = stem + ".v", edge_path = stem + ".e";
  const std::vector<std::int64_t> vertices = read_vertex_ids(vertex_path, options);
  ReadOptions numeric = options;  // LDBC's vertex ids are integers
  numeric.ids = ReadOptions::Ids::numbers;
  numeric.header = ReadOptions::Header::absent;
  EdgeList edges = read_edge_list(edge_path, numeric);

  // The edge list numbered its endpoints among themselves: renumber them
  // among the listed vertices.
  std::vector<vertex_t> position(edges.ids.ids.size());
  for (std::size_t i = 0; i < position.size(); ++i) {
    const std::int64_t id = edges.ids.ids[i];
    const auto found = std::lower_bound(vertices.begin(), vertices.end(), id);
    if (found == vertices.end() || *found != id)
      throw InputError(edge_path, 0, "an edge has endpoint " + std::to_string(id) + ", which " + vertex_path +
                                         " does not list");
    position[i] = static_cast<vertex_t>(found - vertices.begin());
  }
#pragma omp parallel for if (edges.size() > 65536)
  for (std::size_t i = 0; i < edges.size(); ++i) {
    edges.src[i] = position[static_cast<std::size_t>(edges.src[i])];
    edges.dst[i] = position[static_cast<std::size_t>(edges.dst[i])];
  }
  edges.num_vertices = static_cast<vertex_t>(vertices.size());
  edges.ids.ids = vertices;
  if (std::filesystem::exists(stem + ".properties") && properties_say_undirected(stem + ".properties"))
    edges.symmetry = Symmetry::symmetric;
  return edges;
}

}  // namespace graphrun::io
