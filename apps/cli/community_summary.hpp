#pragma once
// Summary of a vertex partition (label propagation communities, connected
// components): how many groups, and the largest ones.
#include <span>
#include <string>
#include <vector>

#include "json.hpp"
#include "graphrun/graph.hpp"

namespace graphrun::cli {

void describe_communities(std::span<const vertex_t> label, const Graph& graph, int top, const std::string& noun,
                          JsonObject& summary, std::vector<std::string>& lines);

}  // namespace graphrun::cli
