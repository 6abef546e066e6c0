#include <algorithm>
#include <charconv>

#include "graphrun/edge_list.hpp"

namespace graphrun {

vertex_t IdMap::compact(std::int64_t original_id, vertex_t num_vertices) const {
  if (ids.empty()) {
    const std::int64_t v = original_id - base;
    return (v >= 0 && v < num_vertices) ? static_cast<vertex_t>(v) : no_vertex;
  }
  // Readers store the ids sorted; a reordered graph (reorder.hpp) does not.
  if (!std::is_sorted(ids.begin(), ids.end())) {
    const auto it = std::find(ids.begin(), ids.end(), original_id);
    return it == ids.end() ? no_vertex : static_cast<vertex_t>(it - ids.begin());
  }
  const auto it = std::lower_bound(ids.begin(), ids.end(), original_id);
  if (it == ids.end() || *it != original_id) return no_vertex;
  return static_cast<vertex_t>(it - ids.begin());
}

vertex_t IdMap::find(const std::string& text, vertex_t num_vertices) const {
  if (named()) {
    // Readers store the names sorted; a reordered graph does not.
    if (!std::is_sorted(names.begin(), names.end())) {
      const auto it = std::find(names.begin(), names.end(), text);
      return it == names.end() ? no_vertex : static_cast<vertex_t>(it - names.begin());
    }
    const auto it = std::lower_bound(names.begin(), names.end(), text);
    return it == names.end() || *it != text ? no_vertex : static_cast<vertex_t>(it - names.begin());
  }
  std::int64_t id = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return no_vertex;
  return compact(id, num_vertices);
}

}  // namespace graphrun
