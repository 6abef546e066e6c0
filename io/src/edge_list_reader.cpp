// SNAP / LDBC edge lists -> EdgeList: "source target [weight]" per line,
// separated by blanks or a comma, '#' or '%' comment lines. Ids are sparse
// 64-bit numbers, compacted to 0..n-1 in sorted order after parsing.
// A first line whose first two fields are not numbers is a header row (CSV
// or TSV exports): its names let ReadOptions pick the source, target and
// weight columns, and every data line has as many fields as it does.
//
// Most files' ids fit a vertex_t: they are parsed into vertex_t columns and
// relabelled in place, half the memory and traffic of 64-bit columns. The
// first id that does not fit stops that pass, and the file is parsed again
// with 64-bit columns. Ids that are names (the first data line says so, or
// ReadOptions::Ids::names) are parsed as strings and relabelled in byte
// order.
#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "graphrun/error.hpp"
#include "graphrun/io/stream_scope.hpp"
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

std::string columns_form(int columns) { return columns == 2 ? "'source target'" : "'source target weight'"; }

// Which fields of a data line hold what (0-based; weight -1: none).
struct ColumnLayout {
  int fields = 2;
  int source = 0;
  int target = 1;
  int weight = -1;
  std::uint64_t header_line = 0;  // 0: no header row
  bool named_ids = false;         // ids are names, not numbers
  // The plain layouts "source target [weight]" take the fast path.
  bool plain() const { return header_line == 0; }
};

// Past the field at p (up to a blank or a comma).
const char* skip_field(const char* p, const char* end) {
  while (p != end && !detail::is_blank(*p) && *p != ',') ++p;
  return p;
}

// Thrown by the narrow pass at the first id outside vertex_t's range.
struct WideIds {};

// A field without its surrounding double quotes, if it has them.
std::string unquoted(std::string field) {
  if (field.size() >= 2 && field.front() == '"' && field.back() == '"') return field.substr(1, field.size() - 2);
  return field;
}

template <typename Id>
class EdgeListLineParser {
 public:
  EdgeListLineParser(const ColumnLayout& layout, std::uint64_t first_data_line, bool store_weights)
      : layout_(layout),
        columns_(layout.fields),
        first_data_line_(first_data_line),
        store_weights_(store_weights && layout.weight >= 0) {}

  bool operator()(std::string_view line, EntryColumns<Id>& out) const {
    const char* p = line.data();
    const char* const end = p + line.size();
    p = detail::skip_blanks(p, end);
    if (is_comment_or_blank(p, end)) return false;
    ParsedId source{}, target{};
    float weight = 0.0f;
    if (layout_.plain()) {
      source = read_id(p, end, "source");
      p = to_next_field(p, end, 1);
      target = read_id(p, end, "target");
      if (columns_ == 3) {
        p = to_next_field(p, end, 2);
        weight = read_weight(p, end);
      }
    } else {
      for (int field = 0; field < columns_; ++field) {
        if (field > 0) p = to_next_field(p, end, field);
        if (field == layout_.source) source = read_id(p, end, "source");
        else if (field == layout_.target) target = read_id(p, end, "target");
        else if (field == layout_.weight) weight = read_weight(p, end);
        else p = skip_field(p, end);
      }
    }
    p = detail::skip_blanks(p, end);
    if (p != end)
      throw LineFault{"unexpected extra field '" + detail::token_text(p, end) + "': " + same_columns_rule()};
    if constexpr (std::is_same_v<Id, vertex_t>) {
      if (!std::in_range<Id>(source) || !std::in_range<Id>(target)) throw WideIds{};
    }
    out.src.push_back(static_cast<Id>(std::move(source)));
    out.dst.push_back(static_cast<Id>(std::move(target)));
    if (store_weights_) out.weights.push_back(weight);
    return true;
  }

