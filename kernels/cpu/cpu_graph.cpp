#include "cpu/cpu_graph.hpp"

#include <algorithm>
#include <utility>

#include "graphrun/error.hpp"

namespace graphrun::cpu {

CpuGraph::CpuGraph(const Graph& graph, std::shared_ptr<MemoryResource> memory, int threads)
    : DeviceGraph(graph.num_vertices(), graph.num_entries(), graph.directed(), graph.out_edges().weighted()),
      out_(graph.out_edges_shared()),
      // Built now rather than on first pull: the Graph's lazy transpose is not
      // thread-safe, and upload is the one moment the caller expects the cost.
      in_(graph.in_edges_shared()),
      memory_(std::move(memory)),
      threads_(threads) {}

DeviceCsrArrays CpuGraph::out_csr() const {
  return DeviceCsrArrays{out_->offsets.data(), out_->indices.data(), out_->weighted() ? out_->values.data() : nullptr,
                         num_vertices(), num_entries()};
}

const Csr& CpuGraph::rows(Edges edges) const {
  if (edges == Edges::both) throw UsageError("cpu backend: Edges::both names two adjacencies; this primitive takes out or in");
  return edges == Edges::out ? *out_ : *in_;
}

const CpuGraph::LazyEntryRows& CpuGraph::entry_rows_of(Edges edges) const {
  LazyEntryRows& lazy = (edges == Edges::in && has_distinct_in_rows()) ? in_entry_rows_ : out_entry_rows_;
  const Csr& matrix = rows(edges);
  std::call_once(lazy.built, [&] {
    DeviceVector<vertex_t> entry_rows(*memory_, static_cast<std::size_t>(matrix.num_entries()));
    vertex_t* row_of = entry_rows.data();
    const edge_t* offsets = matrix.offsets.data();
    const vertex_t num_rows = matrix.num_rows();
#pragma omp parallel for num_threads(threads_) schedule(static)
    for (vertex_t r = 0; r < num_rows; ++r)
      std::fill(row_of + offsets[r], row_of + offsets[r + 1], r);
    view_bytes_.fetch_add(entry_rows.size() * sizeof(vertex_t));
    lazy.rows = std::move(entry_rows);
  });
  return lazy;
}

std::span<const vertex_t> CpuGraph::entry_rows(Edges edges) const { return entry_rows_of(edges).rows.span(); }

PushScratch& CpuGraph::push_scratch() const {
  std::call_once(push_scratch_built_, [&] {
    DeviceVector<vertex_t> scratch(*memory_, static_cast<std::size_t>(num_vertices()));
    std::fill(scratch.data(), scratch.data() + scratch.size(), PushScratch::unclaimed);
    view_bytes_.fetch_add(scratch.size() * sizeof(vertex_t));
    push_scratch_.smallest_parent = std::move(scratch);
  });
  return push_scratch_;
}

std::size_t CpuGraph::bytes() const {
  std::size_t total = out_->bytes() + view_bytes_.load();
  if (has_distinct_in_rows()) total += in_->bytes();
  return total;
}

const CpuGraph& as_cpu_graph(const DeviceGraph& graph) {
  const auto* cpu_graph = dynamic_cast<const CpuGraph*>(&graph);
  if (cpu_graph == nullptr)
    throw UsageError("cpu backend: the graph was uploaded to another backend; upload it to this one");
  return *cpu_graph;
}

}  // namespace graphrun::cpu
