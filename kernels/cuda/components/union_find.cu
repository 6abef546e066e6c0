#include <cub/device/device_scan.cuh>
#include <cuda/atomic>

#include <algorithm>
#include <cstdint>
#include <limits>

#include "graphrun/memory.hpp"
#include "cuda/components/union_find.cuh"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/runtime/segment_search.cuh"
#include "cuda/runtime/warp_append.cuh"

namespace graphrun::cuda {

namespace {

struct UnionFindPolicy {
  // Most windowed entries one thread links of a row on its own: a warp's
  // width, so a thread never walks a long row while its warp-mates idle.
  static constexpr edge_t thread_row_limit = 32;
};

using ParentRef = ::cuda::atomic_ref<vertex_t, ::cuda::thread_scope_device>;

__device__ __forceinline__ vertex_t load_parent(vertex_t* parent, vertex_t v) {
  return ParentRef(parent[v]).load(::cuda::std::memory_order_relaxed);
}

__device__ __forceinline__ void store_parent(vertex_t* parent, vertex_t v, vertex_t value) {
  ParentRef(parent[v]).store(value, ::cuda::std::memory_order_relaxed);
}

// The forest as the kernels see it: every parent value read is checked
// against the precondition 0 <= parent[v] <= v before it is followed, so a
// broken input can neither send a walk out of the vector nor round a cycle
// forever. A violation raises `violation` (ForestState::broken, which the
// caller reads when it wants to know) and ends the walk that met it.
// Checking as the kernels read costs a compare per load instead of a
// separate pass over parent and a host read-back before every call.
struct Forest {
  vertex_t* parent;
  std::int32_t* violation;

  // parent[v], or no_vertex (after raising the flag) when it breaks the precondition.
  __device__ __forceinline__ vertex_t checked_parent(vertex_t v) const {
    const vertex_t p = load_parent(parent, v);
    return valid_parent(v, p) ? p : no_vertex;
  }
  // Whether p may be v's parent; raises the flag when not.
  __device__ __forceinline__ bool valid_parent(vertex_t v, vertex_t p) const {
    if (is_vertex(p, v + 1)) return true;  // an id in 0..v
    *violation = 1;
    return false;
  }
};

// Root of v's tree, pointing each vertex passed on the way at its grandparent
// (path splitting); no_vertex if the walk met a broken parent. Safe while
// others link: only roots are hooked, a vertex that is not a root never
// becomes one again, and its grandparent is in the same tree and smaller, so
// the forest keeps its precondition in any order the writes land.
__device__ vertex_t find_root(const Forest& forest, vertex_t v) {
  vertex_t next = forest.checked_parent(v);
  while (next != v) {
    if (next == no_vertex) return no_vertex;
    const vertex_t grand = forest.checked_parent(next);
    if (grand == no_vertex) return no_vertex;
    if (grand != next) store_parent(forest.parent, v, grand);
    v = next;
    next = grand;
  }
  return v;
}

// Joins the trees of a and b, the larger root under the smaller. The CAS only
// succeeds while `high` is a root; when another thread hooked it first, the
// loop climbs again from its new parent. Gives up on a broken forest.
__device__ void unite(const Forest& forest, vertex_t a, vertex_t b) {
  for (;;) {
    a = find_root(forest, a);
    b = find_root(forest, b);
    if (a == b || a == no_vertex || b == no_vertex) return;
    const vertex_t low = a < b ? a : b;
    const vertex_t high = a < b ? b : a;
    vertex_t now = high;
    if (ParentRef(forest.parent[high]).compare_exchange_strong(now, low, ::cuda::std::memory_order_relaxed)) return;
    if (!forest.valid_parent(high, now)) return;
    a = low;
    b = now;  // high's parent now: same tree as high
  }
}

__device__ __forceinline__ edge_t smaller(edge_t a, edge_t b) { return a < b ? a : b; }

// The entries [first, first + count) of each row, clipped to the row.
struct RowWindow {
  const edge_t* offsets;
  edge_t first;
  edge_t count;

