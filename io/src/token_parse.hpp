#pragma once
// Hand-rolled field parsing for the hot loops of the text readers. Integers
// are parsed digit by digit (std::from_chars for integers is not faster and
// would not tell "-3" from "abc" the way the messages need); floats go through
// std::from_chars, which is exact and fast.
#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace graphrun::io::detail {

// Thrown by a line parser for the line it is parsing; the caller adds the
// file and the line number.
struct LineFault {
  std::string reason;
};

// '\r' counts as a blank so that CRLF files read like LF files.
inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

inline const char* skip_blanks(const char* p, const char* end) {
  while (p != end && is_blank(*p)) ++p;
  return p;
}

// True for a line with nothing but blanks.
inline bool is_blank_line(std::string_view line) {
  return skip_blanks(line.data(), line.data() + line.size()) == line.data() + line.size();
}

// The token starting at p, for messages: up to the next blank, shortened
// when very long.
inline std::string token_text(const char* p, const char* end) {
  const char* q = p;
  while (q != end && !is_blank(*q)) ++q;
  constexpr std::ptrdiff_t longest = 40;
  if (q - p > longest) return std::string(p, p + longest) + "...";
  return std::string(p, q);
}

// Where a field may end: a blank, the end of the line, or (edge lists) a comma.
inline bool ends_field(const char* p, const char* end, bool comma_separates) {
  return p == end || is_blank(*p) || (comma_separates && *p == ',');
}

enum class NumberStatus { ok, not_a_number, negative, too_large };

