#include <algorithm>

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

}  // namespace graphrun
