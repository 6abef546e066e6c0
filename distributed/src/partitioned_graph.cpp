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
// Built as the out-edges of the transpose; its in-edges (the transpose
// again, a stable counting sort) list each row's sources in ascending
// order, which is the whole graph's in-row order: a built Graph's rows are
// sorted (Graph::build, the .grb reader's check), so the SpMV of a row adds
// in the one-process order.
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

void send_rows(const Communicator& world, const Csr& rows, const VertexBlocks& blocks) {
  for (int r = 1; r < world.size(); ++r) {
    const RowSlice slice = slice_rows(rows, blocks.begin(r), blocks.end(r));
    world.send(std::span<const edge_t>(slice.offsets), r);
    world.send(std::span<const vertex_t>(slice.indices), r);
    world.send(std::span<const float>(slice.values), r);
  }
}

RowSlice receive_rows(const Communicator& world) {
  RowSlice slice;
  slice.offsets = world.receive<edge_t>(0);
  slice.indices = world.receive<vertex_t>(0);
  slice.values = world.receive<float>(0);
  return slice;
}

// The rows of `first` then those of `second`, row by row, without values.
RowSlice concatenate_rows(const RowSlice& first, const RowSlice& second) {
  RowSlice rows;
  const std::size_t count = first.offsets.size() - 1;
  rows.offsets.assign(1, 0);
  rows.indices.reserve(first.indices.size() + second.indices.size());
  for (std::size_t v = 0; v < count; ++v) {
    for (const RowSlice* part : {&first, &second})
      rows.indices.insert(rows.indices.end(), part->indices.begin() + part->offsets[v],
                          part->indices.begin() + part->offsets[v + 1]);
    rows.offsets.push_back(static_cast<edge_t>(rows.indices.size()));
  }
  return rows;
}

// This process's in-rows as the partition holds them.
RowSlice own_rows(const PartitionedGraph& graph, int rank) {
  return slice_rows(graph.local.in_edges(), graph.blocks.begin(rank), graph.blocks.end(rank));
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
    // floor(total x p / parts), without the product (which could pass 2^64).
    const auto whole_parts = static_cast<std::uint64_t>(parts), part = static_cast<std::uint64_t>(p);
    const std::uint64_t target = total / whole_parts * part + total % whole_parts * part / whole_parts;
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
    send_rows(world, in, part.blocks);
    mine = slice_rows(in, part.blocks.begin(0), part.blocks.end(0));
  } else {
    mine = receive_rows(world);
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

Graph neighbourhood_graph(const Communicator& world, const PartitionedGraph& graph) {
  if (!graph.directed) return graph.local;  // the in-rows are the neighbourhoods
  RowSlice out;
  if (world.root()) {
    const Csr& rows = graph.whole->out_edges();
    send_rows(world, rows, graph.blocks);
    out = slice_rows(rows, graph.blocks.begin(0), graph.blocks.end(0));
  } else {
    out = receive_rows(world);
  }
  const int rank = world.rank();
  return local_graph(concatenate_rows(own_rows(graph, rank), out), graph.num_vertices, graph.blocks.begin(rank));
}

}  // namespace graphrun::distributed
