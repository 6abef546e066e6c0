#pragma once
// CudaGraph: a Graph resident on one CUDA device. The out-CSR is copied once
// at upload, or made on the device (build_device_graph), or borrowed from
// the caller (adopt_device_csr: read in place, kept alive by an owner); a
// directed graph also gets its in-CSR (CSR of A^T) so pull steps read rows
// instead of scattering. An undirected graph's in-CSR IS its out-CSR (same
// device arrays, no copy). Everything derived later (SpMV
// and SpMM plans, BFS scratch) is built lazily on first use and cached for the graph's
// lifetime, which is why those members are mutable.
#include <cuda_runtime.h>

#include <memory>

#include "graphrun/backend.hpp"
#include "graphrun/memory.hpp"
#include "cuda/graph_build/device_csr.cuh"
#include "cuda/runtime/context.cuh"
#include "cuda/spmm/common/spmm_plan.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

class CudaGraph final : public DeviceGraph {
 public:
  // Copies graph.out_edges() (and graph.in_edges() when directed) to the device.
  // A pattern graph (Csr::weighted() false) has no values on the device
  // either: its views carry values == nullptr, which every kernel reads as
  // weight 1 (the cusparse backend makes the ones cuSPARSE needs itself).
  CudaGraph(const Graph& graph, const DeviceContext& context);
  // A graph whose arrays are already on the device: `out` (owned) or, when
  // `borrowed` is set, `borrowed_out`, which `owner` keeps alive and this
  // graph never writes; `in` the transpose when directed (empty otherwise).
  // A pattern graph (weighted false) keeps no values: any in `out`, `in` or
  // `borrowed_out` are dropped or ignored.
  struct OnDevice {
    OwnedDeviceCsr out;
    DeviceCsrArrays borrowed_out;
    std::shared_ptr<const void> owner;
    bool borrowed = false;
    OwnedDeviceCsr in;
    vertex_t num_vertices = 0;
    edge_t num_entries = 0;
    bool directed = true;
    bool weighted = false;
  };
  CudaGraph(OnDevice parts, const DeviceContext& context);
  ~CudaGraph() override;

  // Device arrays of the adjacency `edges` names (out or in; `both` is not a
  // single adjacency and is refused with a UsageError).
  CsrView view(Edges edges) const;
  // The SpMV plan of that adjacency, created on first use. On an undirected
  // graph out and in share one plan, as they share one CSR.
  SpmvPlan& plan(Edges edges) const;
  // The SpMM plan of that adjacency (its medium and long rows), created on
  // first use on context's stream; shared by out and in when undirected.
  const SpmmPlan& spmm_plan(Edges edges, const DeviceContext& context) const;

  // n entries, every one MinSecond::identity() between calls: BFS push claims
  // vertices with atomicMin here and restores the entries it touched. Filled
  // on context's stream the first time.
  vertex_t* bfs_candidates(const DeviceContext& context) const;

  // The CSR arrays, the plans and scratch built so far, and the extension's.
  std::size_t bytes() const override;
  DeviceCsrArrays out_csr() const override;

  // Slot for state a derived backend ties to this graph's lifetime
  // (kernels/cusparse keeps its cuSPARSE descriptors, 32-bit index copies and
  // preprocessing buffers here): created on first use, destroyed with the
  // graph, before the device arrays it refers to. Keying such state by graph
  // address in a side table instead would break when a new graph reuses a
  // dead one's address (the pool hands the same blocks back).
  class Extension {
   public:
    virtual ~Extension() = default;
    virtual std::size_t bytes() const = 0;  // device bytes the extension holds
  };
  Extension* extension() const { return extension_.get(); }
  void set_extension(std::unique_ptr<Extension> extension) const { extension_ = std::move(extension); }

 private:
  // One adjacency: where its arrays are (the owned ones, or borrowed), and
  // what this graph allocated. values == nullptr: a pattern graph.
  struct DeviceCsr {
    OwnedDeviceCsr owned;
    const edge_t* offsets = nullptr;
    const vertex_t* indices = nullptr;
    const float* values = nullptr;
  };
  static DeviceCsr upload_csr(const Csr& csr, const DeviceContext& context);
  // Points at `owned`'s arrays; a pattern graph (weighted false) drops its values.
  static DeviceCsr holding(OwnedDeviceCsr owned, bool weighted);
  CsrView view_of(const DeviceCsr& csr) const;
  bool has_separate_in() const { return directed(); }

  MemoryResource* memory_;
  cudaStream_t stream_;
  std::shared_ptr<const void> borrowed_owner_;  // declared before the arrays' users: released last
  DeviceCsr out_;
  DeviceCsr in_;  // empty when undirected (in == out)
  mutable std::unique_ptr<SpmvPlan> out_plan_;
  mutable std::unique_ptr<SpmvPlan> in_plan_;
  mutable std::unique_ptr<SpmmPlan> out_spmm_plan_;
  mutable std::unique_ptr<SpmmPlan> in_spmm_plan_;
  mutable DeviceVector<vertex_t> bfs_candidates_;
  mutable std::unique_ptr<Extension> extension_;  // last: destroyed first
};

// The CudaGraph behind a DeviceGraph handed to a CUDA-family backend; a
// UsageError when the graph was uploaded to a different kind of backend.
const CudaGraph& as_cuda_graph(const DeviceGraph& graph);

}  // namespace graphrun::cuda
