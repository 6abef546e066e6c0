// Host-side dispatch of label_mode: the row pass finishes rows of <= 8
// neighbours and lists the others by class (row_classes.hpp); each class
// that can hold rows (the longest neighbourhood bounds which) runs the
// kernel shaped for it (label_mode_kernels.cuh), reading its list's length
// on the device. Only where a row may be huge is there a read-back: the
// huge rows' grids (and, when the labels are counted, their staging and
// table pool) are sized by the counts, and the other classes run beside
// them on a second stream (DeviceContext::beside). Over a stencil copy's
// diagonal masks, one kernel takes every row (diagonal_rows_kernel.cuh).
#include "cuda/label_mode/label_mode.cuh"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>

#include "graphrun/memory.hpp"
#include "cuda/label_mode/diagonal_rows_kernel.cuh"
#include "cuda/label_mode/huge_rows_kernels.cuh"
#include "cuda/label_mode/label_keys.hpp"
#include "cuda/label_mode/label_mode_kernels.cuh"
#include "cuda/label_mode/neighbour_rows.cuh"
#include "cuda/label_mode/row_classes.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/spmv/common/mask_type.hpp"

namespace graphrun::cuda {

namespace {

using namespace label_mode_detail;

// Device buffers the row pass fills, each sized by the bound of
// row_class_capacity (no count is known before the pass; an empty list
// means the class cannot occur).
struct ClassBuffers {
  std::array<DeviceVector<vertex_t>, listed_class_count> lists;
  DeviceVector<unsigned long long> huge_best;
  DeviceVector<unsigned long long> huge_pairs;
  DeviceVector<ChunkRun> huge_runs;
  DeviceVector<unsigned long long> huge_table_begin;
  DeviceVector<HugeChunk> huge_chunks;
  DeviceVector<ClassCounters> counters;

  ClassBuffers(MemoryResource& memory, vertex_t n, edge_t entries, edge_t longest) {
    for (int c = 0; c < listed_class_count; ++c)
      lists[c] = DeviceVector<vertex_t>(
          memory, static_cast<std::size_t>(row_class_capacity(static_cast<RowClass>(c), n, entries, longest)));
    const std::size_t huge_capacity = lists[huge].size();
    huge_best = DeviceVector<unsigned long long>(memory, huge_capacity);
    huge_pairs = DeviceVector<unsigned long long>(memory, huge_capacity);
    huge_runs = DeviceVector<ChunkRun>(memory, huge_capacity);
    huge_table_begin = DeviceVector<unsigned long long>(memory, huge_capacity);
    // A huge row of k entries has ceil(k / block_chunk_entries) <=
    // k / block_chunk_entries + 1 chunks.
    if (huge_capacity > 0)
      huge_chunks = DeviceVector<HugeChunk>(
          memory, static_cast<std::size_t>(entries / block_chunk_entries) + huge_capacity);
    counters = DeviceVector<ClassCounters>(memory, 1);
  }

  // Whether the longest neighbourhood allows a huge row (its list has room).
  bool may_hold_huge_rows() const { return lists[huge].size() > 0; }

