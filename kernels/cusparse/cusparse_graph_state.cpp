#include "cusparse/cusparse_graph_state.hpp"

#include <limits>
#include <string>

#include "graphrun/error.hpp"
#include "cuda/spmv/common/row_expansion.cuh"
#include "cusparse/derived_arrays.hpp"

namespace graphrun::cusparse {
namespace {

// The plan stored under `key`, its descriptor made on first use; a failed
// creation leaves no descriptor-less plan behind.
template <class Key, class MakeMatrix>
Plan& plan_for(std::map<Key, Plan>& plans, const Key& key, MakeMatrix make_matrix) {
  auto [slot, created] = plans.try_emplace(key);
  if (created) {
    try {
      slot->second.matrix = make_matrix();
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

bool needs_64bit_indices(edge_t entries) { return entries > std::numeric_limits<std::int32_t>::max(); }

void require_cusparse_index_range(edge_t entries, const std::string& routine) {
  if (needs_64bit_indices(entries))
    throw UsageError("the cusparse backend runs " + routine + " with 32-bit indices, so on graphs of at most " +
                     std::to_string(std::numeric_limits<std::int32_t>::max()) + " stored entries; this one has " +
                     std::to_string(entries) + " (use --backend cuda)");
}

CusparseGraphState::CusparseGraphState(const cuda::CudaGraph& graph, const cuda::DeviceContext& context)
    : graph_(&graph), context_(context) {}

Edges CusparseGraphState::canonical(Edges edges) const {
  return edges == Edges::in && !graph_->directed() ? Edges::out : edges;
}

CusparseGraphState::Adjacency& CusparseGraphState::adjacency(Edges edges) {
  return canonical(edges) == Edges::in ? in_ : out_;
}

const std::int32_t* CusparseGraphState::offsets32(Edges edges) {
  require_cusparse_index_range(graph_->num_entries(), "this product");
  const cuda::CsrView csr = graph_->view(canonical(edges));
  const std::int64_t count = static_cast<std::int64_t>(csr.num_rows) + 1;
  return built_once(context_.memory, adjacency(edges).offsets, static_cast<std::size_t>(count),
                    [&](std::int32_t* offsets) { convert(context_, csr.offsets, offsets, count); });
}

template <class RowId>
const RowId* CusparseGraphState::row_ids(Edges edges, DeviceVector<RowId>& slot) {
  const cuda::CsrView csr = graph_->view(canonical(edges));
  return built_once(context_.memory, slot, static_cast<std::size_t>(csr.num_entries), [&](RowId* rows) {
    cuda::spmv::expand_row_ids(context_, csr.offsets, csr.num_rows, rows, csr.num_entries);
  });
}

const std::int64_t* CusparseGraphState::columns64(Edges edges) {
  const cuda::CsrView csr = graph_->view(canonical(edges));
  return built_once(context_.memory, adjacency(edges).columns64, static_cast<std::size_t>(csr.num_entries),
                    [&](std::int64_t* columns) { convert(context_, csr.indices, columns, csr.num_entries); });
}

const float* CusparseGraphState::values(Edges edges, bool use_weights) {
  if (use_weights) return graph_->view(canonical(edges)).values;
  // cuSPARSE has no structure-only product: unweighted calls multiply by ones.
  const auto entries = graph_->num_entries();
  return built_once(context_.memory, ones_, static_cast<std::size_t>(entries),
                    [&](float* ones) { fill_ones(context_, ones, entries); });
}

SparseMatrix CusparseGraphState::make_matrix(Edges edges, SparseFormat format, bool use_weights) {
  const cuda::CsrView csr = graph_->view(canonical(edges));
  const float* entry_values = values(edges, use_weights);
  if (needs_64bit_indices(csr.num_entries)) {
    if (format == SparseFormat::coo)
      return make_coo(csr.num_rows, csr.num_cols, csr.num_entries, row_ids(edges, adjacency(edges).row_ids64),
                      columns64(edges), entry_values);
    return make_csr(csr.num_rows, csr.num_cols, csr.num_entries, static_cast<const std::int64_t*>(csr.offsets),
                    columns64(edges), entry_values);
  }
  if (format == SparseFormat::coo)
    return make_coo(csr.num_rows, csr.num_cols, csr.num_entries, row_ids(edges, adjacency(edges).row_ids),
                    csr.indices, entry_values);
  return make_csr(csr.num_rows, csr.num_cols, csr.num_entries, offsets32(edges), csr.indices, entry_values);
}

Plan& CusparseGraphState::spmv_plan(const SpmvPlanKey& key, SparseFormat format) {
  SpmvPlanKey canonical_key = key;
  canonical_key.edges = canonical(key.edges);
  return plan_for(spmv_plans_, canonical_key,
                  [&] { return make_matrix(canonical_key.edges, format, key.use_weights); });
}

Plan& CusparseGraphState::spmm_plan(const SpmmPlanKey& key) {
  SpmmPlanKey canonical_key = key;
  canonical_key.edges = canonical(key.edges);
  return plan_for(spmm_plans_, canonical_key,
                  [&] { return make_matrix(canonical_key.edges, SparseFormat::csr, key.use_weights); });
}

std::size_t CusparseGraphState::bytes() const {
  const auto adjacency_bytes = [](const Adjacency& arrays) {
    return (arrays.offsets.size() + arrays.row_ids.size()) * sizeof(std::int32_t) +
           (arrays.columns64.size() + arrays.row_ids64.size()) * sizeof(std::int64_t);
  };
  std::size_t total = adjacency_bytes(out_) + adjacency_bytes(in_) + ones_.size() * sizeof(float);
  for (const auto& [key, plan] : spmv_plans_) total += plan.workspace.size();
  for (const auto& [key, plan] : spmm_plans_) total += plan.workspace.size();
  return total;
}

}  // namespace graphrun::cusparse
