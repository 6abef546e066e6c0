// Matrix Market coordinate files -> EdgeList, parsed in parallel blocks.
#include <algorithm>
#include <string>

#include "graphrun/error.hpp"
#include "graphrun/io/read.hpp"
#include "matrix_market_header.hpp"
#include "text_input.hpp"
#include "token_parse.hpp"

namespace graphrun::io {
namespace {

using detail::EntryColumns;
using detail::LineFault;
using detail::NumberStatus;
using detail::ValueField;

class MatrixMarketLineParser {
 public:
  MatrixMarketLineParser(ValueField field, Symmetry symmetry, vertex_t vertices, bool store_values)
      : field_(field),
        skew_(symmetry == Symmetry::skew_symmetric),
        vertices_(vertices),
        store_values_(store_values && field != ValueField::pattern) {}

  bool operator()(std::string_view line, EntryColumns<vertex_t>& out) const {
    const char* p = line.data();
    const char* const end = p + line.size();
    p = detail::skip_blanks(p, end);
    if (p == end || *p == '%') return false;  // blank line or comment
    const vertex_t row = read_index(p, end, "row");
    const vertex_t column = read_index(p, end, "column");
    // A_ii = -A_ii forces 0, so the format forbids stored diagonal entries.
    if (skew_ && row == column)
      throw LineFault{"diagonal entry (" + std::to_string(row + 1) + ", " + std::to_string(row + 1) +
                      ") in a skew-symmetric matrix: Matrix Market stores only the strict lower triangle"};
    float value = 0.0f;
    if (field_ != ValueField::pattern) value = read_value(p, end);
    p = detail::skip_blanks(p, end);
    if (p != end) throw LineFault{"unexpected extra field '" + detail::token_text(p, end) + "': " + entry_form()};
    out.src.push_back(row);
    out.dst.push_back(column);
    if (store_values_) out.weights.push_back(value);
    return true;
  }

 private:
  std::string entry_form() const {
    return field_ == ValueField::pattern ? "a pattern entry is 'row column'" : "an entry is 'row column value'";
  }

  // Strings are built only on the error paths: the hot loop allocates nothing.
  const char* begin_field(const char* p, const char* end, std::string_view what) const {
    p = detail::skip_blanks(p, end);
    if (p == end) throw LineFault{"line ends early: expected the " + std::string(what) + " (" + entry_form() + ")"};
    return p;
  }

  // 1-based in the file, 0-based in the result. `which`: "row" or "column".
  vertex_t read_index(const char*& p, const char* end, std::string_view which) const {
    p = begin_field(p, end, which == "row" ? "row index" : "column index");
    const char* start = p;
    std::uint64_t index = 0;
    const NumberStatus status = detail::parse_unsigned(p, end, false, index);
    if (status == NumberStatus::ok && index - 1 < static_cast<std::uint64_t>(vertices_))
      return static_cast<vertex_t>(index - 1);
    const std::string name(which);
    if (status == NumberStatus::not_a_number)
      throw LineFault{"expected an integer " + name + " index, found '" + detail::token_text(start, end) + "'"};
    if (status == NumberStatus::negative || (status == NumberStatus::ok && index == 0))
      throw LineFault{name + " index " + detail::token_text(start, end) +
                      " is below 1 (Matrix Market indices start at 1)"};
    // Too large for 64 bits or above n.
    throw LineFault{name + " index " + detail::token_text(start, end) + " is out of range: the matrix has " +
                    std::to_string(vertices_) + " " + name + "s"};
  }

  float read_value(const char*& p, const char* end) const {
    p = begin_field(p, end, "value");
    const char* start = p;
    if (field_ == ValueField::integer) {
      std::int64_t integer = 0;
      switch (detail::parse_signed(p, end, integer)) {
        case NumberStatus::ok: return static_cast<float>(integer);
        case NumberStatus::too_large:
          if (!store_values_) return 0.0f;  // a number all the same, and not kept
          throw LineFault{"integer value '" + detail::token_text(start, end) + "' does not fit in 64 bits"};
        default:
          throw LineFault{"expected an integer value (the banner says 'integer'), found '" +
                          detail::token_text(start, end) + "'"};
      }
    }
    return detail::read_weight_field(p, end, false, store_values_, "value");
  }

  ValueField field_;
  bool skew_;
  vertex_t vertices_;
  bool store_values_;
};

}  // namespace

EdgeList read_matrix_market(const std::string& path, const ReadOptions& options) {
  detail::TextInput input(path, options.block_bytes, options.progress);
  const detail::MatrixMarketHeader header = detail::read_matrix_market_header(input.lines, path);
  const auto vertices = static_cast<vertex_t>(header.vertices);
  const bool weighted = header.field != ValueField::pattern && !options.ignore_weights;

  // An entry takes at least 4 bytes of text ("1 1\n").
  EntryColumns<vertex_t> entries = detail::parse_declared_entries(
      input, path, MatrixMarketLineParser(header.field, header.symmetry, vertices, !options.ignore_weights), weighted,
      {.count = header.entries, .line = header.size_line, .declared_by = "the size line", .noun = "entries",
       .min_entry_bytes = 4});

  return detail::one_based_edge_list(std::move(entries), vertices, header.symmetry);
}

}  // namespace graphrun::io
