#pragma once
// Checks the invariants Graph::from_csr relies on, so that data from outside
// (a snapshot) is adopted only when every kernel can trust it.
#include <string>

#include "graphrun/graph.hpp"

namespace graphrun::io::detail {

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
// the first entry without a matching mirror. One binary search per entry in
// the mirror's sorted row, rows in parallel.
std::string find_asymmetry(const Csr& csr);

}  // namespace graphrun::io::detail
