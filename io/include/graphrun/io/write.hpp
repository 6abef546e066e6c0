#pragma once
// Writing edge lists as Matrix Market files (`graphrun generate`).
#include <string>

#include "graphrun/edge_list.hpp"

namespace graphrun::io {

// Coordinate format, 1-based; "pattern" when the list has no weights, "real"
// otherwise; the header's symmetry is the list's. Ends in .gz: gzip-compressed.
void write_matrix_market(const std::string& path, const EdgeList& edges, const std::string& comment = {});

}  // namespace graphrun::io
