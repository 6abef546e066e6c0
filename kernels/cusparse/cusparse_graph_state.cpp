#include "cusparse/cusparse_graph_state.hpp"

#include <cstdint>
#include <limits>
#include <string>

#include "graphrun/error.hpp"
#include "cuda/spmv/common/row_expansion.cuh"
#include "cusparse/derived_arrays.hpp"

namespace graphrun::cusparse {
namespace {

// The plan stored under `key`, its block descriptors made on first use; a
// failed creation leaves no descriptor-less plan behind.
template <class Key, class MakeMatrices>
Plan& plan_for(std::map<Key, Plan>& plans, const Key& key, MakeMatrices make_matrices) {
  auto [slot, created] = plans.try_emplace(key);
  if (created) {
    try {
      slot->second.blocks = make_matrices();
    } catch (...) {
      plans.erase(slot);
      throw;
    }
  }
  return slot->second;
}

// `array`, allocated in `memory` with `count` elements and filled by
// fill(data) the first time it is asked for (with count 0 it stays empty).
template <class T, class Fill>
const T* built_once(MemoryResource& memory, DeviceVector<T>& array, std::size_t count, Fill fill) {
  if (array.empty() && count > 0) {
    array = DeviceVector<T>(memory, count);
    fill(array.data());
  }
  return array.data();
}

}  // namespace

bool past_one_call(edge_t entries) { return entries > RowBlockPolicy::max_entries; }

void require_cusparse_index_range(edge_t entries, const std::string& routine) {
  if (past_one_call(entries))
    throw UsageError("the cusparse backend runs " + routine + " in one 32-bit cuSPARSE call, so on graphs of at most " +
                     std::to_string(RowBlockPolicy::max_entries) + " stored entries; this one has " +
                     std::to_string(entries) + " (use --backend cuda)");
}

void require_cusparse_vertex_range(std::int64_t vertices) {
  constexpr std::int64_t most = std::numeric_limits<std::int32_t>::max();
  if (vertices > most)
    throw UsageError("the cusparse backend passes vertex ids as cuSPARSE's signed 32-bit indices, so it runs on "
                     "graphs of at most " + std::to_string(most) + " vertices; this one has " +
                     std::to_string(vertices) + " (use --backend cuda)");
}

CusparseGraphState::CusparseGraphState(const cuda::CudaGraph& graph, const cuda::DeviceContext& context,
                                       edge_t block_entries)
    : graph_(&graph), context_(context), block_entries_(block_entries) {
  require_cusparse_vertex_range(graph.num_vertices());
}

Edges CusparseGraphState::canonical(Edges edges) const {
  return edges == Edges::in && !graph_->directed() ? Edges::out : edges;
}

CusparseGraphState::Adjacency& CusparseGraphState::adjacency(Edges edges) {
  return canonical(edges) == Edges::in ? in_ : out_;
}

const std::vector<RowBlock>& CusparseGraphState::blocks(Edges edges) {
  Adjacency& arrays = adjacency(edges);
  if (arrays.blocks.empty()) {
    const cuda::CsrView csr = graph_->view(canonical(edges));
    arrays.blocks = row_blocks(
        csr.num_rows,
        [&](std::int64_t row) {
          edge_t offset = 0;
          context_.memory.copy(&offset, csr.offsets + row, sizeof offset, CopyKind::backend_to_host);
          return offset;
        },
        block_entries_);
  }
  return arrays.blocks;
}

const std::int32_t* CusparseGraphState::block_offsets(Edges edges) {
  const cuda::CsrView csr = graph_->view(canonical(edges));
  const std::vector<RowBlock>& row_ranges = blocks(edges);
  const auto count = static_cast<std::size_t>(csr.num_rows) + row_ranges.size();
  return built_once(context_.memory, adjacency(edges).offsets, count, [&](std::int32_t* offsets) {
    for (std::size_t b = 0; b < row_ranges.size(); ++b) {
      const RowBlock& block = row_ranges[b];
      convert(context_, csr.offsets + block.first_row, offsets + block.first_row + static_cast<std::int64_t>(b),
              block.rows + 1, block.first_entry);
    }
  });
}

const std::int32_t* CusparseGraphState::block_row_ids(Edges edges) {
  const cuda::CsrView csr = graph_->view(canonical(edges));
  const std::vector<RowBlock>& row_ranges = blocks(edges);
  return built_once(context_.memory, adjacency(edges).row_ids, static_cast<std::size_t>(csr.num_entries),
                    [&](std::int32_t* rows) {
                      // Block-local row ids, below 2^31: the same bits as cuSPARSE's int32.
                      auto* ids = reinterpret_cast<vertex_t*>(rows);
                      for (const RowBlock& block : row_ranges)
                        cuda::spmv::expand_row_ids(context_, csr.offsets + block.first_row, block.rows,
                                                   ids + block.first_entry, block.entries);
                    });
}

const std::int32_t* CusparseGraphState::offsets32(Edges edges) {
  require_cusparse_index_range(graph_->num_entries(), "this product");
  if (blocks(edges).size() == 1) return block_offsets(edges);  // the same array
  // Several blocks (a test's smaller limit): the whole graph's own offsets.
  const cuda::CsrView csr = graph_->view(canonical(edges));
  const std::int64_t count = static_cast<std::int64_t>(csr.num_rows) + 1;
  return built_once(context_.memory, adjacency(edges).whole_offsets, static_cast<std::size_t>(count),
                    [&](std::int32_t* offsets) { convert(context_, csr.offsets, offsets, count); });
}

const float* CusparseGraphState::values(Edges edges, bool use_weights) {
  const float* stored = graph_->view(canonical(edges)).values;
  if (use_weights && stored != nullptr) return stored;
  // cuSPARSE has no structure-only product: unweighted calls, and every call
  // on a pattern graph (no stored values), multiply by ones.
  const auto entries = graph_->num_entries();
  return built_once(context_.memory, ones_, static_cast<std::size_t>(entries),
                    [&](float* ones) { fill_ones(context_, ones, entries); });
}

std::vector<BlockPlan> CusparseGraphState::make_matrices(Edges edges, SparseFormat format, bool use_weights) {
  const cuda::CsrView csr = graph_->view(canonical(edges));
  if (format == SparseFormat::coo)  // before any array is built for a refused plan
    for (const RowBlock& block : blocks(edges))
      if (!block.aligned())
        throw UsageError("cuSPARSE's COO algorithms need each row block to start at a multiple of " +
                         std::to_string(RowBlockPolicy::alignment) + " entries, and this graph has no row boundary "
                         "at one near entry " + std::to_string(block.first_entry) +
                         " (use --spmv-kernel csr-alg1 or csr-alg2)");
  const float* entry_values = values(edges, use_weights);
  const std::int32_t* offsets = format == SparseFormat::csr ? block_offsets(edges) : nullptr;
  const std::int32_t* rows = format == SparseFormat::coo ? block_row_ids(edges) : nullptr;
  std::vector<BlockPlan> plans;
  std::int64_t index = 0;
  for (const RowBlock& block : blocks(edges)) {
    const std::int32_t* columns = cusparse_indices(csr.indices + block.first_entry);
    const float* block_values = entry_values + block.first_entry;
    BlockPlan plan;
    plan.rows = block;
    if (format == SparseFormat::coo)
      plan.matrix =
          make_coo(block.rows, csr.num_cols, block.entries, rows + block.first_entry, columns, block_values);
    else
      plan.matrix = make_csr(block.rows, csr.num_cols, block.entries, offsets + block.first_row + index, columns,
                             block_values);
    plans.push_back(std::move(plan));
    ++index;
  }
  return plans;
}

Plan& CusparseGraphState::spmv_plan(const SpmvPlanKey& key, SparseFormat format) {
  SpmvPlanKey canonical_key = key;
  canonical_key.edges = canonical(key.edges);
  return plan_for(spmv_plans_, canonical_key,
                  [&] { return make_matrices(canonical_key.edges, format, key.use_weights); });
}

Plan& CusparseGraphState::spmm_plan(const SpmmPlanKey& key) {
  SpmmPlanKey canonical_key = key;
  canonical_key.edges = canonical(key.edges);
  return plan_for(spmm_plans_, canonical_key,
                  [&] { return make_matrices(canonical_key.edges, SparseFormat::csr, key.use_weights); });
}

std::size_t CusparseGraphState::bytes() const {
  const auto adjacency_bytes = [](const Adjacency& arrays) {
    return (arrays.offsets.size() + arrays.row_ids.size() + arrays.whole_offsets.size()) * sizeof(std::int32_t);
  };
  const auto workspace_bytes = [](const Plan& plan) {
    std::size_t bytes = 0;
    for (const BlockPlan& block : plan.blocks) bytes += block.workspace.size();
    return bytes;
  };
  std::size_t total = adjacency_bytes(out_) + adjacency_bytes(in_) + ones_.size() * sizeof(float);
  for (const auto& [key, plan] : spmv_plans_) total += workspace_bytes(plan);
  for (const auto& [key, plan] : spmm_plans_) total += workspace_bytes(plan);
  return total;
}

}  // namespace graphrun::cusparse