  ClassLists device_view() {
    ClassLists view{};
    for (int c = 0; c < listed_class_count; ++c) view.rows[c] = lists[c].data();
    view.huge_best = huge_best.data();
    view.huge_pairs = huge_pairs.data();
    view.huge_runs = huge_runs.data();
    view.huge_chunks = huge_chunks.data();
    view.counters = counters.data();
    return view;
  }
};

// The shared-table kernels fit table_blocks_per_multiprocessor blocks on an
// SM only with a large shared-memory carveout: asked for explicitly so that
// occupancy does not rest on the driver's default split.
template <class Kernel>
void prefer_shared_memory(Kernel* kernel) {
  GRAPHRUN_CUDA_CHECK(
      cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxShared));
}

// A staged-rows kernel (rows of at most kWidest neighbours) over `c`'s list.
template <int kWidest>
void run_staged_rows(const DeviceContext& context, NeighbourRows rows, const ClassBuffers& buffers, RowClass c,
                     const vertex_t* labels, vertex_t* out) {
  using Shape = StagedRowsShape<kWidest>;
  const auto capacity = static_cast<std::int64_t>(buffers.lists[c].size());
  if (capacity == 0) return;
  // 32 listed rows a warp: as many blocks as the list's capacity needs, up
  // to those resident at once (the kernel reads the true count itself).
  const int blocks = capped_grid_blocks(context, capacity, Shape::threads, Shape::blocks_per_multiprocessor);
  // No carveout request here: the driver's choice leaves more L1 to cache
  // the label gathers.
  staged_rows_kernel<kWidest><<<blocks, Shape::threads, 0, context.stream>>>(
      rows, buffers.lists[c].data(), &buffers.counters.data()->rows[c], labels, out);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

// A shared-table kernel over `c`'s list, `rows_per_block` rows a block at
// once: a grid for as many rows as the list can hold, up to the blocks
// resident at once (`resident` an SM, the kernel's launch bound). Not
// more: the groups claim their rows, and a second wave of blocks would
// only start once the first had taken every row.
template <class Kernel>
void run_table_rows(const DeviceContext& context, Kernel* kernel, NeighbourRows rows, ClassBuffers& buffers,
                    RowClass c, std::int64_t rows_per_block, int resident, const vertex_t* labels, vertex_t* out) {
  const auto capacity = static_cast<std::int64_t>(buffers.lists[c].size());
  if (capacity == 0) return;
  prefer_shared_memory(kernel);
  kernel<<<capped_grid_blocks(context, capacity, rows_per_block, resident), threads_per_block, 0,
           context.stream>>>(rows, buffers.lists[c].data(), &buffers.counters.data()->rows[c],
                             &buffers.counters.data()->cursors[c], labels, out);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

// Each huge row's best key becomes its label.
void store_huge_rows(const DeviceContext& context, const ClassBuffers& buffers, std::int64_t row_count,
                     vertex_t* out) {
  const vertex_t* row_of_slot = buffers.lists[huge].data();
  const unsigned long long* best = buffers.huge_best.data();
  for_each_index(context, row_count, [=] __device__(std::int64_t slot) {
    out[row_of_slot[slot]] = label_of_key(best[slot]);
  });
}

// huge_count_kernel over the `chunk_total` listed chunks, a block per chunk.
template <class Count>
void count_huge_chunks(const DeviceContext& context, NeighbourRows rows, const HugeRows& huge_rows,
                       std::int64_t chunk_total, ClassBuffers& buffers, const vertex_t* labels) {
  const auto kernel = huge_count_kernel<Count>;
  prefer_shared_memory(kernel);
  kernel<<<capped_grid_blocks(context, chunk_total, 1, table_blocks_per_multiprocessor), threads_per_block, 0,
           context.stream>>>(rows, huge_rows, chunk_total, &buffers.counters.data()->cursors[huge], labels);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

// Huge rows whose labels each count once: every chunk offers its best key
// to its row's, with nothing staged or merged.
void run_huge_rows_counted_once(const DeviceContext& context, NeighbourRows rows, ClassBuffers& buffers,
                                const ClassCounters& counts, const vertex_t* labels, vertex_t* out) {
  const HugeRows huge_rows{.chunks = buffers.huge_chunks.data(), .best = buffers.huge_best.data()};
  count_huge_chunks<Counting<true>>(context, rows, huge_rows, static_cast<std::int64_t>(counts.huge_chunks), buffers,
                                    labels);
  store_huge_rows(context, buffers, static_cast<std::int64_t>(counts.rows[huge]), out);
}

// Huge rows (huge_rows_kernels.cuh), now that the row pass's counts are
// known: chunks counted and staged, rows of few pairs merged (and global
// tables for the rows of many), their chunks merged, then each row's best
// key becomes its label.
void run_huge_rows(const DeviceContext& context, NeighbourRows rows, ClassBuffers& buffers,
                   const ClassCounters& counts, const vertex_t* labels, vertex_t* out) {
  const auto row_count = static_cast<std::int64_t>(counts.rows[huge]);
  const auto chunk_total = static_cast<std::int64_t>(counts.huge_chunks);
  const auto staged_slots = static_cast<std::size_t>(chunk_total) * block_chunk_entries;
  DeviceVector<unsigned long long> staged(context.memory, staged_slots);
  DeviceVector<std::uint32_t> chunk_pairs(context.memory, static_cast<std::size_t>(chunk_total));
  // A row's pairs are at most its entries, so its table at most
  // global_table_slots(its chunks x block_chunk_entries): this pool holds
  // every table even when all are needed (the first round of label
  // propagation); only what kernel 2 hands out is ever written.
  DeviceVector<unsigned long long> tables(context.memory, 2 * staged_slots);
  ClassCounters* counters = buffers.counters.data();
  const HugeRows huge_rows{buffers.huge_chunks.data(),
                           buffers.huge_runs.data(),
                           staged.data(),
                           chunk_pairs.data(),
                           buffers.huge_pairs.data(),
                           buffers.huge_table_begin.data(),
                           tables.data(),
                           &counters->huge_tables_used,
                           buffers.huge_best.data()};
  count_huge_chunks<Counting<false>>(context, rows, huge_rows, chunk_total, buffers, labels);
  prefer_shared_memory(huge_rows_kernel);
  huge_rows_kernel<<<capped_grid_blocks(context, row_count, 1, table_blocks_per_multiprocessor), threads_per_block,
                     0, context.stream>>>(huge_rows, row_count);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  huge_merge_kernel<<<capped_grid_blocks(context, chunk_total, 1, merge_blocks_per_multiprocessor),
                      threads_per_block, 0, context.stream>>>(huge_rows, chunk_total);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  store_huge_rows(context, buffers, row_count, out);
}

// The classes past the row pass. Each class writes only its own rows, so
// they may run side by side. Where a row may be huge, the host reads the
// counters back to size the huge rows' grids; the other classes are queued
// before that, on `others` (the stream beside, where there is one), so the
// GPU works through them while the host waits for the row pass alone, and
// the huge rows' kernels then run beside them, sharing the SMs as their
// claimed walks free them.
template <bool kCountedOnce>
void run_classes(const DeviceContext& context, const DeviceContext& others, NeighbourRows rows,
                 ClassBuffers& buffers, const vertex_t* labels, vertex_t* out) {
  using Count = Counting<kCountedOnce>;
  run_staged_rows<short_row_limit>(others, rows, buffers, short_rows, labels, out);
  run_staged_rows<wide_row_limit>(others, rows, buffers, wide_rows, labels, out);
  run_table_rows(others, medium_rows_kernel<Count>, rows, buffers, medium, warps_per_block,
                 medium_blocks_per_multiprocessor, labels, out);
  run_table_rows(others, block_rows_kernel<Count>, rows, buffers, block, 1, table_blocks_per_multiprocessor, labels,
                 out);
  if (!buffers.may_hold_huge_rows()) return;
  // The counts read here (the huge rows' and their chunks') are final once
  // the row pass ends; the claim cursors copied with them may be moving.
  ClassCounters counts{};
  context.memory.copy(&counts, buffers.counters.data(), sizeof(counts), CopyKind::backend_to_host);
  if (counts.rows[huge] == 0) return;
  if constexpr (kCountedOnce)
    run_huge_rows_counted_once(context, rows, buffers, counts, labels, out);
  else
    run_huge_rows(context, rows, buffers, counts, labels, out);
}

// The diagonal-rows kernel with a kWidth-wide network over masks of Mask.
template <class Mask, int kWidth>
void run_diagonal_rows(const DeviceContext& context, const DiagonalRows& rows, const vertex_t* labels,
                       vertex_t* out) {
  using Shape = DiagonalRowsShape<kWidth>;
  const int blocks = capped_grid_blocks(context, rows.rows, Shape::threads, Shape::blocks_per_multiprocessor);
  diagonal_rows_kernel<Mask, kWidth><<<blocks, Shape::threads, 0, context.stream>>>(
      static_cast<const Mask*>(rows.masks), rows.rows, diagonal_distances(rows), labels, out);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

}  // namespace

void label_mode(const DeviceContext& context, const DiagonalRows& rows, std::span<const vertex_t> labels,
                std::span<vertex_t> out) {
  if (rows.rows == 0) return;
  // The network holds a label per diagonal, rounded up to a multiple of 4
  // (a 27-point mesh's 26 diagonals: 28, 161 comparators instead of 32's
  // 191), so ten instances cover masks of 1, 2 and 4 bytes.
  const int width = std::max(8, (rows.diagonals + 3) / 4 * 4);
  spmv::with_mask_type(rows.mask_bytes, [&](auto mask) {
    using Mask = decltype(mask);
    const auto run = [&]<int kWidth>() { run_diagonal_rows<Mask, kWidth>(context, rows, labels.data(), out.data()); };
    if constexpr (sizeof(Mask) == 1) {
      run.template operator()<8>();
    } else if constexpr (sizeof(Mask) == 2) {
      if (width <= 12) run.template operator()<12>();
      else run.template operator()<16>();
    } else {
      switch (width) {
        case 8: return run.template operator()<8>();
        case 12: return run.template operator()<12>();
        case 16: return run.template operator()<16>();
        case 20: return run.template operator()<20>();
        case 24: return run.template operator()<24>();
        case 28: return run.template operator()<28>();
        default: return run.template operator()<32>();
      }
    }
  });
}

void label_mode(const DeviceContext& context, const CsrView& first, const CsrView* second, edge_t longest,
                std::span<const vertex_t> labels, std::span<vertex_t> out, LabelSet labels_are) {
  const vertex_t n = first.num_rows;
  if (n == 0) return;
  const edge_t entries = first.num_entries + (second ? second->num_entries : 0);
  const vertex_t* label = labels.data();
  vertex_t* result = out.data();
  if (entries == 0) {
    GRAPHRUN_CUDA_CHECK(cudaMemcpyAsync(result, label, sizeof(vertex_t) * static_cast<std::size_t>(n),
                                        cudaMemcpyDeviceToDevice, context.stream));
    return;
  }
  const NeighbourRows rows(first, second);

  ClassBuffers buffers(context.memory, n, entries, longest);
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(buffers.counters.data(), 0, sizeof(ClassCounters), context.stream));
  const std::int64_t pass_blocks = (static_cast<std::int64_t>(n) + threads_per_block - 1) / threads_per_block;
  row_pass_kernel<<<static_cast<unsigned int>(pass_blocks), threads_per_block, 0, context.stream>>>(
      rows, n, label, result, buffers.device_view());
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  // Only a read-back leaves the GPU idle for the stream beside to fill.
  std::optional<Fork> fork;
  if (buffers.may_hold_huge_rows() && context.beside != nullptr) fork.emplace(*context.beside, context.stream);
  const DeviceContext others = fork ? context.on_stream(fork->side()) : context;
  // Distinct labels count once each in a row of a single adjacency (its
  // entries are distinct); a second adjacency may repeat a neighbour.
  if (labels_are == LabelSet::distinct && second == nullptr)
    run_classes<true>(context, others, rows, buffers, label, result);
  else
    run_classes<false>(context, others, rows, buffers, label, result);
  if (fork) fork->join();
}

}  // namespace graphrun::cuda
