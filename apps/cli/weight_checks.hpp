#pragma once
// Input checks of the commands whose maths needs non-negative weights.
#include <string>

#include "graphrun/graph.hpp"

namespace graphrun::cli {

// InputError naming `file`, the first edge (file ids) whose weight is
// negative (or NaN), and `needed_by` ("pagerank --weighted", "sssp"). A
// pattern graph's weights are all 1 and pass.
void refuse_negative_weights(const Graph& graph, const std::string& file, const std::string& needed_by);

}  // namespace graphrun::cli