// A non-negative decimal integer (optional '+'). Unless the token is not a
// number at all (it must end at a field boundary), p is left after it.
inline NumberStatus parse_unsigned(const char*& p, const char* end, bool comma_separates, std::uint64_t& value) {
  const char* q = p;
  bool negative = false;
  if (q != end && (*q == '+' || *q == '-')) negative = *q++ == '-';
  const char* digits = q;
  std::uint64_t v = 0;
  // Any 19 digits fit in 64 bits, so only digits beyond them need the
  // (division-based) overflow check: vertex ids never get there.
  const char* const unchecked_end = q + std::min<std::ptrdiff_t>(end - q, 19);
  while (q != unchecked_end && static_cast<unsigned char>(*q - '0') < 10) v = v * 10 + static_cast<std::uint64_t>(*q++ - '0');
  bool overflow = false;
  while (q != end && static_cast<unsigned char>(*q - '0') < 10) {
    const auto digit = static_cast<std::uint64_t>(*q - '0');
    if (v > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) overflow = true;
    v = v * 10 + digit;
    ++q;
  }
  if (q == digits || !ends_field(q, end, comma_separates)) return NumberStatus::not_a_number;
  p = q;
  if (negative && v != 0) return NumberStatus::negative;
  if (overflow || v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    return NumberStatus::too_large;
  value = v;
  return NumberStatus::ok;
}

// A signed decimal integer in int64 range; p as for parse_unsigned.
inline NumberStatus parse_signed(const char*& p, const char* end, std::int64_t& value) {
  const char* q = p;
  const bool negative = q != end && *q == '-';
  if (negative) ++q;
  std::uint64_t magnitude = 0;
  const NumberStatus status = parse_unsigned(q, end, false, magnitude);
  if (status == NumberStatus::negative || status == NumberStatus::not_a_number) return NumberStatus::not_a_number;
  p = q;
  if (status != NumberStatus::ok) return status;
  value = negative ? -static_cast<std::int64_t>(magnitude) : static_cast<std::int64_t>(magnitude);
  return NumberStatus::ok;
}

enum class WeightStatus { ok, not_a_number, not_finite, out_of_range };

// For a number outside float's range: true when it is tiny (rounds to zero),
// false when it is huge.
inline bool underflows(std::string_view token) {
  double wide = 0.0;
  const auto [stop, error] = std::from_chars(token.data(), token.data() + token.size(), wide);
  if (error == std::errc{}) return std::fabs(wide) < 1.0;
  // Beyond double's range too: the exponent's sign decides (a mantissa of
  // hundreds of digits that could overturn it is not a real-world weight).
  const std::size_t exponent = token.find_first_of("eE");
  if (exponent != std::string_view::npos) return exponent + 1 < token.size() && token[exponent + 1] == '-';
  const std::size_t first_digit = token.find_first_not_of("+-");
  return first_digit == std::string_view::npos || token[first_digit] == '0' || token[first_digit] == '.';
}

// Exact fast path for plain decimals ("0.9924856", "-12.5", "3"), the form
// nearly every weighted file uses; false sends the token to from_chars.
// Why it is exact: with a mantissa below 2^53 and at most 22 fraction digits,
// mantissa / 10^k is one correctly rounded double division of two exact
// doubles (Clinger's fast path). Rounding that double to float again gives the
// correctly rounded float unless a float rounding midpoint lies between the
// double and the exact value; both are within half a double ulp of each
// other, and a midpoint is itself a double, so that happens only when the
// double IS a midpoint (its 29 bits below float precision are 1000...0), which
// is refused here. Subnormal and near-overflow results are refused too.
inline bool parse_plain_decimal(const char*& p, const char* end, bool comma_separates, float& value) {
  static constexpr double powers_of_ten[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                             1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const char* q = p;
  const bool negative = q != end && *q == '-';
  if (negative) ++q;
  std::uint64_t mantissa = 0;
  int digits = 0, fraction_digits = 0;
  for (; q != end && static_cast<unsigned char>(*q - '0') < 10 && digits < 19; ++q, ++digits)
    mantissa = mantissa * 10 + static_cast<std::uint64_t>(*q - '0');
  if (digits == 0) return false;
  if (q != end && *q == '.') {
    for (++q; q != end && static_cast<unsigned char>(*q - '0') < 10 && digits < 19; ++q, ++digits, ++fraction_digits)
      mantissa = mantissa * 10 + static_cast<std::uint64_t>(*q - '0');
  }
  if (!ends_field(q, end, comma_separates) || mantissa >= (std::uint64_t{1} << 53) || fraction_digits > 22)
    return false;  // an exponent, more digits, or no number at all
  const double exact = static_cast<double>(mantissa) / powers_of_ten[fraction_digits];
  if (exact != 0.0 && !(exact >= 0x1p-125 && exact <= 0x1p127)) return false;
  constexpr std::uint64_t below_float = (std::uint64_t{1} << 29) - 1, midpoint = std::uint64_t{1} << 28;
  if ((std::bit_cast<std::uint64_t>(exact) & below_float) == midpoint) return false;
  value = static_cast<float>(negative ? -exact : exact);
  p = q;
  return true;
}

// A weight as a 32-bit float, correctly rounded: decimal or scientific
// notation, optional sign (from_chars refuses a leading '+', so it is skipped
// here). Magnitudes below the smallest subnormal round to zero as in every
// other reader; NaN, infinity and values beyond float's range are refused: no
// algorithm can use them, and they poison every sum.
inline WeightStatus parse_weight(const char*& p, const char* end, bool comma_separates, float& value) {
  const char* q = p;
  if (q != end && *q == '+' && q + 1 != end && *(q + 1) != '-') ++q;
  if (parse_plain_decimal(q, end, comma_separates, value)) {
    p = q;
    return WeightStatus::ok;
  }
  float parsed = 0.0f;
  const auto [stop, error] = std::from_chars(q, end, parsed);
  if (stop == q || !ends_field(stop, end, comma_separates)) return WeightStatus::not_a_number;
  p = stop;  // a number, even if an unusable one
  if (error == std::errc::result_out_of_range) {
    if (!underflows(std::string_view(q, static_cast<std::size_t>(stop - q)))) return WeightStatus::out_of_range;
    parsed = *q == '-' ? -0.0f : 0.0f;
  } else if (error != std::errc{}) {
    return WeightStatus::not_a_number;
  }
  if (!std::isfinite(parsed)) return WeightStatus::not_finite;
  value = parsed;
  return WeightStatus::ok;
}

// A weight field of a data line, with the readers' shared messages; `noun`
// names it ("weight", or "value" in Matrix Market). When `keep` is false
// the field must still be a number but its value is not checked or stored
// (the structure-only read): 0 comes back.
inline float read_weight_field(const char*& p, const char* end, bool comma_separates, bool keep, const char* noun) {
  const char* start = p;
  float weight = 0.0f;
  const WeightStatus status = parse_weight(p, end, comma_separates, weight);
  if (status != WeightStatus::not_a_number && !keep) return 0.0f;
  switch (status) {
    case WeightStatus::ok: return weight;
    case WeightStatus::not_finite:
      throw LineFault{std::string(noun) + " '" + token_text(start, end) + "' is not finite: weights must be real numbers"};
    case WeightStatus::out_of_range:
      throw LineFault{std::string(noun) + " '" + token_text(start, end) + "' does not fit in a 32-bit float"};
    case WeightStatus::not_a_number: break;
  }
  throw LineFault{"expected a real " + std::string(noun) + ", found '" + token_text(start, end) + "'"};
}

// Entries to reserve for a declared count, but no more than the file could
// hold at `min_entry_bytes` of text each (deflate expands at most ~1032-fold):
// a header claiming 10^15 entries must end in "fewer entries than
// declared", not in an allocation failure.
inline std::size_t declared_entries_to_reserve(std::uint64_t declared, std::uint64_t file_bytes, bool compressed,
                                               std::uint64_t min_entry_bytes) {
  const std::uint64_t text_bound = compressed ? file_bytes * 1032 : file_bytes;
  return static_cast<std::size_t>(std::min(declared, text_bound / min_entry_bytes + 1));
}

}  // namespace graphrun::io::detail
