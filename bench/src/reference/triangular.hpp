#pragma once
// Host reference of the lower triangular solve: forward substitution row
// after row in double, each row's entries in order (L as lower_triangle()
// makes it, the diagonal last).
#include <vector>

#include "graphrun/graph.hpp"

namespace graphrun::bench {

std::vector<double> forward_substitution(const Graph& lower, const std::vector<double>& b);

}  // namespace graphrun::bench
