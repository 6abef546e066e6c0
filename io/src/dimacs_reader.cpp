// DIMACS shortest-path files (.gr: the 9th DIMACS Implementation
// Challenge's road networks, GAP's road input) -> EdgeList, parsed in
// parallel blocks:
//   c <anything>           comment, anywhere
//   p sp <vertices> <arcs> the problem line, once, before the first arc
//   a <u> <v> <w>          an arc u -> v of weight w; ids 1..vertices
// Arcs are directed (a road file lists both directions of a street), and the
// file must hold exactly the declared number of arcs.
#include <algorithm>
#include <string>

#include "graphrun/error.hpp"
#include "graphrun/io/read.hpp"
#include "text_input.hpp"
#include "token_parse.hpp"

namespace graphrun::io {
namespace {

using detail::EntryColumns;
using detail::LineFault;
using detail::NumberStatus;

constexpr const char* problem_form = "'p sp <vertices> <arcs>'";
constexpr const char* arc_form = "'a <from> <to> <weight>'";

struct DimacsHeader {
  vertex_t vertices = 0;
  std::uint64_t arcs = 0;
  std::uint64_t line = 0;  // of the problem line
};

bool is_comment_or_blank(const char* first_nonblank, const char* end) {
  return first_nonblank == end || *first_nonblank == 'c';
}

// The next blank-separated token, or "" at the end of the line.
std::string_view next_token(const char*& p, const char* end) {
  p = detail::skip_blanks(p, end);
  const char* start = p;
  while (p != end && !detail::is_blank(*p)) ++p;
  return {start, static_cast<std::size_t>(p - start)};
}

std::uint64_t header_number(const char*& p, const char* end, const char* name, const auto& fail) {
  p = detail::skip_blanks(p, end);
  const std::string token = detail::token_text(p, end);
  std::uint64_t value = 0;
  switch (detail::parse_unsigned(p, end, false, value)) {
    case NumberStatus::ok: return value;
    case NumberStatus::too_large: throw fail(std::string(name) + " '" + token + "' is too large");
    case NumberStatus::negative: throw fail(std::string(name) + " '" + token + "' is negative");
    case NumberStatus::not_a_number: break;
  }
  throw fail("expected the " + std::string(name) + " on the problem line " + problem_form + ", found '" + token + "'");
}

// Reads up to and including the problem line.
DimacsHeader read_dimacs_header(detail::SequentialLines& lines, const std::string& path) {
  std::string_view line;
  while (lines.next(line)) {
    const char* const end = line.data() + line.size();
    const char* p = detail::skip_blanks(line.data(), end);
    if (is_comment_or_blank(p, end)) continue;
    const auto fail = [&](const std::string& reason) { return InputError(path, lines.line_number(), reason); };
    const std::string_view kind = next_token(p, end);
    if (kind == "a") throw fail(std::string("arc before the problem line: a DIMACS file declares ") + problem_form +
                                " before its arcs");
    if (kind != "p")
      throw fail("expected the problem line " + std::string(problem_form) + ", found '" + std::string(kind) + "'");
    const std::string_view type = next_token(p, end);
    if (type != "sp")
      throw fail("problem type '" + std::string(type) +
                 "' is not supported: graphrun reads DIMACS shortest-path files, " + problem_form);
    const std::uint64_t vertices = header_number(p, end, "vertex count", fail);
    const std::uint64_t arcs = header_number(p, end, "arc count", fail);
    p = detail::skip_blanks(p, end);
    if (p != end)
      throw fail("unexpected extra field '" + detail::token_text(p, end) + "' on the problem line " + problem_form);
    if (vertices > static_cast<std::uint64_t>(max_vertices))
      throw fail("the problem line declares " + std::to_string(vertices) + " vertices: graphrun supports at most " +
                 std::to_string(max_vertices));
    return DimacsHeader{static_cast<vertex_t>(vertices), arcs, lines.line_number()};
  }
  if (lines.line_number() == 0)
    throw InputError(path, 0, std::string("empty file: expected a DIMACS problem line ") + problem_form);
  throw InputError(path, lines.line_number(),
                   std::string("no problem line ") + problem_form + ": the file holds only comments");
}

class DimacsArcParser {
 public:
  DimacsArcParser(vertex_t vertices, bool store_weights) : vertices_(vertices), store_weights_(store_weights) {}

  bool operator()(std::string_view line, EntryColumns<vertex_t>& out) const {
    const char* p = line.data();
    const char* const end = p + line.size();
    p = detail::skip_blanks(p, end);
    if (is_comment_or_blank(p, end)) return false;
    if (*p != 'a' || !detail::ends_field(p + 1, end, false)) {
      if (*p == 'p' && detail::ends_field(p + 1, end, false))
        throw LineFault{"a second problem line: a DIMACS file has one"};
      throw LineFault{"expected an arc " + std::string(arc_form) + " or a comment 'c ...', found '" +
                      detail::token_text(p, end) + "'"};
    }
    ++p;
    const vertex_t from = read_id(p, end, "source");
    const vertex_t to = read_id(p, end, "target");
    const float weight = read_weight(p, end);
    p = detail::skip_blanks(p, end);
    if (p != end) throw LineFault{"unexpected extra field '" + detail::token_text(p, end) + "': an arc is " + arc_form};
    out.src.push_back(from);
    out.dst.push_back(to);
    if (store_weights_) out.weights.push_back(weight);
    return true;
  }

 private:
  const char* begin_field(const char* p, const char* end, const char* what) const {
    p = detail::skip_blanks(p, end);
    if (p == end) throw LineFault{"line ends early: expected the " + std::string(what) + " (an arc is " + arc_form + ")"};
    return p;
  }

  // 1-based in the file, 0-based in the result.
  vertex_t read_id(const char*& p, const char* end, const char* which) const {
    p = begin_field(p, end, which == std::string_view("source") ? "source id" : "target id");
    const char* start = p;
    std::uint64_t id = 0;
    const NumberStatus status = detail::parse_unsigned(p, end, false, id);
    if (status == NumberStatus::ok && id - 1 < static_cast<std::uint64_t>(vertices_)) return static_cast<vertex_t>(id - 1);
    if (status == NumberStatus::not_a_number)
      throw LineFault{"expected an integer " + std::string(which) + " id, found '" + detail::token_text(start, end) + "'"};
    throw LineFault{std::string(which) + " id " + detail::token_text(start, end) + " is outside 1.." +
                    std::to_string(vertices_) + ", the vertices the problem line declares"};
  }

  float read_weight(const char*& p, const char* end) const {
    p = begin_field(p, end, "weight");
    return detail::read_weight_field(p, end, false, store_weights_, "weight");
  }

  vertex_t vertices_;
  bool store_weights_;
};

}  // namespace

EdgeList read_dimacs(const std::string& path, const ReadOptions& options) {
  detail::TextInput input(path, options.block_bytes, options.progress);
  const DimacsHeader header = read_dimacs_header(input.lines, path);
  const bool weighted = !options.ignore_weights;

  // An arc line takes at least 8 bytes of text ("a 1 1 1\n").
  EntryColumns<vertex_t> entries = detail::parse_declared_entries(
      input, path, DimacsArcParser(header.vertices, weighted), weighted,
      {.count = header.arcs, .line = header.line, .declared_by = "the problem line", .noun = "arcs",
       .min_entry_bytes = 8});

  return detail::one_based_edge_list(std::move(entries), header.vertices, Symmetry::general);
}

}  // namespace graphrun::io
