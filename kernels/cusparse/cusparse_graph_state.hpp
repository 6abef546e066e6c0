#pragma once
// What the cuSPARSE backend caches per uploaded graph: 32-bit copies of the
// row offsets and COO row ids (64-bit column indices and row ids instead for
// a graph past 2^31 entries), the all-ones value array of unweighted products,
// and one "plan" (matrix descriptor + workspace, preprocessed once) per
// distinct product configuration. It lives in the CudaGraph's extension
// slot, so it is destroyed with the graph and can never be found again by a
// new graph that happens to reuse the old one's address.
#include <cuda_runtime.h>
#include <cusparse.h>

#include <compare>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "graphrun/memory.hpp"
#include "graphrun/semiring.hpp"
#include "cuda/cuda_graph.cuh"
#include "cuda/runtime/context.cuh"
#include "cusparse/cusparse_algorithms.hpp"
#include "cusparse/cusparse_resources.hpp"

namespace graphrun::cusparse {

// A matrix descriptor with its cuSPARSE workspace. cuSPARSE attaches the
// result of *_preprocess to the matrix descriptor, so each configuration gets
// its own descriptor instead of sharing one (a second preprocess with another
// algorithm or type would otherwise replace the first's analysis).
struct Plan {
  SparseMatrix matrix;
  DeviceVector<std::byte> workspace;
  bool prepared = false;  // workspace sized and *_preprocess done
};

// Everything a plan's preprocessing was given. `accumulate` (beta = 1 vs 0)
// is part of it because *_preprocess takes the scalars and cuSPARSE does not
// promise that its analysis holds for others.
struct SpmvPlanKey {
  Edges edges;
  cusparseSpMVAlg_t algorithm;
  cudaDataType compute_type;
  bool use_weights;
  bool accumulate;
  auto operator<=>(const SpmvPlanKey&) const = default;
};

struct SpmmPlanKey {
  Edges edges;
  cusparseSpMMAlg_t algorithm;
  bool use_weights;
  std::size_t width;
  auto operator<=>(const SpmmPlanKey&) const = default;
};

// Whether a graph of `entries` stored entries needs 64-bit indices in
// cuSPARSE. cuSPARSE refuses CSR with 64-bit offsets and 32-bit columns
// (cusparseCreateCsr: "different index sizes ... not currently supported",
// as of cuSPARSE 12.6), so such a graph's products take a 64-bit copy of its
// columns (4 more bytes per entry); below 2^31 entries 32-bit offsets are
// narrowed instead (4 bytes per row).
bool needs_64bit_indices(edge_t entries);

// UsageError for `routine` (e.g. "tc (cuSPARSE SpGEMM)") on a graph past
// 2^31 entries: the routines this backend runs with 32-bit indices only.
void require_cusparse_index_range(edge_t entries, const std::string& routine);

class CusparseGraphState final : public cuda::CudaGraph::Extension {
 public:
  CusparseGraphState(const cuda::CudaGraph& graph, const cuda::DeviceContext& context);

  // The plan for `key`, its matrix descriptor created on first use (CSR or
  // COO per `format`); the caller sizes the workspace and preprocesses.
  Plan& spmv_plan(const SpmvPlanKey& key, SparseFormat format);
  Plan& spmm_plan(const SpmmPlanKey& key);

  std::size_t bytes() const override;

  // 32-bit row offsets of `edges` (built on first use), and its values:
  // the graph's, or ones when !use_weights or the graph has none.
  const std::int32_t* offsets32(Edges edges);
  const float* values(Edges edges, bool use_weights);

 private:
  // Each built on first use; the 32-bit arrays for graphs below 2^31
  // entries, the 64-bit ones past it (needs_64bit_indices).
  struct Adjacency {
    DeviceVector<std::int32_t> offsets;    // num_rows + 1
    DeviceVector<std::int32_t> row_ids;    // num_entries (COO)
    DeviceVector<std::int64_t> columns64;  // num_entries
    DeviceVector<std::int64_t> row_ids64;  // num_entries (COO)
  };

  // An undirected graph's in-adjacency is its out-adjacency: one set of arrays.
  Edges canonical(Edges edges) const;
  Adjacency& adjacency(Edges edges);
  // COO row ids of `edges` in `slot` (its Adjacency's row_ids or row_ids64).
  template <class RowId>
  const RowId* row_ids(Edges edges, DeviceVector<RowId>& slot);
  const std::int64_t* columns64(Edges edges);
  SparseMatrix make_matrix(Edges edges, SparseFormat format, bool use_weights);

  const cuda::CudaGraph* graph_;
  cuda::DeviceContext context_;
  Adjacency out_;
  Adjacency in_;
  DeviceVector<float> ones_;
  std::map<SpmvPlanKey, Plan> spmv_plans_;
  std::map<SpmmPlanKey, Plan> spmm_plans_;
};

}  // namespace graphrun::cusparse