  __device__ edge_t begin(vertex_t u) const { return offsets[u] + smaller(first, offsets[u + 1] - offsets[u]); }
  __device__ edge_t end(vertex_t u, edge_t begin) const { return begin + smaller(count, offsets[u + 1] - begin); }
};

// Which windowed entries u -> w are linked: all of them (block_vertices ==
// 0), or only those whose w lies in another block of block_vertices
// consecutive ids than u (link_across_blocks, after local_forest). On a
// symmetric adjacency (an undirected graph) each crossing edge is stored in
// both rows, and its lower entry, in the row of the later block, suffices,
// unless a skip vertex is set: a skipped row's edges are then linked from
// their other end only, so both entries are kept.
struct EntryFilter {
  vertex_t block_vertices;
  bool symmetric;

  // The entries of one row u to keep: every one, or those whose w lies
  // below u's block [first, end) (or above it, unless lower_only). One
  // division a row instead of two an entry.
  struct RowFilter {
    std::int64_t first = 0, end = 0;
    bool every = true, lower_only = false;
    __device__ bool keep(vertex_t w) const { return every || w < first || (!lower_only && w >= end); }
  };

  __device__ RowFilter row(vertex_t u, bool lower_only) const {
    if (block_vertices == 0) return RowFilter{};
    const std::int64_t first = static_cast<std::int64_t>(u / block_vertices) * block_vertices;
    return RowFilter{first, first + block_vertices, false, lower_only};
  }
};

// The rows a pass walks: every row (period 0), or only the bands of rows
// around the block boundaries where an entry can cross one. When no entry
// lies more than `reach` ids from its row, only rows [b * period - reach,
// b * period + reach) for b = 1, 2, ... can cross boundary b * period, and
// with 2 * reach <= period the bands do not meet (reach = period / 8: a
// quarter of the rows). Index i of the walk is row(i); rows beyond the
// last are skipped.
struct RowBands {
  std::int64_t period = 0;
  std::int64_t reach = 0;
  std::int64_t size = 0;  // indices walked

  static RowBands every_row(std::int64_t n) { return RowBands{0, 0, n}; }

