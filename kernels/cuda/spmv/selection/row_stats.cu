#include "cuda/spmv/selection/row_stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

#include "cuda/runtime/check.cuh"
#include "cuda/spmv/selection/row_stats_kernel.cuh"

namespace graphrun::cuda::spmv {
namespace {

// Grid of a statistics kernel over `items` rows or entries (grid-stride).
int stats_blocks(const DeviceContext& context, std::int64_t items) {
  using Policy = RowStatsPolicy;
  const std::int64_t wanted = (items + Policy::threads_per_block - 1) / Policy::threads_per_block;
  const std::int64_t resident = static_cast<std::int64_t>(context.multiprocessors) * Policy::blocks_per_multiprocessor;
  return static_cast<int>(std::clamp<std::int64_t>(wanted, 1, resident));
}

// Fills stats.diagonals when the graph's entries lie on at most
// DiagonalPolicy::max_diagonals diagonals (one more pass over the columns,
// only for graphs whose reach fits the bitmap).
void find_diagonals(const CsrView& csr, const DeviceContext& context, RowStats& stats) {
  DeviceVector<unsigned int> bitmap(context.memory, DiagonalPolicy::bitmap_words);
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(bitmap.data(), 0, bitmap.size() * sizeof(unsigned int), context.stream));
  if (csr.num_entries > 0) {
    diagonal_bitmap_kernel<<<stats_blocks(context, csr.num_rows), RowStatsPolicy::threads_per_block, 0,
                             context.stream>>>(csr.offsets, csr.indices, csr.num_rows, bitmap.data());
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  }
  GRAPHRUN_CUDA_CHECK(cudaStreamSynchronize(context.stream));
  const std::vector<unsigned int> words = bitmap.to_host();
  std::vector<std::int32_t> diagonals;
  for (std::size_t word = 0; word < words.size(); ++word)
    for (unsigned int bit = 0; bit < 32; ++bit) {
      if ((words[word] >> bit & 1u) == 0) continue;
      if (diagonals.size() == static_cast<std::size_t>(DiagonalPolicy::max_diagonals)) return;  // too many
      diagonals.push_back(static_cast<std::int32_t>(word * 32 + bit) -
                          static_cast<std::int32_t>(CompactPolicy::longest_reach));
    }
  stats.diagonals = std::move(diagonals);
}

}  // namespace

RowStats compute_row_stats(const CsrView& csr, const DeviceContext& context) {
  using Policy = RowStatsPolicy;
  RowStats stats;
  stats.num_rows = csr.num_rows;
  stats.num_cols = csr.num_cols;
  stats.num_entries = csr.num_entries;
  stats.length_histogram.assign(Policy::histogram_bins, 0);
  stats.column_histogram.assign(Policy::column_bins, 0);
  if (csr.num_rows == 0) {
    stats.diagonals.emplace();  // none at all
    return stats;
  }

  DeviceVector<unsigned long long> slots(context.memory, RowStatsSlots::count);
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(slots.data(), 0, slots.size() * sizeof(unsigned long long), context.stream));
  row_stats_kernel<<<stats_blocks(context, csr.num_rows), Policy::threads_per_block, 0, context.stream>>>(
      csr.offsets, csr.indices, csr.num_rows, slots.data());
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  DeviceVector<unsigned long long> column_bins(context.memory, Policy::column_bins);
  GRAPHRUN_CUDA_CHECK(
      cudaMemsetAsync(column_bins.data(), 0, column_bins.size() * sizeof(unsigned long long), context.stream));
  if (csr.num_entries > 0 && csr.num_cols > 0) {
    column_histogram_kernel<<<stats_blocks(context, csr.num_entries), Policy::threads_per_block, 0, context.stream>>>(
        csr.indices, csr.num_entries, csr.num_cols, column_bins.data());
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  }
  // The read below must see the kernel's result whatever stream the memory
  // resource copies on.
  GRAPHRUN_CUDA_CHECK(cudaStreamSynchronize(context.stream));
  const std::vector<unsigned long long> host = slots.to_host();
  const std::vector<unsigned long long> host_columns = column_bins.to_host();
  stats.column_histogram.assign(host_columns.begin(), host_columns.end());

  stats.longest_row = static_cast<std::int64_t>(host[RowStatsSlots::longest_row]);
  stats.longest_reach = static_cast<std::int64_t>(host[RowStatsSlots::longest_reach]);
  const double rows = static_cast<double>(csr.num_rows);
  stats.mean_row = static_cast<double>(csr.num_entries) / rows;
  const double mean_square = static_cast<double>(host[RowStatsSlots::sum_of_squares]) / rows;
  stats.stddev_row = std::sqrt(std::max(0.0, mean_square - stats.mean_row * stats.mean_row));
  const std::int64_t nonempty_rows = csr.num_rows - static_cast<std::int64_t>(host[RowStatsSlots::histogram]);
  stats.mean_span = nonempty_rows > 0 ? static_cast<double>(host[RowStatsSlots::sum_of_spans]) /
                                            static_cast<double>(nonempty_rows)
                                      : 0.0;
  for (int bin = 0; bin < Policy::histogram_bins; ++bin)
    stats.length_histogram[static_cast<std::size_t>(bin)] =
        static_cast<std::int64_t>(host[static_cast<std::size_t>(RowStatsSlots::histogram + bin)]);
  if (stats.longest_reach <= CompactPolicy::longest_reach) find_diagonals(csr, context, stats);
  return stats;
}

}  // namespace graphrun::cuda::spmv
