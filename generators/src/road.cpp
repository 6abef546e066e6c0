// Road-network-like graph: a rows x columns grid (ids row-major, so like OSM
// extracts neighbours have nearby ids) where each grid edge survives with
// probability 0.7 and a cell gets a diagonal with probability 0.05. Degrees
// fall in 0..6 with a mean near 2.9 (road_usa: 2.4, europe_osm: 2.1), and the
// diameter grows with the grid side, as on real road maps.
#include <cstdint>

#include "graphrun/generators/counter_rng.hpp"
#include "generators.hpp"
#include "row_emitter.hpp"

namespace graphrun::generators {
namespace {

constexpr double keep_grid_edge = 0.7;
constexpr double add_diagonal = 0.05;

// The (up to) three edges vertex (r, c) owns: right, down, down-right.
struct OwnedEdges {
  bool right = false, down = false, diagonal = false;
  int count() const { return int(right) + int(down) + int(diagonal); }
};

OwnedEdges owned_edges(const GeneratorSpec& spec, std::int64_t rows, std::int64_t columns, std::int64_t r,
                       std::int64_t c) {
  CounterRng rng(spec.seed, Stream::road_edges, static_cast<std::uint64_t>(r * columns + c));
  OwnedEdges owned;
  // Always draw all three numbers so that one edge's fate does not shift the
  // randomness of the others (stable graphs when the grid size changes).
  const double right = rng.uniform(), down = rng.uniform(), diagonal = rng.uniform();
  owned.right = c + 1 < columns && right < keep_grid_edge;
  owned.down = r + 1 < rows && down < keep_grid_edge;
  owned.diagonal = c + 1 < columns && r + 1 < rows && diagonal < add_diagonal;
  return owned;
}

}  // namespace

EdgeList road(const GeneratorSpec& spec) {
  const std::int64_t rows = 1LL << (spec.scale / 2);
  const std::int64_t columns = 1LL << (spec.scale - spec.scale / 2);
  EdgeList edges;
  edges.num_vertices = static_cast<vertex_t>(rows * columns);
  edges.symmetry = Symmetry::symmetric;

  auto count = [&](std::int64_t r) {
    std::uint64_t total = 0;
    for (std::int64_t c = 0; c < columns; ++c) total += owned_edges(spec, rows, columns, r, c).count();
    return total;
  };
  auto emit = [&](std::int64_t r, vertex_t* src, vertex_t* dst) {
    std::size_t k = 0;
    auto add = [&](std::int64_t from, std::int64_t to) {  // to > from: lower triangle (row = larger id)
      src[k] = static_cast<vertex_t>(to);
      dst[k] = static_cast<vertex_t>(from);
      ++k;
    };
    for (std::int64_t c = 0; c < columns; ++c) {
      const OwnedEdges owned = owned_edges(spec, rows, columns, r, c);
      const std::int64_t id = r * columns + c;
      if (owned.right) add(id, id + 1);
      if (owned.down) add(id, id + columns);
      if (owned.diagonal) add(id, id + columns + 1);
    }
  };
  emit_rows(rows, count, emit, edges);
  return edges;
}

}  // namespace graphrun::generators
