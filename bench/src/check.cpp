#include "check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace graphrun::bench {
namespace {

std::string scientific(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1e", value);
  return text;
}

// The smallest magnitude a term sum is measured against: results of rows
// whose terms are all zero must be (almost) exactly zero.
constexpr double tiny_magnitude = 1e-30;

}  // namespace

void ScaledErrorCheck::add(double value, double reference, double magnitude) {
  if (!std::isfinite(value)) {
    ++non_finite_;
    return;
  }
  const double difference = std::abs(value - reference);
  max_scaled_error_ = std::max(max_scaled_error_, difference / std::max(magnitude, tiny_magnitude));
  squared_error_ += difference * difference;
  squared_reference_ += reference * reference;
}

void ScaledErrorCheck::merge(const ScaledErrorCheck& other) {
  max_scaled_error_ = std::max(max_scaled_error_, other.max_scaled_error_);
  squared_error_ += other.squared_error_;
  squared_reference_ += other.squared_reference_;
  non_finite_ += other.non_finite_;
}

Check ScaledErrorCheck::verdict(double tolerance) const {
  Check check;
  if (non_finite_) {
    check.passed = false;
    check.error = std::numeric_limits<double>::infinity();
    check.detail = std::to_string(non_finite_) + " entries are NaN/inf (never written?)";
    return check;
  }
  const double relative_l2 =
      squared_reference_ > 0 ? std::sqrt(squared_error_ / squared_reference_) : std::sqrt(squared_error_);
  check.error = max_scaled_error_;
  check.passed = max_scaled_error_ <= tolerance;
  check.detail = "max err " + scientific(max_scaled_error_) + " of term magnitude (tol " + scientific(tolerance) +
                 "), rel L2 " + scientific(relative_l2);
  return check;
}

Check exact_match(std::span<const vertex_t> result, std::span<const vertex_t> expected, const std::string& what) {
  if (result.size() != expected.size())
    return failed(what + ": " + std::to_string(result.size()) + " values, expected " + std::to_string(expected.size()));
  std::size_t different = 0, first = 0;
  for (std::size_t i = result.size(); i-- > 0;)
    if (result[i] != expected[i]) {
      ++different;
      first = i;
    }
  if (different == 0) return {true, 0.0, what + " exact"};
  return failed(what + ": " + std::to_string(different) + " differ (first at vertex " + std::to_string(first) +
                ": " + std::to_string(result[first]) + ", expected " + std::to_string(expected[first]) + ")");
}

Check l1_match(std::span<const float> result, std::span<const double> expected, double tolerance) {
  if (result.size() != expected.size())
    return failed(std::to_string(result.size()) + " values, expected " + std::to_string(expected.size()));
  double l1 = 0.0;
  for (std::size_t i = 0; i < result.size(); ++i) {
    if (!std::isfinite(result[i])) return failed("entry " + std::to_string(i) + " is NaN/inf");
    l1 += std::abs(static_cast<double>(result[i]) - expected[i]);
  }
  Check check;
  check.error = l1;
  check.passed = l1 <= tolerance;
  check.detail = "L1 err " + scientific(l1) + " (tol " + scientific(tolerance) + ")";
  return check;
}

Check failed(const std::string& reason) {
  Check check;
  check.passed = false;
  check.error = std::numeric_limits<double>::infinity();
  check.detail = reason;
  return check;
}

std::uint64_t fingerprint_words(std::span<const std::uint32_t> words) {
  // FNV-1a over the 32-bit words, then a final avalanche.
  std::uint64_t hash = 0xcbf29ce484222325ULL ^ words.size();
  for (const std::uint32_t word : words) {
    hash ^= word;
    hash *= 0x100000001b3ULL;
  }
  hash ^= hash >> 33;
  return hash * 0xff51afd7ed558ccdULL;
}

}  // namespace graphrun::bench
