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

}  // namespace graphrun::io::detail
