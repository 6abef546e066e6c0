#pragma once
// What the cuSPARSE backend caches per uploaded graph: its row blocks
// (row_blocks.hpp: one up to 2^30 entries, more past it), each block's
// 32-bit row offsets and COO row ids, the all-ones value array of unweighted
// products, and one "plan" (a matrix descriptor + workspace per block,
// preprocessed once) per distinct product configuration. It lives in the CudaGraph's extension
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
#include <vector>

#include "graphrun/memory.hpp"
#include "graphrun/semiring.hpp"
#include "cuda/cuda_graph.cuh"
#include "cuda/runtime/context.cuh"
#include "cusparse/cusparse_algorithms.hpp"
#include "cusparse/cusparse_resources.hpp"
#include "cusparse/row_blocks.hpp"

namespace graphrun::cusparse {

// One row block's matrix descriptor with its cuSPARSE workspace. cuSPARSE
// attaches the result of *_preprocess to the matrix descriptor, so each
// configuration gets its own descriptors instead of sharing them (a second
// preprocess with another algorithm or type would otherwise replace the
// first's analysis).
struct BlockPlan {
  RowBlock rows;
  SparseMatrix matrix;
  DeviceVector<std::byte> workspace;
  bool prepared = false;  // workspace sized and *_preprocess done
};

// A product's plan: one BlockPlan per row block, in row order.
struct Plan {
  std::vector<BlockPlan> blocks;
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

// Whether a graph of `entries` stored entries is more than one cuSPARSE call
// is given (RowBlockPolicy::max_entries): SpMV and SpMM then run in row blocks.
bool past_one_call(edge_t entries);

// UsageError for `routine` (e.g. "tc (cuSPARSE SpGEMM)") on a graph past one
// call's entries: the routines that cannot be cut into row blocks.
void require_cusparse_index_range(edge_t entries, const std::string& routine);

// UsageError for a graph whose vertex ids do not fit cuSPARSE's 32-bit
// indices, which are signed (at most 2^31 - 1 vertices), whatever vertex_t is.
void require_cusparse_vertex_range(std::int64_t vertices);

class CusparseGraphState final : public cuda::CudaGraph::Extension {
 public:
  // block_entries: the row blocks' entry limit (smaller in tests only, to
  // exercise several blocks on a small graph).
  CusparseGraphState(const cuda::CudaGraph& graph, const cuda::DeviceContext& context,
                     edge_t block_entries = RowBlockPolicy::max_entries);

  // The plan for `key`, its matrix descriptors created on first use (CSR or
  // COO per `format`); the caller sizes the workspaces and preprocesses.
  Plan& spmv_plan(const SpmvPlanKey& key, SparseFormat format);
  Plan& spmm_plan(const SpmmPlanKey& key);

  std::size_t bytes() const override;

  // 32-bit row offsets of the whole of `edges` (built on first use; the
  // graph must fit one call, require_cusparse_index_range), and its values:
  // the graph's, or ones when !use_weights or the graph has none.
  const std::int32_t* offsets32(Edges edges);
  const float* values(Edges edges, bool use_weights);
  // The row blocks of `edges` (computed on first use).
  const std::vector<RowBlock>& blocks(Edges edges);

 private:
  // Each built on first use. Block b's offsets sit at offsets[first_row + b]
  // (rows + 1 of them, the first 0); its COO row ids at row_ids[first_entry]
  // (relative to first_row).
  struct Adjacency {
    std::vector<RowBlock> blocks;
    DeviceVector<std::int32_t> offsets;        // num_rows + blocks
    DeviceVector<std::int32_t> row_ids;        // num_entries (COO)
    DeviceVector<std::int32_t> whole_offsets;  // num_rows + 1, only when cut into several blocks
  };

  // An undirected graph's in-adjacency is its out-adjacency: one set of arrays.
  Edges canonical(Edges edges) const;
  Adjacency& adjacency(Edges edges);
  const std::int32_t* block_offsets(Edges edges);
  const std::int32_t* block_row_ids(Edges edges);
  std::vector<BlockPlan> make_matrices(Edges edges, SparseFormat format, bool use_weights);

  const cuda::CudaGraph* graph_;
  cuda::DeviceContext context_;
  edge_t block_entries_;
  Adjacency out_;
  Adjacency in_;
  DeviceVector<float> ones_;
  std::map<SpmvPlanKey, Plan> spmv_plans_;
  std::map<SpmmPlanKey, Plan> spmm_plans_;
};

}  // namespace graphrun::cusparse
