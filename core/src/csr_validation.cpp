#include "graphrun/internal/csr_validation.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <utility>

namespace graphrun::detail {
namespace {

enum class RowFault { none, bad_offsets, column_out_of_range, columns_not_increasing };

// Checks row r on its own (rows are checked in parallel, so nothing about
// other rows may be assumed); `at` receives the offending position.
RowFault check_row(const Csr& csr, vertex_t n, vertex_t r, edge_t& at) {
  const edge_t begin = csr.offsets[r], end = csr.offsets[r + 1];
  if (begin < 0 || begin > end || end > csr.num_entries()) return RowFault::bad_offsets;
  for (edge_t e = begin; e < end; ++e) {
    at = e;
    const vertex_t column = csr.indices[e];
    if (!is_vertex(column, n)) return RowFault::column_out_of_range;
    if (e > begin && csr.indices[e - 1] >= column) return RowFault::columns_not_increasing;
  }
  return RowFault::none;
}

// A column id as its source gave it: one past 2^31 - 1 may have come in as a
// negative int32 (files, int32 arrays), so it is named both ways.
std::string column_as_given(vertex_t column) {
  if (column <= static_cast<vertex_t>(std::numeric_limits<std::int32_t>::max())) return std::to_string(column);
  return std::to_string(column) + " (" + std::to_string(static_cast<std::int32_t>(column)) + " as int32)";
}

std::string describe(const Csr& csr, vertex_t n, vertex_t r, RowFault fault, edge_t at) {
  const std::string row = "row " + std::to_string(r) + "'s ";
  switch (fault) {
    case RowFault::bad_offsets:
      return row + "offsets " + std::to_string(csr.offsets[r]) + ".." + std::to_string(csr.offsets[r + 1]) +
             " are decreasing or outside 0.." + std::to_string(csr.num_entries());
    case RowFault::column_out_of_range:
      return row + "column " + column_as_given(csr.indices[at]) + " is out of range (n = " + std::to_string(n) + ")";
    case RowFault::columns_not_increasing:
      return row + "columns are not strictly increasing at entry " + std::to_string(at) + " (column " +
             std::to_string(csr.indices[at]) + " after " + std::to_string(csr.indices[at - 1]) + ")";
    case RowFault::none: break;
  }
  return {};
}

// The array sizes and the first and last offsets; empty when they fit n.
std::string find_shape_problem(const Csr& csr, vertex_t n) {
  if (csr.offsets.size() != static_cast<std::size_t>(n) + 1)
    return "offsets hold " + std::to_string(csr.offsets.size()) + " values, expected " + std::to_string(static_cast<std::int64_t>(n) + 1);
  if (csr.weighted() && csr.values.size() != csr.indices.size())
    return "values and column indices differ in length";
  if (csr.offsets.front() != 0) return "the offsets start at " + std::to_string(csr.offsets.front()) + ", not 0";
  if (csr.offsets.back() != csr.num_entries())
    return "the last offset is " + std::to_string(csr.offsets.back()) + ", not the entry count " +
           std::to_string(csr.num_entries());
  return {};
}

}  // namespace

std::string find_csr_problem(const Csr& csr, vertex_t n) {
  if (std::string problem = find_shape_problem(csr, n); !problem.empty()) return problem;

  vertex_t first_bad = std::numeric_limits<vertex_t>::max();
#pragma omp parallel for schedule(dynamic, 1024) reduction(min : first_bad)
  for (vertex_t r = 0; r < n; ++r) {
    edge_t at = 0;
    if (check_row(csr, n, r, at) != RowFault::none) first_bad = std::min(first_bad, r);
  }
  if (first_bad == std::numeric_limits<vertex_t>::max()) return {};
  edge_t at = 0;
  const RowFault fault = check_row(csr, n, first_bad, at);
  return describe(csr, n, first_bad, fault, at);
}

namespace {

constexpr vertex_t no_row = std::numeric_limits<vertex_t>::max();

// The position of row r's first entry that `bad` flags, or -1; rows in
// parallel, the smallest such row wins.
template <typename Bad>
std::pair<vertex_t, edge_t> first_bad_entry(const Csr& csr, Bad bad) {
  const vertex_t n = csr.num_rows();
  vertex_t first = no_row;
#pragma omp parallel for schedule(dynamic, 1024) reduction(min : first) if (csr.num_entries() > 65536)
  for (vertex_t r = 0; r < n; ++r)
    for (edge_t e = csr.offsets[r]; e < csr.offsets[r + 1]; ++e)
      if (bad(r, e)) {
        first = std::min(first, r);
        break;
      }
  if (first == no_row) return {no_row, -1};
  for (edge_t e = csr.offsets[first];; ++e)
    if (bad(first, e)) return {first, e};
}

std::string entry_name(const Csr& csr, vertex_t r, edge_t e) {
  return "row " + std::to_string(r) + "'s column " + std::to_string(csr.indices[e]);
}

// Where row c holds column r, or -1.
edge_t find_entry(const Csr& csr, vertex_t c, vertex_t r) {
  const auto begin = csr.indices.begin() + csr.offsets[c], end = csr.indices.begin() + csr.offsets[c + 1];
  const auto it = std::lower_bound(begin, end, r);
  return it != end && *it == r ? static_cast<edge_t>(it - csr.indices.begin()) : -1;
}

// Shortest text that reads back as exactly `value`.
std::string exact(float value) {
  char text[32];
  return {text, std::to_chars(text, text + sizeof text, value).ptr};
}

bool mirror_value_matches(float value, float mirror) {
  const auto a = std::bit_cast<std::uint32_t>(value), b = std::bit_cast<std::uint32_t>(mirror);
  return a == b || (a ^ b) == 0x80000000u;
}

}  // namespace

std::string find_non_finite_value(const Csr& csr) {
  if (!csr.weighted()) return {};  // every weight is 1
  const auto [r, e] = first_bad_entry(csr, [&](vertex_t, edge_t e) { return !std::isfinite(csr.values[e]); });
  if (r == no_row) return {};
  return entry_name(csr, r, e) + " holds " + (std::isnan(csr.values[e]) ? "NaN" : "infinity") +
         ": values must be finite";
}

namespace {

// splitmix64's finaliser: every input bit moves every output bit.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// A CSR with strictly increasing rows is symmetric (each entry's mirror
// present with the same value up to sign) exactly when the multisets
// {(r, c, |v|)} and {(c, r, |v|)} are equal. Their sums of seeded hashes are
// compared in one parallel pass; with a fresh random seed unequal sets
// collide with probability about 2^-64, and a file cannot be made to
// collide in advance. Only a mismatch pays for the exact search.
std::uint64_t random_seed() { return (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}(); }

struct EntryHash {
  std::uint64_t seed;
  std::uint64_t position(vertex_t row, vertex_t column) const {
    return mix((std::uint64_t{static_cast<std::uint32_t>(row)} << 32 | static_cast<std::uint32_t>(column)) ^ seed);
  }
  std::uint64_t operator()(vertex_t row, vertex_t column, float value) const {
    const std::uint64_t magnitude = std::bit_cast<std::uint32_t>(value) & 0x7fffffffu;
    return mix(position(row, column) ^ magnitude);
  }
};

}  // namespace

std::string find_asymmetry(const Csr& csr) {
  // The fused pass also compares the mirror fingerprints: passing it proves
  // symmetry, and only a failure pays for the search below.
  if (passes_csr_checks(csr, csr.num_rows(), true)) return {};
  const auto mirror_of = [&](vertex_t r, edge_t e) { return find_entry(csr, csr.indices[e], r); };
  const auto [r, e] = first_bad_entry(csr, [&](vertex_t r, edge_t e) {
    const edge_t m = mirror_of(r, e);
    return m < 0 || !mirror_value_matches(csr.value(e), csr.value(m));
  });
  if (r == no_row) return {};
  const std::string c = std::to_string(csr.indices[e]);
  const edge_t m = mirror_of(r, e);
  const std::string why =
      m < 0 ? "has no mirror entry (row " + c + " lacks column " + std::to_string(r) + ")"
            : "holds " + exact(csr.value(e)) + " but its mirror, row " + c + "'s column " + std::to_string(r) +
                  ", holds " + exact(csr.value(m)) + " (bits differ)";
  return entry_name(csr, r, e) + " " + why + ": an undirected graph's CSR must be symmetric";
}

namespace {

// Fingerprint terms of an entry and of its mirror. A pattern CSR's values
// are all 1, so its entries hash by position alone (one mix, not two).
struct Fingerprints {
  std::uint64_t forward = 0, backward = 0;
};

// One row of passes_csr_checks: offsets, columns in range and strictly
// increasing, finite values and, if Symmetric, the row's fingerprint terms.
// False at the first structural fault, or after the row when a value is
// not finite (find_csr_problem or find_non_finite_value then names it).
template <bool Weighted, bool Symmetric>
bool check_and_hash_row(const Csr& csr, vertex_t n, vertex_t r, const EntryHash& entry_hash,
                        Fingerprints& sums) {
  const edge_t begin = csr.offsets[r], end = csr.offsets[r + 1];
  if (begin < 0 || begin > end || end > csr.num_entries()) return false;
  vertex_t previous = 0;  // the row's last column, read from its second entry on
  bool finite = true;
  for (edge_t e = begin; e < end; ++e) {
    const vertex_t column = csr.indices[e];
    if (!is_vertex(column, n) || (e > begin && column <= previous)) return false;
    previous = column;
    if constexpr (Weighted) {
      const float value = csr.values[static_cast<std::size_t>(e)];
      finite = finite && std::isfinite(value);
      if constexpr (Symmetric) {
        sums.forward += entry_hash(r, column, value);
        sums.backward += entry_hash(column, r, value);
      }
    } else if constexpr (Symmetric) {
      sums.forward += entry_hash.position(r, column);
      sums.backward += entry_hash.position(column, r);
    }
  }
  return finite;
}

template <bool Weighted, bool Symmetric>
bool passes_csr_checks_as(const Csr& csr, vertex_t n) {
  const EntryHash entry_hash{random_seed()};
  bool valid = true;
  std::uint64_t forward = 0, backward = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(&& : valid) reduction(+ : forward, backward) \
    if (csr.num_entries() > 65536)
  for (vertex_t r = 0; r < n; ++r) {
    Fingerprints sums;
    valid = check_and_hash_row<Weighted, Symmetric>(csr, n, r, entry_hash, sums) && valid;
    forward += sums.forward;
    backward += sums.backward;
  }
  return valid && forward == backward;
}

}  // namespace

bool passes_csr_checks(const Csr& csr, vertex_t n, bool symmetric) {
  if (!find_shape_problem(csr, n).empty()) return false;
  if (csr.weighted())
    return symmetric ? passes_csr_checks_as<true, true>(csr, n) : passes_csr_checks_as<true, false>(csr, n);
  return symmetric ? passes_csr_checks_as<false, true>(csr, n) : passes_csr_checks_as<false, false>(csr, n);
}

CsrProblem find_first_csr_problem(const Csr& csr, vertex_t n, bool symmetric) {
  if (passes_csr_checks(csr, n, symmetric)) return {};
  if (std::string problem = find_csr_problem(csr, n); !problem.empty())
    return {CsrProblem::Kind::structure, std::move(problem)};
  if (std::string problem = find_non_finite_value(csr); !problem.empty())
    return {CsrProblem::Kind::non_finite, std::move(problem)};
  if (std::string problem = find_asymmetry(csr); !problem.empty())
    return {CsrProblem::Kind::asymmetric, std::move(problem)};
  return {};  // the fingerprints collided on a symmetric CSR: it passes
}

}  // namespace graphrun::detail