 private:
  std::string same_columns_rule() const {
    if (!layout_.plain())
      return "every data line needs " + std::to_string(columns_) + " fields like the header row (line " +
             std::to_string(layout_.header_line) + ")";
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

  // Numbers are parsed as int64 and narrowed; names are kept as text.
  using ParsedId = std::conditional_t<std::is_same_v<Id, std::string>, std::string, std::int64_t>;

  static ParsedId read_id(const char*& p, const char* end, const char* which) {
    if constexpr (std::is_same_v<Id, std::string>) {
      const char* start = p;
      p = skip_field(p, end);
      std::string name = unquoted(std::string(start, p));
      if (name.empty()) throw LineFault{std::string("empty ") + which + " name"};
      return name;
    } else {
      return read_number(p, end, which);
    }
  }

  static std::int64_t read_number(const char*& p, const char* end, const char* which) {
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
                    "' (ids are read as numbers when the first data line's are; --ids names reads every id as a name)"};
  }

  float read_weight(const char*& p, const char* end) const {
    return detail::read_weight_field(p, end, true, store_weights_, "weight");
  }

  ColumnLayout layout_;
  int columns_;
  std::uint64_t first_data_line_;
  bool store_weights_;
};

// The fields of a line as the parser splits them, as text (header names;
// surrounding double quotes dropped).
std::vector<std::string> split_fields(std::string_view line) {
  std::vector<std::string> fields;
  const char* p = line.data();
  const char* const end = p + line.size();
  for (p = detail::skip_blanks(p, end); p != end;) {
    const char* start = p;
    p = skip_field(p, end);
    fields.push_back(unquoted(std::string(start, p)));
    p = detail::skip_blanks(p, end);
    if (p != end && *p == ',') p = detail::skip_blanks(p + 1, end);
  }
  return fields;
}

bool is_number(const std::string& field) {
  const char* p = field.data();
  std::uint64_t value = 0;
  return detail::parse_unsigned(p, field.data() + field.size(), true, value) != NumberStatus::not_a_number;
}

// The column a name picks in the header, or `fallback` when no name is given.
int column_named(const std::string& name, const std::vector<std::string>& header, int fallback, const char* option,
                 const std::string& path, std::uint64_t line) {
  if (name.empty()) return fallback;
  const auto found = std::find(header.begin(), header.end(), name);
  if (found != header.end()) return static_cast<int>(found - header.begin());
  std::string names;
  for (const std::string& column : header) names += (names.empty() ? "" : ", ") + column;
  throw InputError(path, line, std::string(option) + " '" + name + "' is not a column of the header row (" + names + ")");
}

// Whether neither id field of a data line is a number: the ids are names.
// One name beside a number (a DIMACS "a 1 2 1" line read as an edge list,
// a typo) is not enough; --ids names says so for mixed files.
bool holds_names(const std::vector<std::string>& fields, const ColumnLayout& layout) {
  const auto field = [&](int i) { return static_cast<std::size_t>(i) < fields.size() ? fields[i] : std::string(); };
  return !is_number(field(layout.source)) && !is_number(field(layout.target));
}

// After a header row: whether the first data line's ids are names. The
// line is left for the parser.
bool first_data_line_holds_names(detail::SequentialLines& lines, const ColumnLayout& layout) {
  std::string_view line;
  while (lines.next(line)) {
    const char* end = line.data() + line.size();
    if (is_comment_or_blank(detail::skip_blanks(line.data(), end), end)) continue;
    const bool names = holds_names(split_fields(line), layout);
    lines.unread_last();
    return names;
  }
  return false;  // no data lines: nothing to name
}

