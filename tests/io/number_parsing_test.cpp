// The hand-written number parsers of the text readers against std::from_chars
// and plain arithmetic: the fast decimal path must give the correctly rounded
// float in every case it accepts, and hand over everything else.
#include <catch2/catch.hpp>
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>

#include "io/io_test_support.hpp"
#include "io/src/token_parse.hpp"

using graphrun::io::detail::NumberStatus;
using graphrun::io::detail::parse_plain_decimal;
using graphrun::io::detail::parse_unsigned;
using graphrun::io::detail::parse_weight;
using graphrun::io::detail::WeightStatus;

namespace {

// What the reader must produce: std::from_chars, correctly rounded to float.
float reference_float(const std::string& text) {
  float value = 0.0f;
  const char* first = text.data() + (text[0] == '+' ? 1 : 0);
  const auto [stop, error] = std::from_chars(first, text.data() + text.size(), value);
  REQUIRE(stop == text.data() + text.size());
  REQUIRE(error == std::errc{});
  return value;
}

float parsed_weight(const std::string& text) {
  const char* p = text.data();
  float value = std::nanf("");  // poisoned
  REQUIRE(parse_weight(p, text.data() + text.size(), false, value) == WeightStatus::ok);
  CHECK(p == text.data() + text.size());
  return value;
}

void check_same_float(const std::string& text) {
  INFO("text '" << text << "'");
  const float expected = reference_float(text), actual = parsed_weight(text);
  std::uint32_t expected_bits = 0, actual_bits = 0;
  std::memcpy(&expected_bits, &expected, 4);
  std::memcpy(&actual_bits, &actual, 4);
  CHECK(actual_bits == expected_bits);
}

std::string random_digits(std::mt19937_64& random, int count) {
  std::uniform_int_distribution<int> digit(0, 9);
  std::string text;
  for (int i = 0; i < count; ++i) text += static_cast<char>('0' + digit(random));
  return text;
}

}  // namespace

TEST_CASE("plain decimals parse to the correctly rounded float", "[io][parse]") {
  const auto seed = graphrun::test::fresh_seed();
  INFO("seed " << seed);
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<int> length(0, 12), sign(0, 3);
  for (int i = 0; i < 100000; ++i) {
    std::string text = sign(random) == 0 ? "-" : sign(random) == 1 ? "+" : "";
    text += random_digits(random, 1 + length(random));
    if (sign(random) != 0) {
      text += '.';
      text += random_digits(random, length(random));
    }
    check_same_float(text);
  }
  // Shortest round-trip forms of random floats (what writers print).
  std::uniform_int_distribution<std::uint32_t> bits(0, 0x7f7fffff);
  for (int i = 0; i < 50000; ++i) {
    const std::uint32_t pattern = bits(random);
    float value = 0.0f;
    std::memcpy(&value, &pattern, 4);
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", static_cast<int>(i % 12), static_cast<double>(value));
    if (std::strlen(buffer) < 40) check_same_float(buffer);
  }
}

TEST_CASE("decimals the fast path cannot settle exactly still parse exactly", "[io][parse]") {
  // Float rounding midpoints (ties go to even), values needing more than 53
  // bits, exponents, subnormals, huge values, signed zeros, bare points.
  for (const char* text :
       {"16777217", "16777219", "33554434", "33554438", "16777217.0", "-16777219.00", "9007199254740993",
        "0.1000000000000000055511151231257827", "1234567890123456789", "12345678901234567890", "1e10", "1.5E-3",
        "3e38", "340282346638528859811704183484516925440", "0.0", "-0", "-0.0", "1.",
        ".5", "-.25", "+0.5", "0.00000000000000000000000000000000000001175494", "0.0000000000000000000001"}) {
    check_same_float(text);
  }
  // The fast path itself refuses the midpoint, so from_chars decides it.
  const std::string midpoint = "16777217";
  const char* p = midpoint.data();
  float value = 0.0f;
  CHECK_FALSE(parse_plain_decimal(p, midpoint.data() + midpoint.size(), false, value));
  CHECK(p == midpoint.data());
}

TEST_CASE("malformed weights are still refused after the fast path", "[io][parse]") {
  for (const char* text : {"", "-", "+", ".", "1.2.3", "1x", "--1", "+-1", "1,5", "0x10", "nan", "inf", "1e"}) {
    INFO("text '" << text << "'");
    const std::string token(text);
    const char* p = token.data();
    float value = 0.0f;
    CHECK(parse_weight(p, token.data() + token.size(), false, value) != WeightStatus::ok);
  }
  const std::string comma = "2.5,7";  // a comma ends the field in edge lists
  const char* p = comma.data();
  float value = 0.0f;
  REQUIRE(parse_weight(p, comma.data() + comma.size(), true, value) == WeightStatus::ok);
  CHECK(value == 2.5f);
  CHECK(*p == ',');
}

TEST_CASE("unsigned integers of every length parse or overflow correctly", "[io][parse]") {
  const auto seed = graphrun::test::fresh_seed();
  INFO("seed " << seed);
  std::mt19937_64 random(seed);
  for (int digits = 1; digits <= 25; ++digits) {
    for (int trial = 0; trial < 200; ++trial) {
      const std::string text = random_digits(random, digits);
      INFO("text '" << text << "'");
      // Reference: compared as text with the largest int64, converted by the
      // standard library.
      const std::string significant = text.substr(std::min(text.find_first_not_of('0'), text.size()));
      const std::string largest = "9223372036854775807";
      const bool huge = significant.size() > largest.size() ||
                        (significant.size() == largest.size() && significant > largest);
      const std::uint64_t exact = huge ? 0 : std::stoull(text);
      const char* p = text.data();
      std::uint64_t value = 12345;  // poisoned
      const NumberStatus status = parse_unsigned(p, text.data() + text.size(), false, value);
      if (huge) {
        CHECK(status == NumberStatus::too_large);
      } else {
        REQUIRE(status == NumberStatus::ok);
        CHECK(value == exact);
      }
      CHECK(p == text.data() + text.size());
    }
  }
  const std::string leading_zeros = "0000000000000000000000000042";
  const char* p = leading_zeros.data();
  std::uint64_t value = 0;
  REQUIRE(parse_unsigned(p, leading_zeros.data() + leading_zeros.size(), false, value) == NumberStatus::ok);
  CHECK(value == 42);
}
