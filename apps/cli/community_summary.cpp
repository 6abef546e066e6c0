#include "community_summary.hpp"

#include <algorithm>

#include "graphrun/error.hpp"

namespace graphrun::cli {

void describe_communities(std::span<const vertex_t> label, const Graph& graph, int top, const std::string& noun,
                          JsonObject& summary, std::vector<std::string>& lines) {
  // Labels are vertex ids, so sizes are counted by index: one pass, then
  // only the `top` largest groups are ordered.
  std::vector<std::size_t> size_of(static_cast<std::size_t>(graph.num_vertices()), 0);
  for (const vertex_t l : label) {
    if (!is_vertex(l, graph.num_vertices()))
      throw RuntimeError("a " + noun + " label is " + std::to_string(l) + ", not a vertex id of the graph");
    ++size_of[static_cast<std::size_t>(l)];
  }
  std::vector<std::pair<vertex_t, std::size_t>> by_size;
  for (std::size_t l = 0; l < size_of.size(); ++l)
    if (size_of[l] > 0) by_size.emplace_back(static_cast<vertex_t>(l), size_of[l]);
  const std::size_t shown = std::min(by_size.size(), static_cast<std::size_t>(std::max(top, 0)));
  std::partial_sort(by_size.begin(), by_size.begin() + static_cast<std::ptrdiff_t>(shown), by_size.end(),
                    [](const auto& a, const auto& b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
  summary.add(noun, static_cast<std::uint64_t>(by_size.size()));
  lines.push_back(noun + ": " + std::to_string(by_size.size()) + "; largest (label: size):");
  std::vector<JsonObject> largest;  // {id: the label's vertex, value: its size}
  for (std::size_t i = 0; i < shown; ++i) {
    const vertex_t label = by_size[i].first;
    lines.push_back("  " + graph.ids().label(label) + ": " + std::to_string(by_size[i].second));
    largest.push_back(
        JsonObject().add_vertex("id", graph.ids(), label).add("value", static_cast<std::uint64_t>(by_size[i].second)));
  }
  summary.add("top", largest);
}

}  // namespace graphrun::cli
