// Banded matrix: vertex i is linked to i+1 .. i+band_width (undirected), so
// interior rows hold exactly 2 * band_width entries at consecutive columns:
// perfectly regular rows and a contiguous gather of x, the best case of any
// SpMV kernel and the closest a graph gets to the copy bandwidth.
#include <algorithm>
#include <cstdint>

#include "generators.hpp"
#include "row_emitter.hpp"

namespace graphrun::generators {

EdgeList banded(const GeneratorSpec& spec) {
  const std::int64_t n = 1LL << spec.scale;
  const std::int64_t band = std::min<std::int64_t>(spec.band_width, n - 1);
  EdgeList edges;
  edges.num_vertices = static_cast<vertex_t>(n);
  edges.symmetry = Symmetry::symmetric;

  auto count = [&](std::int64_t i) { return static_cast<std::uint64_t>(std::min(band, n - 1 - i)); };
  auto emit = [&](std::int64_t i, vertex_t* src, vertex_t* dst) {
    const std::int64_t last = std::min(band, n - 1 - i);
    for (std::int64_t d = 1; d <= last; ++d) {
      src[d - 1] = static_cast<vertex_t>(i + d);  // lower triangle: row = larger id
      dst[d - 1] = static_cast<vertex_t>(i);
    }
  };
  emit_rows(n, count, emit, edges);
  return edges;
}

}  // namespace graphrun::generators
