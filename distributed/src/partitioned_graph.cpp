#include "graphrun/distributed/partitioned_graph.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
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

// The out-rows of every vertex restricted to the columns [begin, end): the
// transpose of the in-rows of [begin, end), without a transpose. A built
// Graph's rows are sorted (Graph::build, the .grb reader's check), so a
// row's entries in a column range are one run, found by binary search, and
// they come out in the order a transpose (a stable counting sort) gives.
// The values are out's: the transpose's wherever the stored values are
// symmetric, which every undirected graph's are but a skew-symmetric
// file's; no algorithm reads the local out-edges' values.
Csr column_block(const Csr& out, vertex_t begin, vertex_t end) {
  const auto n = static_cast<std::int64_t>(out.num_rows());
  Csr block;
  block.offsets.assign(static_cast<std::size_t>(n) + 1, 0);
  std::vector<edge_t> first(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(static)
  for (std::int64_t u = 0; u < n; ++u) {
    const auto row = out.indices.begin() + out.offsets[u], row_end = out.indices.begin() + out.offsets[u + 1];
    const auto low = std::lower_bound(row, row_end, begin);
    first[u] = low - out.indices.begin();
    block.offsets[u + 1] = std::lower_bound(low, row_end, end) - low;
  }
  std::partial_sum(block.offsets.begin(), block.offsets.end(), block.offsets.begin());
  block.indices.resize(static_cast<std::size_t>(block.offsets.back()));
  if (out.weighted()) block.values.resize(block.indices.size());
#pragma omp parallel for schedule(dynamic, 4096)
  for (std::int64_t u = 0; u < n; ++u) {
    const edge_t count = block.offsets[u + 1] - block.offsets[u];
    std::copy_n(out.indices.begin() + first[u], count, block.indices.begin() + block.offsets[u]);
    if (out.weighted()) std::copy_n(out.values.begin() + first[u], count, block.values.begin() + block.offsets[u]);
  }
  return block;
}

// In-rows of [begin, end) from `slice`, none elsewhere, as a whole-size CSR.
Csr block_in_rows(RowSlice slice, vertex_t vertices, vertex_t begin) {
  Csr in;
  in.offsets.assign(static_cast<std::size_t>(vertices) + 1, 0);
  const edge_t entries = slice.offsets.empty() ? 0 : slice.offsets.back();
  for (std::size_t i = 0; i < slice.offsets.size(); ++i) in.offsets[static_cast<std::size_t>(begin) + i] = slice.offsets[i];
  const std::size_t after = static_cast<std::size_t>(begin) + (slice.offsets.empty() ? 0 : slice.offsets.size());
  for (std::size_t v = after; v < in.offsets.size(); ++v) in.offsets[v] = entries;
  in.indices = std::move(slice.indices);
  in.values = std::move(slice.values);
  return in;
}

// The local graph from its in-rows and their transpose (column_block): its
// in-rows list each row's sources in the whole graph's in-row order, so the
// SpMV of a row adds in the one-process order.
Graph local_graph(RowSlice slice, Csr out, vertex_t vertices, vertex_t begin) {
  return Graph::from_csr_and_transpose(std::move(out), block_in_rows(std::move(slice), vertices, begin), IdMap{});
}

// The same from the in-rows alone: the transpose is built here.
Graph local_graph(RowSlice slice, vertex_t vertices, vertex_t begin) {
  Csr in = block_in_rows(std::move(slice), vertices, begin);
  Csr out = transpose(in, vertices);
  return Graph::from_csr_and_transpose(std::move(out), std::move(in), IdMap{});
}

void send(const Communicator& world, const RowSlice& slice, int to) {
  world.send(std::span<const edge_t>(slice.offsets), to);
  world.send(std::span<const vertex_t>(slice.indices), to);
  world.send(std::span<const float>(slice.values), to);
}

void send_rows(const Communicator& world, const Csr& rows, const VertexBlocks& blocks) {
  for (int r = 1; r < world.size(); ++r) send(world, slice_rows(rows, blocks.begin(r), blocks.end(r)), r);
}

RowSlice receive_rows(const Communicator& world) {
  RowSlice slice;
  slice.offsets = world.receive<edge_t>(0);
  slice.indices = world.receive<vertex_t>(0);
  slice.values = world.receive<float>(0);
  return slice;
}

// A CSR travels as a slice of all its rows.
void send_csr(const Communicator& world, Csr csr, int to) {
  send(world, RowSlice{std::move(csr.offsets), std::move(csr.indices), std::move(csr.values)}, to);
}

Csr receive_csr(const Communicator& world) {
  RowSlice slice = receive_rows(world);
  Csr csr;
  csr.offsets = std::move(slice.offsets);
  csr.indices = std::move(slice.indices);
  csr.values = std::move(slice.values);
  return csr;
}

// The rows of `first` then those of `second`, row by row, without values.
RowSlice concatenate_rows(const RowSlice& first, const RowSlice& second) {
  RowSlice rows;
  const auto count = static_cast<std::int64_t>(first.offsets.size()) - 1;
  rows.offsets.assign(first.offsets.size(), 0);
  for (std::int64_t v = 0; v < count; ++v)
    rows.offsets[v + 1] = rows.offsets[v] + (first.offsets[v + 1] - first.offsets[v]) +
                          (second.offsets[v + 1] - second.offsets[v]);
  rows.indices.resize(static_cast<std::size_t>(rows.offsets.back()));
#pragma omp parallel for schedule(dynamic, 4096)
  for (std::int64_t v = 0; v < count; ++v) {
    auto at = rows.indices.begin() + rows.offsets[v];
    for (const RowSlice* part : {&first, &second})
      at = std::copy(part->indices.begin() + part->offsets[v], part->indices.begin() + part->offsets[v + 1], at);
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

std::vector<std::size_t> scaled_starts(const VertexBlocks& blocks, std::size_t size, std::size_t width) {
  const std::size_t vertices = blocks.starts.back();
  if (width == 0 || size / width != vertices || size % width != 0)
    throw UsageError("share_blocks: " + std::to_string(size) + " values for " + std::to_string(vertices) +
                     " vertices x width " + std::to_string(width));
  std::vector<std::size_t> starts(blocks.starts);
  for (std::size_t& start : starts) start *= width;
  return starts;
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
  // Each process gets its block's in-rows and their transpose (the whole
  // graph's out-rows cut to the block's columns): no process transposes.
  RowSlice mine;
  Csr mine_transposed;
  if (whole) {
    const Csr& in = whole->in_edges();
    const Csr& out = whole->out_edges();
    part.blocks = balanced_blocks(in, world.size());
    send_rows(world, in, part.blocks);
    for (int r = 1; r < world.size(); ++r)
      send_csr(world, column_block(out, part.blocks.begin(r), part.blocks.end(r)), r);
    mine = slice_rows(in, part.blocks.begin(0), part.blocks.end(0));
    mine_transposed = column_block(out, part.blocks.begin(0), part.blocks.end(0));
  } else {
    mine = receive_rows(world);
    mine_transposed = receive_csr(world);
  }
  world.broadcast(part.blocks.starts);
  const vertex_t begin = part.blocks.begin(world.rank());
  if (mine.offsets.size() != static_cast<std::size_t>(part.blocks.end(world.rank()) - begin) + 1 ||
      ((shape.weighted != 0) != !mine.values.empty() && !mine.indices.empty()) ||
      mine_transposed.num_rows() != part.num_vertices ||
      mine_transposed.num_entries() != static_cast<edge_t>(mine.indices.size()))
    throw RuntimeError("partition_graph: process " + std::to_string(world.rank()) + " received an inconsistent block");
  part.local = local_graph(std::move(mine), std::move(mine_transposed), part.num_vertices, begin);
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
