#include "graphrun/distributed/partitioned_graph.hpp"

#include <algorithm>
#include <span>
#include <string>
#include <utility>

#include "graphrun/error.hpp"

namespace graphrun::distributed {
namespace {

// What every process learns of the whole graph before its rows arrive.
struct Shape {
  std::uint64_t vertices = 0;
  std::uint64_t entries = 0;
  std::uint8_t directed = 1;
  std::uint8_t weighted = 0;
};

// The in-rows [begin, end) of `in`, rebased to start at entry 0.
struct RowSlice {
  std::vector<edge_t> offsets;  // end - begin + 1 entries
  std::vector<vertex_t> indices;
  std::vector<float> values;
};

RowSlice slice_rows(const Csr& in, vertex_t begin, vertex_t end) {
  RowSlice slice;
  const edge_t first = in.offsets[begin], last = in.offsets[end];
  slice.offsets.reserve(static_cast<std::size_t>(end - begin) + 1);
  for (vertex_t v = begin; v <= end; ++v) slice.offsets.push_back(in.offsets[v] - first);
  slice.indices.assign(in.indices.begin() + first, in.indices.begin() + last);
  if (in.weighted()) slice.values.assign(in.values.begin() + first, in.values.begin() + last);
  return slice;
}

// The local graph: in-rows of [begin, end) from `slice`, none elsewhere.
// Built as the out-edges of the transpose, so its in-edges (the transpose
// again) list each row's sources in the slice's order.
Graph local_graph(RowSlice slice, vertex_t vertices, vertex_t begin) {
  Csr in;
  in.offsets.assign(static_cast<std::size_t>(vertices) + 1, 0);
  const edge_t entries = slice.offsets.empty() ? 0 : slice.offsets.back();
  for (std::size_t i = 0; i < slice.offsets.size(); ++i) in.offsets[static_cast<std::size_t>(begin) + i] = slice.offsets[i];
  const std::size_t after = static_cast<std::size_t>(begin) + (slice.offsets.empty() ? 0 : slice.offsets.size());
  for (std::size_t v = after; v < in.offsets.size(); ++v) in.offsets[v] = entries;
  in.indices = std::move(slice.indices);
  in.values = std::move(slice.values);
  return Graph::from_csr(transpose(in, vertices), true, IdMap{});
}

}  // namespace

VertexBlocks balanced_blocks(const Csr& rows, int parts) {
  if (parts < 1) throw UsageError("balanced_blocks: parts must be >= 1, got " + std::to_string(parts));
  const auto n = static_cast<std::size_t>(rows.num_rows());
  // cost(v) = offsets[v] + v: the cost of rows [0, v).
  const auto cost = [&rows](std::size_t v) { return static_cast<std::uint64_t>(rows.offsets[v]) + v; };
  const std::uint64_t total = n == 0 ? 0 : cost(n);
  VertexBlocks blocks;
  blocks.starts.assign(static_cast<std::size_t>(parts) + 1, n);
  blocks.starts[0] = 0;
  for (int p = 1; p < parts; ++p) {
    const std::uint64_t target = total * static_cast<std::uint64_t>(p) / static_cast<std::uint64_t>(parts);
    std::size_t low = blocks.starts[p - 1], high = n;  // first v with cost(v) >= target
    while (low < high) {
      const std::size_t mid = low + (high - low) / 2;
      if (cost(mid) < target) low = mid + 1;
      else high = mid;
    }
    blocks.starts[p] = low;
  }
  return blocks;
}

PartitionedGraph partition_graph(const Communicator& world, std::optional<Graph> whole) {
  if (world.root() != whole.has_value())
    throw UsageError("partition_graph: the root process passes the graph, the others none");
  Shape shape;
  if (whole) {
    shape = {.vertices = static_cast<std::uint64_t>(whole->num_vertices()),
             .entries = static_cast<std::uint64_t>(whole->num_entries()),
             .directed = static_cast<std::uint8_t>(whole->directed()),
             .weighted = static_cast<std::uint8_t>(whole->out_edges().weighted())};
  }
  world.broadcast(shape);

  PartitionedGraph part;
  part.num_vertices = static_cast<vertex_t>(shape.vertices);
  part.num_entries = static_cast<edge_t>(shape.entries);
  part.directed = shape.directed != 0;
  RowSlice mine;
  if (whole) {
    const Csr& in = whole->in_edges();
    part.blocks = balanced_blocks(in, world.size());
    for (int r = 1; r < world.size(); ++r) {
      const RowSlice slice = slice_rows(in, part.blocks.begin(r), part.blocks.end(r));
      world.send(std::span<const edge_t>(slice.offsets), r);
      world.send(std::span<const vertex_t>(slice.indices), r);
      world.send(std::span<const float>(slice.values), r);
    }
    mine = slice_rows(in, part.blocks.begin(0), part.blocks.end(0));
  } else {
    mine.offsets = world.receive<edge_t>(0);
    mine.indices = world.receive<vertex_t>(0);
    mine.values = world.receive<float>(0);
  }
  world.broadcast(part.blocks.starts);
  const vertex_t begin = part.blocks.begin(world.rank());
  if (mine.offsets.size() != static_cast<std::size_t>(part.blocks.end(world.rank()) - begin) + 1 ||
      ((shape.weighted != 0) != !mine.values.empty() && !mine.indices.empty()))
    throw RuntimeError("partition_graph: process " + std::to_string(world.rank()) + " received an inconsistent block");
  part.local = local_graph(std::move(mine), part.num_vertices, begin);
  if (whole) part.whole = std::make_shared<const Graph>(std::move(*whole));
  return part;
}

}  // namespace graphrun::distributed
