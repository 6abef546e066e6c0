// 3-D mesh: the matrix of a 27-point stencil on an a x b x c grid (a*b*c =
// 2^scale, sides within a factor 2 of each other). Interior rows hold 26
// entries in three runs of consecutive columns: as regular as the banded
// matrix for SpMV, but with a diameter of only the longest side (127 at
// scale 21), so traversals finish in a few hundred levels instead of n/k.
#include <array>
#include <cstdint>

#include "generators.hpp"
#include "row_emitter.hpp"

namespace graphrun::generators {
namespace {

struct Step {
  int dx, dy, dz;
};

// The 13 neighbour offsets that lead to a larger row-major id (x fastest):
// each undirected edge is emitted once, from its smaller end.
constexpr std::array<Step, 13> forward_steps = {{{1, 0, 0},
                                                  {-1, 1, 0}, {0, 1, 0}, {1, 1, 0},
                                                  {-1, -1, 1}, {0, -1, 1}, {1, -1, 1},
                                                  {-1, 0, 1}, {0, 0, 1}, {1, 0, 1},
                                                  {-1, 1, 1}, {0, 1, 1}, {1, 1, 1}}};

}  // namespace

EdgeList mesh(const GeneratorSpec& spec) {
  const std::int64_t nx = 1LL << (spec.scale / 3), ny = 1LL << ((spec.scale + 1) / 3),
                     nz = 1LL << ((spec.scale + 2) / 3);
  EdgeList edges;
  edges.num_vertices = static_cast<vertex_t>(nx * ny * nz);
  edges.symmetry = Symmetry::symmetric;

  auto inside = [&](std::int64_t x, std::int64_t y, std::int64_t z) {
    return x >= 0 && x < nx && y >= 0 && y < ny && z >= 0 && z < nz;
  };
  // One emitted row = one x-line of the grid (index y + ny * z).
  auto for_each_edge = [&](std::int64_t line, auto&& visit) {
    const std::int64_t y = line % ny, z = line / ny;
    for (std::int64_t x = 0; x < nx; ++x)
      for (const Step& step : forward_steps)
        if (inside(x + step.dx, y + step.dy, z + step.dz))
          visit(x + nx * (y + ny * z), x + step.dx + nx * (y + step.dy + ny * (z + step.dz)));
  };
  auto count = [&](std::int64_t line) {
    std::uint64_t total = 0;
    for_each_edge(line, [&](std::int64_t, std::int64_t) { ++total; });
    return total;
  };
  auto emit = [&](std::int64_t line, vertex_t* src, vertex_t* dst) {
    std::size_t k = 0;
    for_each_edge(line, [&](std::int64_t from, std::int64_t to) {  // to > from: lower triangle
      src[k] = static_cast<vertex_t>(to);
      dst[k] = static_cast<vertex_t>(from);
      ++k;
    });
  };
  emit_rows(ny * nz, count, emit, edges);
  return edges;
}

}  // namespace graphrun::generators