// Finds the first line that is not a comment. A header row is consumed and
// names the columns; a data line is left for the parser and fixes the
// field count, which every other data line must match. Decides whether the
// ids are names (ReadOptions::Ids).
ColumnLayout read_layout(detail::SequentialLines& lines, const std::string& path, const ReadOptions& options) {
  using Ids = ReadOptions::Ids;
  using Header = ReadOptions::Header;
  std::string_view line;
  while (lines.next(line)) {
    const char* end = line.data() + line.size();
    if (is_comment_or_blank(detail::skip_blanks(line.data(), end), end)) continue;
    const std::vector<std::string> fields = split_fields(line);
    const bool looks_like_header = fields.size() >= 2 && !is_number(fields[0]) && !is_number(fields[1]);
    const bool header =
        options.header == Header::present || (options.header == Header::automatic && looks_like_header);
    ColumnLayout layout;
    layout.fields = static_cast<int>(fields.size());
    if (!header) {
      if (!options.source_column.empty() || !options.target_column.empty() || !options.weight_column.empty())
        throw InputError(path, lines.line_number(),
                         "columns are chosen by name, but the first line is data, not a header row of names");
      if (layout.fields != 2 && layout.fields != 3)
        throw InputError(
            path, lines.line_number(),
            "expected 2 fields 'source target' or 3 'source target weight', found " + std::to_string(layout.fields));
      layout.weight = layout.fields == 3 ? 2 : -1;
      layout.named_ids = options.ids == Ids::names || (options.ids == Ids::automatic && holds_names(fields, layout));
      lines.unread_last();
      return layout;
    }
    const std::uint64_t at = lines.line_number();
    if (fields.size() < 2)
      throw InputError(path, at, "a header row names at least two columns, found " + std::to_string(fields.size()));
    layout.header_line = at;
    layout.source = column_named(options.source_column, fields, 0, "--src", path, at);
    layout.target = column_named(options.target_column, fields, 1, "--dst", path, at);
    // Without --weight, a third column of a three-column file is the weight.
    layout.weight = column_named(options.weight_column, fields, layout.fields == 3 ? 2 : -1, "--weight", path, at);
    if (layout.source == layout.target)
      throw InputError(path, at, "the source and target columns are both '" + fields[layout.source] + "'");
    layout.named_ids = options.ids == Ids::names ||
                       (options.ids == Ids::automatic && first_data_line_holds_names(lines, layout));
    return layout;
  }
  if (lines.line_number() == 0) throw InputError(path, 0, "empty file: expected lines 'source target [weight]'");
  throw InputError(path, lines.line_number(), "no edges: the file holds only comments and blank lines");
}

// Thrown by a numeric pass whose layout says the ids are names.
struct NamedIds {};

template <typename Id>
EdgeList read_edge_list_as(const std::string& path, const ReadOptions& options) {
  constexpr bool names = std::is_same_v<Id, std::string>;
  detail::EntryColumns<Id> entries;
  {
    detail::TextInput input(path, options.block_bytes, options.progress);
    const ColumnLayout layout = read_layout(input.lines, path, options);
    if (layout.named_ids != names) throw NamedIds{};  // only a numeric pass meets names
    detail::ParallelLineParser<Id, EdgeListLineParser<Id>> parser(
        path, EdgeListLineParser<Id>(layout, input.lines.line_number() + 1, !options.ignore_weights), std::nullopt);
    detail::parse_remaining_lines(input, parser, entries, true);
  }  // the text buffers go before the ids are compacted

  if constexpr (names) {
    return detail::named_edge_list(
        detail::compact_names(detail::IdColumns<std::string>{std::move(entries.src), std::move(entries.dst)}, path),
        std::move(entries.weights));
  } else {
    return detail::sparse_id_edge_list(
        detail::compact_ids(detail::IdColumns<Id>{std::move(entries.src), std::move(entries.dst)}, path),
        std::move(entries.weights));
  }
}

}  // namespace

EdgeList read_edge_list(const std::string& path, const ReadOptions& options) {
  const StreamScope input(path);  // a retry below reads the file again
  try {
    try {
      return read_edge_list_as<vertex_t>(path, options);
    } catch (const WideIds&) {
      return read_edge_list_as<std::int64_t>(path, options);
    }
  } catch (const NamedIds&) {
    return read_edge_list_as<std::string>(path, options);
  }
}

ReadOptions::Ids parse_id_kind(const std::string& name) {
  if (name == "auto") return ReadOptions::Ids::automatic;
  if (name == "numbers") return ReadOptions::Ids::numbers;
  if (name == "names") return ReadOptions::Ids::names;
  throw UsageError("--ids must be auto, numbers or names (got '" + name + "')");
}

ReadOptions::Header parse_header_choice(const std::string& name) {
  if (name == "auto") return ReadOptions::Header::automatic;
  if (name == "yes") return ReadOptions::Header::present;
  if (name == "no") return ReadOptions::Header::absent;
  throw UsageError("--header must be auto, yes or no (got '" + name + "')");
}

}  // namespace graphrun::io
