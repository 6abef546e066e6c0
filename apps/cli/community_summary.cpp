#include "community_summary.hpp"

#include <algorithm>
#include <unordered_map>

namespace graphrun::cli {

void describe_communities(std::span<const vertex_t> label, const Graph& graph, int top, const std::string& noun,
                          JsonObject& summary, std::vector<std::string>& lines) {
  std::unordered_map<vertex_t, std::size_t> sizes;
  for (const vertex_t l : label) ++sizes[l];
  std::vector<std::pair<vertex_t, std::size_t>> by_size(sizes.begin(), sizes.end());
  std::sort(by_size.begin(), by_size.end(),
            [](const auto& a, const auto& b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
  summary.add(noun, static_cast<std::uint64_t>(by_size.size()));
  lines.push_back(noun + ": " + std::to_string(by_size.size()) + "; largest (label: size):");
  JsonObject largest;
  for (std::size_t i = 0; i < by_size.size() && i < static_cast<std::size_t>(std::max(top, 0)); ++i) {
    const auto id = std::to_string(graph.ids().original(by_size[i].first));
    lines.push_back("  " + id + ": " + std::to_string(by_size[i].second));
    largest.add(id, static_cast<std::uint64_t>(by_size[i].second));
  }
  summary.add("largest", largest);
}

}  // namespace graphrun::cli
