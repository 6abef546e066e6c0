#pragma once
// Checks the invariants Graph::from_csr relies on, so that data from outside
// (a snapshot) is adopted only when every kernel can trust it.
#include <string>

#include "graphrun/graph.hpp"

namespace graphrun::detail {

// Empty when `csr` is a valid n x n CSR (offsets start at 0, never decrease
// and end at the entry count; column indices in 0..n-1, strictly increasing
// within each row); otherwise what is wrong, naming the first bad row.
std::string find_csr_problem(const Csr& csr, vertex_t n);

// Empty when every value is finite; otherwise the first row and column
// holding NaN or infinity.
std::string find_non_finite_value(const Csr& csr);

// For a CSR that find_csr_problem accepts: empty when it is symmetric, i.e.
// every entry (r, c) has its mirror (c, r), holding the same value bit for
// bit or its exact negation (the sign bit alone differs: Graph::build
// mirrors a skew-symmetric file's entry (r, c, w) as (c, r, -w)); otherwise
// the first entry without a matching mirror. One pass compares seeded
// multiset fingerprints of the entries and of their mirrors; only a
// mismatch pays for a binary search per entry, to name the entry.
std::string find_asymmetry(const Csr& csr);

// All of the above in one parallel pass over the entries: true when
// find_csr_problem and find_non_finite_value find nothing and, if
// `symmetric`, the mirror fingerprints of find_asymmetry match. Callers run
// the find_ functions only when it fails, for the message.
bool passes_csr_checks(const Csr& csr, vertex_t n, bool symmetric);

// Which check failed first, and how.
struct CsrProblem {
  enum class Kind { none, structure, non_finite, asymmetric } kind = Kind::none;
  std::string what;
};
// passes_csr_checks, then on failure the find_ function that names it.
CsrProblem find_first_csr_problem(const Csr& csr, vertex_t n, bool symmetric);

}  // namespace graphrun::detail
