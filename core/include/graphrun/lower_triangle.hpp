#pragma once
// The lower triangle of a matrix, diagonal included: what a forward
// substitution L x = b reads (graphrun trsv). Row i of the matrix is vertex
// i's out-row (entry (i, j) is the edge i -> j), so a symmetric Matrix
// Market file gives the triangle it stores.
#include <string>

#include "graphrun/graph.hpp"

namespace graphrun {

// L: row i keeps the entries (i, j) with j <= i, with their values (ones for
// a pattern matrix); since rows are sorted, the diagonal entry (i, i) is the
// last of each row. A directed graph of the same ids. A row without a
// diagonal entry, or with a zero or non-finite one, is an InputError naming
// `source` and the row in the file's numbering (the first such row).
Graph lower_triangle(const Graph& matrix, const std::string& source);

// Whether every row has the non-zero, finite diagonal entry lower_triangle
// needs.
bool has_usable_diagonal(const Graph& matrix);

}  // namespace graphrun
