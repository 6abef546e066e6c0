// SNAP / LDBC edge lists -> EdgeList: "source target [weight]" per line,
// separated by blanks or a comma, '#' or '%' comment lines. Ids are sparse
// 64-bit numbers, compacted to 0..n-1 in sorted order after parsing.
//
// Most files' ids fit a vertex_t: they are parsed into vertex_t columns and
// relabelled in place, half the memory and traffic of 64-bit columns. The
// first id that does not fit stops that pass, and the file is parsed again
// with 64-bit columns.
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "graphrun/error.hpp"
#include "graphrun/io/read.hpp"
#include "id_compaction.hpp"
#include "text_input.hpp"
#include "token_parse.hpp"

namespace graphrun::io {
namespace {

using detail::EntryColumns;
using detail::LineFault;
using detail::NumberStatus;

bool is_comment_or_blank(const char* first_nonblank, const char* end) {
  return first_nonblank == end || *first_nonblank == '#' || *first_nonblank == '%';
}

// Fields of a data line, split as the parser splits them (blanks, or one
// comma with optional blanks around it).
int count_fields(std::string_view line) {
  const char* p = line.data();
  const char* const end = p + line.size();
  int fields = 0;
  for (p = detail::skip_blanks(p, end); p != end;) {
    ++fields;
    while (p != end && !detail::is_blank(*p) && *p != ',') ++p;
    p = detail::skip_blanks(p, end);
    if (p != end && *p == ',') p = detail::skip_blanks(p + 1, end);
  }
  return fields;
}

std::string columns_form(int columns) { return columns == 2 ? "'source target'" : "'source target weight'"; }

// Thrown by the narrow pass at the first id above vertex_t's range.
struct WideIds {};

template <typename Id>
class EdgeListLineParser {
 public:
  EdgeListLineParser(int columns, std::uint64_t first_data_line, bool store_weights)
      : columns_(columns), first_data_line_(first_data_line), store_weights_(store_weights && columns == 3) {}

  bool operator()(std::string_view line, EntryColumns<Id>& out) const {
    const char* p = line.data();
    const char* const end = p + line.size();
    p = detail::skip_blanks(p, end);
    if (is_comment_or_blank(p, end)) return false;
    const std::int64_t source = read_id(p, end, "source");
    p = to_next_field(p, end, 1);
    const std::int64_t target = read_id(p, end, "target");
    float weight = 0.0f;
    if (columns_ == 3) {
      p = to_next_field(p, end, 2);
      weight = read_weight(p, end);
    }
    p = detail::skip_blanks(p, end);
    if (p != end)
      throw LineFault{"unexpected extra field '" + detail::token_text(p, end) + "': " + same_columns_rule()};
    if constexpr (!std::is_same_v<Id, std::int64_t>) {
      if (source > std::numeric_limits<Id>::max() || target > std::numeric_limits<Id>::max()) throw WideIds{};
    }
    out.src.push_back(static_cast<Id>(source));
    out.dst.push_back(static_cast<Id>(target));
    if (store_weights_) out.weights.push_back(weight);
    return true;
  }

 private:
  std::string same_columns_rule() const {
    return "every data line needs " + std::to_string(columns_) + " fields " + columns_form(columns_) +
           " like the first one (line " + std::to_string(first_data_line_) + ")";
  }

  // Past the blanks and at most one comma after field number `done`.
  const char* to_next_field(const char* p, const char* end, int done) const {
    p = detail::skip_blanks(p, end);
    if (p != end && *p == ',') p = detail::skip_blanks(p + 1, end);
    if (p == end)
      throw LineFault{"line ends after " + std::to_string(done) + " field" + (done == 1 ? "" : "s") + ": " +
                      same_columns_rule()};
    return p;
  }

  static std::int64_t read_id(const char*& p, const char* end, const char* which) {
    const char* start = p;
    std::uint64_t id = 0;
    switch (detail::parse_unsigned(p, end, true, id)) {
      case NumberStatus::ok: return static_cast<std::int64_t>(id);
      case NumberStatus::negative:
        throw LineFault{std::string(which) + " id " + detail::token_text(start, end) +
                        " is negative: vertex ids must be non-negative integers"};
      case NumberStatus::too_large:
        throw LineFault{std::string(which) + " id " + detail::token_text(start, end) + " does not fit in 63 bits"};
      case NumberStatus::not_a_number: break;
    }
    throw LineFault{"expected an integer " + std::string(which) + " id, found '" + detail::token_text(start, end) +
                    "'"};
  }

  float read_weight(const char*& p, const char* end) const {
    return detail::read_weight_field(p, end, true, store_weights_, "weight");
  }

  int columns_;
  std::uint64_t first_data_line_;
  bool store_weights_;
};

// Finds the first data line, leaves `lines` just before it and returns its
// field count, which every other data line must match.
int read_column_count(detail::SequentialLines& lines, const std::string& path) {
  std::string_view line;
  while (lines.next(line)) {
    const char* end = line.data() + line.size();
    if (is_comment_or_blank(detail::skip_blanks(line.data(), end), end)) continue;
    const int columns = count_fields(line);
    if (columns != 2 && columns != 3)
      throw InputError(
          path, lines.line_number(),
          "expected 2 fields 'source target' or 3 'source target weight', found " + std::to_string(columns));
    lines.unread_last();
    return columns;
  }
  if (lines.line_number() == 0) throw InputError(path, 0, "empty file: expected lines 'source target [weight]'");
  throw InputError(path, lines.line_number(), "no edges: the file holds only comments and blank lines");
}

template <typename Id>
EdgeList read_edge_list_as(const std::string& path, const ReadOptions& options) {
  detail::EntryColumns<Id> entries;
  {
    detail::TextInput input(path, options.block_bytes, options.progress);
    const int columns = read_column_count(input.lines, path);
    detail::ParallelLineParser<Id, EdgeListLineParser<Id>> parser(
        path, EdgeListLineParser<Id>(columns, input.lines.line_number() + 1, !options.ignore_weights), std::nullopt);
    detail::parse_remaining_lines(input, parser, entries, true);
  }  // the text buffers go before the ids are compacted

  return detail::sparse_id_edge_list(
      detail::compact_ids(detail::IdColumns<Id>{std::move(entries.src), std::move(entries.dst)}, path),
      std::move(entries.weights));
}

}  // namespace

EdgeList read_edge_list(const std::string& path, const ReadOptions& options) {
  try {
    return read_edge_list_as<vertex_t>(path, options);
  } catch (const WideIds&) {
    return read_edge_list_as<std::int64_t>(path, options);
  }
}

}  // namespace graphrun::io