  __device__ std::int64_t row(std::int64_t i) const {
    if (period == 0) return i;
    const std::int64_t width = 2 * reach;
    return (i / width + 1) * period - reach + i % width;
  }
  // Whether row(i) lies before its band's boundary: every entry it has
  // across the boundary is an upper one.
  __device__ bool before_boundary(std::int64_t i) const { return period != 0 && i % (2 * reach) < reach; }
};

// Rows set aside for the flat pass: rows[i] with lengths[i] windowed entries.
struct SetAsideRows {
  vertex_t* rows = nullptr;
  edge_t* lengths = nullptr;
  unsigned int* size = nullptr;
};

// How many vertices one thread of compress takes at a time: their walks'
// loads are issued together, so a thread has that many independent misses
// in flight instead of one chain.
constexpr int vertices_per_thread = 4;

// parent[v] = v's root, and *roots += the vertices that are roots (one
// atomic per warp). The walks of a thread's vertices_per_thread vertices
// advance in lockstep, one load each per step, so their misses overlap. The
// walks only read (compress runs alone): with path splitting a walk passing
// through v could write v's grandparent after v's own thread stored the
// root, leaving v uncompressed; splitting would need a second, read-only
// pass over parent to finish, which costs more than it saves.
__global__ void __launch_bounds__(GridStridePolicy::threads_per_block)
    compress_kernel(std::int64_t n, Forest forest, vertex_t* roots) {
  constexpr int batch = vertices_per_thread;
  unsigned int found_roots = 0;
  const std::int64_t tile = static_cast<std::int64_t>(blockDim.x) * batch;
  for (std::int64_t base = blockIdx.x * tile + threadIdx.x; base < n; base += gridDim.x * tile) {
    vertex_t at[batch], first_parent[batch], next[batch];
#pragma unroll
    for (int j = 0; j < batch; ++j) {
      const std::int64_t i = base + static_cast<std::int64_t>(j) * blockDim.x;
      at[j] = static_cast<vertex_t>(i);
      next[j] = i < n ? forest.checked_parent(at[j]) : at[j];  // beyond n: a finished walk
      first_parent[j] = next[j];
    }
    bool walking = true;
    while (walking) {
      walking = false;
#pragma unroll
      for (int j = 0; j < batch; ++j)
        if (next[j] != no_vertex && next[j] != at[j]) {
          at[j] = next[j];
          next[j] = forest.checked_parent(at[j]);
          walking = true;
        }
    }
#pragma unroll
    for (int j = 0; j < batch; ++j) {
      const std::int64_t i = base + static_cast<std::int64_t>(j) * blockDim.x;
      // next == no_vertex: the walk met a broken parent (flag raised).
      if (i < n && next[j] != no_vertex && first_parent[j] != at[j])
        store_parent(forest.parent, static_cast<vertex_t>(i), at[j]);
      found_roots += i < n && at[j] == static_cast<vertex_t>(i) ? 1u : 0u;
    }
  }
  // Every thread of the warp gets here (the grid-stride loop has no early exit).
  const unsigned int warp_roots = __reduce_add_sync(0xffffffffu, found_roots);
  if (threadIdx.x % 32 == 0 && warp_roots != 0) atomicAdd(roots, static_cast<vertex_t>(warp_roots));
}

// Thread per walked row (RowBands). The loop runs while the warp's first
// index is in range, so all 32 lanes take every iteration together and the
// warp-wide append of long rows (one atomic per warp) sees the full warp.
__global__ void __launch_bounds__(GridStridePolicy::threads_per_block)
    link_short_rows_kernel(RowWindow window, EntryFilter filter, RowBands bands, const vertex_t* columns,
                           vertex_t n, const ForestState* state, Forest forest, SetAsideRows set_aside) {
  const vertex_t skip = state->skip;
  const bool lower_only = filter.symmetric && skip == no_vertex;
  const auto lane = static_cast<unsigned>(threadIdx.x % 32);
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i - lane < bands.size;
       i += stride) {
    const std::int64_t row = bands.row(i);
    const auto u = static_cast<vertex_t>(row);
    edge_t begin = 0, end = 0;
    // No skip vertex (no_vertex, which no valid parent equals): no parent
    // load ahead of the row's, one dependent trip less per vertex.
    if (i < bands.size && row < n && !(lower_only && bands.before_boundary(i)) &&
        (skip == no_vertex || load_parent(forest.parent, u) != skip)) {
      begin = window.begin(u);
      end = window.end(u, begin);
    }
    // A long row is only possible when set_aside has room (the host sized it).
    const bool long_row = end - begin > UnionFindPolicy::thread_row_limit;
    const unsigned slot = warp_append_slot(long_row, set_aside.size);
    if (long_row) {
      set_aside.rows[slot] = u;
      set_aside.lengths[slot] = end - begin;
    }
    if (!long_row) {
      const EntryFilter::RowFilter row_filter = filter.row(u, lower_only);
      for (edge_t k = begin; k < end; ++k) {
        const vertex_t w = columns[k];
        if (row_filter.keep(w)) unite(forest, u, w);
      }
    }
  }
}

}  // namespace

namespace {

void link_entries(const DeviceContext& context, const CsrView& rows, const RowWindow& window, EntryFilter filter,
                  const RowBands& bands, edge_t longest_row, std::span<vertex_t> parent, ForestState* state) {
  const vertex_t n = rows.num_rows;
  const edge_t count = window.count;
  if (bands.size == 0 || count == 0 || rows.num_entries == 0) return;
  const Forest forest{parent.data(), &state->broken};

  // Every set-aside row has more than thread_row_limit entries, which bounds
  // how many there can be. Nothing is read back: the flat pass below learns
  // how many rows were set aside, and their entries, from device memory, so
  // the lists are sized (and their lengths scanned) for the bound.
  const auto capacity = static_cast<std::size_t>(
      std::min<edge_t>(n, rows.num_entries / (UnionFindPolicy::thread_row_limit + 1)));
  const bool rows_may_be_long = std::min(count, longest_row) > UnionFindPolicy::thread_row_limit && capacity > 0;
  DeviceVector<vertex_t> long_rows;
  DeviceVector<edge_t> long_lengths;
  DeviceVector<unsigned int> long_row_count;
  SetAsideRows set_aside;
  if (rows_may_be_long) {
    long_rows = DeviceVector<vertex_t>(context.memory, capacity);
    long_lengths = DeviceVector<edge_t>(context.memory, capacity + 1);  // + the scan's total
    long_row_count = DeviceVector<unsigned int>(context.memory, 1);
    // Unused slots scan as empty rows after the last set-aside one.
    GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(long_lengths.data(), 0, (capacity + 1) * sizeof(edge_t), context.stream));
    GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(long_row_count.data(), 0, sizeof(unsigned int), context.stream));
    set_aside = {long_rows.data(), long_lengths.data(), long_row_count.data()};
  }
  link_short_rows_kernel<<<grid_stride_blocks(context, bands.size), GridStridePolicy::threads_per_block, 0,
                           context.stream>>>(window, filter, bands, rows.indices, n, state, forest, set_aside);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  if (!rows_may_be_long) return;

  // starts[i] = flat position of set-aside row i's first entry; starts[capacity]
  // = all their entries, which bounds the flat pass on the device.
  const edge_t* lengths = long_lengths.data();
  DeviceVector<edge_t> long_starts(context.memory, capacity + 1);
  edge_t* starts = long_starts.data();
  run_cub(context, "cub::DeviceScan::ExclusiveSum", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, lengths, starts, static_cast<std::int64_t>(capacity) + 1,
                                         context.stream);
  });

  // One thread per entry of the set-aside rows: neighbouring threads read
  // neighbouring entries of one row, and a hub row spans the whole grid.
  // segment_of finds the last row starting at or before p: the empty rows
  // after the set-aside ones all start at the total, beyond every p.
  const vertex_t* long_row_ids = long_rows.data();
  const vertex_t* columns = rows.indices;
  const unsigned int* row_count = long_row_count.data();
  for_each_index_device_count(context, starts + capacity, rows.num_entries, [=] __device__(std::int64_t p) {
    const std::int64_t row = segment_of(starts, static_cast<std::int64_t>(*row_count), static_cast<edge_t>(p));
    const vertex_t u = long_row_ids[row];
    const vertex_t w = columns[window.begin(u) + (p - starts[row])];
    if (filter.row(u, false).keep(w)) unite(forest, u, w);  // both entries: correct with or without a skip vertex
  });
}

}  // namespace

void link_neighbours(const DeviceContext& context, const CsrView& rows, const RowExtent& extent, edge_t first,
                     edge_t count, std::span<vertex_t> parent, ForestState* state) {
  link_entries(context, rows, RowWindow{rows.offsets, first, count}, EntryFilter{0, false},
               RowBands::every_row(rows.num_rows), extent.longest_row, parent, state);
}

void link_across_blocks(const DeviceContext& context, const CsrView& rows, const RowExtent& extent, bool symmetric,
                        vertex_t block_vertices, std::span<vertex_t> parent, ForestState* state) {
  const std::int64_t reach = extent.longest_reach;
  constexpr edge_t whole_row = std::numeric_limits<edge_t>::max();
  const std::int64_t n = rows.num_rows, period = block_vertices;
  RowBands bands = RowBands::every_row(n);
  if (2 * reach <= period) {
    const std::int64_t boundaries = n > 0 ? (n - 1) / period : 0;  // b * period for b = 1..boundaries lie below n
    bands = RowBands{period, reach, boundaries * 2 * reach};      // reach 0: nothing can cross
  }
  link_entries(context, rows, RowWindow{rows.offsets, 0, whole_row}, EntryFilter{block_vertices, symmetric}, bands,
               extent.longest_row, parent, state);
}

void compress(const DeviceContext& context, std::span<vertex_t> parent, ForestState* state) {
  const auto size = static_cast<std::int64_t>(parent.size());
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(&state->roots, 0, sizeof(vertex_t), context.stream));
  if (size == 0) return;
  const std::int64_t batches = (size + vertices_per_thread - 1) / vertices_per_thread;
  compress_kernel<<<grid_stride_blocks(context, batches), GridStridePolicy::threads_per_block, 0, context.stream>>>(
      size, Forest{parent.data(), &state->broken}, &state->roots);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

}  // namespace graphrun::cuda
