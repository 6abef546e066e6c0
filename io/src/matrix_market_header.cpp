#include "matrix_market_header.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "graphrun/error.hpp"
#include "graphrun/types.hpp"
#include "token_parse.hpp"

namespace graphrun::io::detail {
namespace {

constexpr const char* banner_form =
    "'%%MatrixMarket matrix coordinate <real|integer|pattern> <general|symmetric|skew-symmetric>'";

std::vector<std::string> split_blanks(std::string_view line) {
  std::vector<std::string> words;
  const char* p = line.data();
  const char* end = p + line.size();
  while ((p = skip_blanks(p, end)) != end) {
    const char* q = p;
    while (q != end && !is_blank(*q)) ++q;
    words.emplace_back(p, q);
    p = q;
  }
  return words;
}

// The format's keywords are case-insensitive.
std::string lower(std::string word) {
  std::transform(word.begin(), word.end(), word.begin(), [](unsigned char c) { return std::tolower(c); });
  return word;
}

template <typename Value, std::size_t size>
std::optional<Value> lookup(const std::pair<std::string_view, Value> (&table)[size], const std::string& word) {
  for (const auto& [name, value] : table)
    if (name == word) return value;
  return std::nullopt;
}

struct Banner {
  ValueField field;
  Symmetry symmetry;
};

Banner parse_banner(std::string_view line, const std::string& path) {
  auto fail = [&](const std::string& reason) -> InputError { return InputError(path, 1, reason); };
  const std::vector<std::string> words = split_blanks(line);
  if (words.empty() || lower(words[0]) != "%%matrixmarket")
    throw fail(std::string("missing Matrix Market banner: expected ") + banner_form + " on the first line");
  if (words.size() < 5) throw fail(std::string("incomplete banner: expected ") + banner_form);
  if (words.size() > 5) throw fail("unexpected extra word '" + words[5] + "' in the banner: expected " + banner_form);

  const std::string object = lower(words[1]), format = lower(words[2]), field = lower(words[3]),
                    symmetry = lower(words[4]);
  if (object != "matrix") throw fail("object '" + words[1] + "' is not supported: expected 'matrix'");
  if (format == "array")
    throw fail("dense 'array' Matrix Market files are not supported: a graph needs the sparse 'coordinate' format");
  if (format != "coordinate") throw fail("unknown format '" + words[2] + "': expected 'coordinate'");

  // Formats the reader knows but refuses get a message of their own.
  if (field == "complex")
    throw fail("complex values are not supported: edge weights must be real (use real, integer or pattern)");
  if (symmetry == "hermitian")
    throw fail("hermitian matrices are not supported: expected general, symmetric or skew-symmetric");
  static constexpr std::pair<std::string_view, ValueField> fields[] = {{"pattern", ValueField::pattern},
                                                                       {"real", ValueField::real},
                                                                       {"double", ValueField::real},
                                                                       {"integer", ValueField::integer}};
  static constexpr std::pair<std::string_view, Symmetry> symmetries[] = {
      {"general", Symmetry::general}, {"symmetric", Symmetry::symmetric}, {"skew-symmetric", Symmetry::skew_symmetric}};
  const auto known_field = lookup(fields, field);
  if (!known_field) throw fail("unknown field '" + words[3] + "': expected real, integer or pattern");
  const auto known_symmetry = lookup(symmetries, symmetry);
  if (!known_symmetry) throw fail("unknown symmetry '" + words[4] + "': expected general, symmetric or skew-symmetric");
  const Banner banner{*known_field, *known_symmetry};

  if (banner.field == ValueField::pattern && banner.symmetry == Symmetry::skew_symmetric)
    throw fail("a pattern matrix cannot be skew-symmetric (it has no values to negate)");
  return banner;
}

// "rows columns entries": three non-negative integers, nothing else.
void parse_size_line(std::string_view line, std::uint64_t number, const std::string& path, MatrixMarketHeader& header) {
  auto fail = [&](const std::string& reason) -> InputError { return InputError(path, number, reason); };
  const char* p = line.data();
  const char* end = p + line.size();
  static constexpr const char* names[] = {"row count", "column count", "entry count"};
  std::uint64_t values[3] = {};
  for (int i = 0; i < 3; ++i) {
    p = skip_blanks(p, end);
    if (p == end)
      throw fail("size line has " + std::to_string(i) + " number" + (i == 1 ? "" : "s") +
                 ": expected 3 (rows columns entries)");
    const std::string token = token_text(p, end);
    switch (parse_unsigned(p, end, false, values[i])) {
      case NumberStatus::ok: break;
      case NumberStatus::too_large: throw fail(std::string(names[i]) + " '" + token + "' is too large");
      case NumberStatus::negative: throw fail(std::string(names[i]) + " '" + token + "' is negative");
      case NumberStatus::not_a_number:
        throw fail("expected the size line 'rows columns entries', found '" + token + "' where the " + names[i] +
                   " belongs");
    }
  }
  p = skip_blanks(p, end);
  if (p != end)
    throw fail("unexpected extra field '" + token_text(p, end) + "' on the size line: expected 'rows columns entries'");
  if (values[0] != values[1])
    throw fail("the matrix is " + std::to_string(values[0]) + " x " + std::to_string(values[1]) +
               ": a graph's adjacency matrix must be square");
  if (values[0] > static_cast<std::uint64_t>(max_vertices))
    throw fail("the matrix has " + std::to_string(values[0]) + " rows: graphrun supports at most " +
               std::to_string(max_vertices) + " vertices");
  header.vertices = static_cast<std::int64_t>(values[0]);
  header.entries = values[2];
  header.size_line = number;
}

}  // namespace

MatrixMarketHeader read_matrix_market_header(SequentialLines& lines, const std::string& path) {
  std::string_view line;
  if (!lines.next(line)) throw InputError(path, 0, std::string("empty file: expected the banner ") + banner_form);
  const Banner banner = parse_banner(line, path);
  MatrixMarketHeader header;
  header.field = banner.field;
  header.symmetry = banner.symmetry;
  for (;;) {
    if (!lines.next(line))
      throw InputError(path, lines.line_number(), "the file ends before the size line 'rows columns entries'");
    const char* first = skip_blanks(line.data(), line.data() + line.size());
    if (first == line.data() + line.size() || *first == '%') continue;  // blank or comment
    parse_size_line(line, lines.line_number(), path, header);
    return header;
  }
}

}  // namespace graphrun::io::detail
