#include "cuda/spmv/formats/coo_column_split/column_split_format.cuh"

#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>

#include <algorithm>

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/spmv/formats/coo/coo_kernels.cuh"
#include "cuda/spmv/common/row_expansion.cuh"
#include "cuda/spmv/dispatch/semiring_list.cuh"

namespace graphrun::cuda::spmv {
namespace {

// Selects the entries whose column lies in [first, last).
struct ColumnInRange {
  const vertex_t* columns;
  vertex_t first;
  vertex_t last;
  __device__ bool operator()(edge_t entry) const {
    const vertex_t column = columns[entry];
    return column >= first && column < last;
  }
};

// Moves entry order[i] of the CSR-ordered COO arrays to position i.
struct GatherEntries {
  const edge_t* order;
  const vertex_t* rows_in;
  const vertex_t* columns_in;
  const float* weights_in;  // nullptr: unweighted
  vertex_t* rows_out;
  vertex_t* columns_out;
  float* weights_out;
  __device__ void operator()(std::int64_t i) const {
    const edge_t entry = order[i];
    rows_out[i] = rows_in[entry];
    columns_out[i] = columns_in[entry];
    if (weights_in != nullptr) weights_out[i] = weights_in[entry];
  }
};

}  // namespace

ColumnSplitFormat::ColumnSplitFormat(const CsrView& csr, int parts, const DeviceContext& context)
    : rows_(context.memory, static_cast<std::size_t>(csr.num_entries)),
      columns_(context.memory, static_cast<std::size_t>(csr.num_entries)),
      weights_(context.memory, csr.values != nullptr ? static_cast<std::size_t>(csr.num_entries) : 0) {
  const std::int64_t count = csr.num_entries;
  const std::int64_t part_count = std::clamp<std::int64_t>(parts, 1, std::max<std::int64_t>(csr.num_cols, 1));
  const std::int64_t width = (static_cast<std::int64_t>(csr.num_cols) + part_count - 1) / part_count;

  // Entry order: part 0's entries in CSR order, then part 1's, ... (CUB's
  // select is stable, so every part stays sorted by row).
  DeviceVector<edge_t> order(context.memory, static_cast<std::size_t>(count));
  DeviceVector<std::int64_t> selected(context.memory, 1);
  std::vector<std::int64_t> part_starts{0};
  for (std::int64_t part = 0; part < part_count; ++part) {
    const ColumnInRange in_part{csr.indices, static_cast<vertex_t>(part * width),
                                static_cast<vertex_t>(std::min<std::int64_t>((part + 1) * width, csr.num_cols))};
    std::int64_t found = 0;
    if (count > 0) {
      run_cub(context, "cub::DeviceSelect::If (column split)", [&](void* temp, std::size_t& temp_bytes) {
        return cub::DeviceSelect::If(temp, temp_bytes, thrust::counting_iterator<edge_t>(0),
                                     order.data() + part_starts.back(), selected.data(), count, in_part,
                                     context.stream);
      });
      found = read_scalar(context, selected.data());
    }
    part_starts.push_back(part_starts.back() + found);
  }
  // Columns outside [0, num_cols) would be in no part: the CSR was validated
  // on upload, so a shortfall is a bug, not bad input.
  if (part_starts.back() != count)
    throw RuntimeError("coo-column-split: " + std::to_string(count - part_starts.back()) +
                       " entries have a column outside [0, " + std::to_string(csr.num_cols) + ")");

  {
    DeviceVector<vertex_t> csr_rows(context.memory, static_cast<std::size_t>(count));
    expand_row_ids(context, csr.offsets, csr.num_rows, csr_rows.data(), count);
    for_each_index(context, count,
                   GatherEntries{order.data(), csr_rows.data(), csr.indices, csr.values, rows_.data(),
                                 columns_.data(), csr.values != nullptr ? weights_.data() : nullptr});
  }

  parts_.reserve(static_cast<std::size_t>(part_count));
  for (std::int64_t part = 0; part < part_count; ++part) {
    const std::int64_t start = part_starts[static_cast<std::size_t>(part)];
    const CooView view{rows_.data() + start, columns_.data() + start,
                       csr.values != nullptr ? weights_.data() + start : nullptr,
                       part_starts[static_cast<std::size_t>(part + 1)] - start};
    parts_.emplace_back(view, context.memory);
  }
}

std::size_t ColumnSplitFormat::bytes() const {
  std::size_t total = rows_.size() * sizeof(vertex_t) + columns_.size() * sizeof(vertex_t) +
                      weights_.size() * sizeof(float);
  for (const SegmentedCoo& part : parts_) total += part.bytes();
  return total;
}

template <class Semiring>
void ColumnSplitFormat::run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
  initialise_selected_rows(context, operands);
  // Every selected row now holds its starting value: each part adds to it.
  const bool weighted = reads_weights<Semiring>(operands.args, operands.csr);
  for (SegmentedCoo& part : parts_)
    part.run<Semiring>(context, operands.x, weighted, row_mask_of(operands.args),
                       RowOutput<Semiring>{operands.y, true});
}

#define GRAPHRUN_INSTANTIATE(S) \
  template void ColumnSplitFormat::run<S>(const DeviceContext&, const SpmvOperands<S>&);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv
