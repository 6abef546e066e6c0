#include <limits>

#include "graphrun/error.hpp"
#include "graphrun/graph.hpp"
#include "graphrun/semiring.hpp"
#include "cuda/cuda_graph.cuh"
#include "cuda/runtime/check.cuh"
#include "cuda/vector_ops/maps.cuh"

namespace graphrun::cuda {

CudaGraph::DeviceCsr CudaGraph::holding(OwnedDeviceCsr owned, bool weighted) {
  if (!weighted) owned.values = DeviceVector<float>();  // a pattern graph keeps no values
  DeviceCsr device;
  device.offsets = owned.offsets.data();
  device.indices = owned.indices.data();
  device.values = owned.values.data();  // nullptr when empty
  device.owned = std::move(owned);
  return device;
}

CudaGraph::DeviceCsr CudaGraph::upload_csr(const Csr& csr, const DeviceContext& context) {
  MemoryResource& memory = context.memory;
  OwnedDeviceCsr owned{DeviceVector<edge_t>(memory, std::span<const edge_t>(csr.offsets)),
                       DeviceVector<vertex_t>(memory, std::span<const vertex_t>(csr.indices)),
                       DeviceVector<float>(memory, std::span<const float>(csr.values))};
  return holding(std::move(owned), csr.weighted());
}

CudaGraph::CudaGraph(const Graph& graph, const DeviceContext& context)
    : DeviceGraph(graph.num_vertices(), graph.num_entries(), graph.directed(), graph.out_edges().weighted()),
      memory_(&context.memory),
      stream_(context.stream),
      out_(upload_csr(graph.out_edges(), context)) {
  if (has_separate_in()) in_ = upload_csr(graph.in_edges(), context);
}

CudaGraph::CudaGraph(OnDevice parts, const DeviceContext& context)
    : DeviceGraph(parts.num_vertices, parts.num_entries, parts.directed, parts.weighted),
      memory_(&context.memory),
      stream_(context.stream),
      borrowed_owner_(std::move(parts.owner)) {
  if (parts.borrowed) {
    out_.offsets = parts.borrowed_out.offsets;
    out_.indices = parts.borrowed_out.indices;
    out_.values = parts.weighted ? parts.borrowed_out.values : nullptr;
  } else {
    out_ = holding(std::move(parts.out), weighted());
  }
  if (has_separate_in()) in_ = holding(std::move(parts.in), weighted());
}

CudaGraph::~CudaGraph() = default;

CsrView CudaGraph::view_of(const DeviceCsr& csr) const {
  CsrView view;
  view.offsets = csr.offsets;
  view.indices = csr.indices;
  view.values = csr.values;
  view.num_rows = num_vertices();
  view.num_cols = num_vertices();
  view.num_entries = num_entries();
  return view;
}

CsrView CudaGraph::view(Edges edges) const {
  switch (edges) {
    case Edges::out: return view_of(out_);
    case Edges::in: return view_of(has_separate_in() ? in_ : out_);
    case Edges::both: break;
  }
  throw UsageError("Edges::both names two adjacencies; only label_mode accepts it (use out or in)");
}

SpmvPlan& CudaGraph::plan(Edges edges) const {
  const CsrView csr = view(edges);  // validates `edges`
  std::unique_ptr<SpmvPlan>& slot = (edges == Edges::in && has_separate_in()) ? in_plan_ : out_plan_;
  if (!slot) {
    // The other adjacency is the transpose (an undirected graph's CSR is its
    // own): the hub formats read their column counts from its offsets.
    const CsrView transpose = view(edges == Edges::out ? Edges::in : Edges::out);
    slot = std::make_unique<SpmvPlan>(csr, *memory_, stream_, transpose.offsets);
  }
  return *slot;
}

const SpmmPlan& CudaGraph::spmm_plan(Edges edges, const DeviceContext& context) const {
  const CsrView csr = view(edges);  // validates `edges`
  std::unique_ptr<SpmmPlan>& slot = (edges == Edges::in && has_separate_in()) ? in_spmm_plan_ : out_spmm_plan_;
  if (!slot) slot = std::make_unique<SpmmPlan>(context, csr);
  return *slot;
}

vertex_t* CudaGraph::bfs_candidates(const DeviceContext& context) const {
  if (bfs_candidates_.size() != static_cast<std::size_t>(num_vertices())) {
    // Filled once; afterwards bfs_push keeps the invariant.
    bfs_candidates_ = DeviceVector<vertex_t>(*memory_, static_cast<std::size_t>(num_vertices()));
    fill(context, bfs_candidates_.span(), MinSecond::identity());
  }
  return bfs_candidates_.data();
}

std::size_t CudaGraph::bytes() const {
  const auto csr_bytes = [](const DeviceCsr& csr) {
    return csr.owned.offsets.size() * sizeof(edge_t) + csr.owned.indices.size() * sizeof(vertex_t) +
           csr.owned.values.size() * sizeof(float);
  };
  std::size_t total = csr_bytes(out_) + csr_bytes(in_) + bfs_candidates_.size() * sizeof(vertex_t);
  if (out_plan_) total += out_plan_->bytes();
  if (in_plan_) total += in_plan_->bytes();
  if (out_spmm_plan_) total += out_spmm_plan_->bytes();
  if (in_spmm_plan_) total += in_spmm_plan_->bytes();
  if (extension_) total += extension_->bytes();  // a derived backend's state (cusparse: ones, 32-bit offsets)
  return total;
}

DeviceCsrArrays CudaGraph::out_csr() const {
  return DeviceCsrArrays{out_.offsets, out_.indices, out_.values, num_vertices(), num_entries()};
}

const CudaGraph& as_cuda_graph(const DeviceGraph& graph) {
  const auto* cuda_graph = dynamic_cast<const CudaGraph*>(&graph);
  if (!cuda_graph)
    throw UsageError("this graph was uploaded to another backend; upload it to the CUDA backend before using it there");
  return *cuda_graph;
}

}  // namespace graphrun::cuda
