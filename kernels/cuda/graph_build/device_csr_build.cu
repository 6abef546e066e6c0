#include "cuda/graph_build/device_csr_build.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <cuda/functional>
#include <thrust/iterator/counting_iterator.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <limits>

#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/runtime/segment_search.cuh"

namespace graphrun::cuda {
namespace {

using Key = std::uint64_t;

// Bits of the largest id, at least 1; at most 32.
int id_bits(vertex_t vertices) {
  return vertices > 1 ? static_cast<int>(std::bit_width(static_cast<std::uint32_t>(vertices - 1))) : 1;
}

// Whether sorted position k starts a run of equal keys.
struct RunStart {
  const Key* sorted;
  __device__ bool operator()(edge_t k) const { return k == 0 || sorted[k] != sorted[k - 1]; }
};

struct Counters {
  unsigned long long self_loops;
  unsigned long long overflow_key;  // smallest overflowing key; max: none
};

// Step 1: slot 2i (undirected) or i holds entry i's key, slot 2i + 1 its mirror.
template <class Id>
void expand(const DeviceContext& context, const DeviceEdgeArrays& entries, const BuildPlan& plan, int bits, Key* key,
            float* weight) {
  const Id* us = static_cast<const Id*>(entries.src);
  const Id* vs = static_cast<const Id*>(entries.dst);
  const float* ws = entries.weights;
  const bool undirected = plan.undirected;
  const bool drop = plan.drop_self_loops;
  const float sign = plan.mirror_sign;
  // Every bit set: above every (row << bits | column), in the sorted bits too.
  const Key no_entry = ~Key{0};
  for_each_index(context, static_cast<std::int64_t>(entries.count), [=] __device__(std::int64_t i) {
    const Key u = static_cast<Key>(us[i]), v = static_cast<Key>(vs[i]);
    const bool loop = u == v;
    const std::int64_t slot = undirected ? 2 * i : i;
    key[slot] = loop && drop ? no_entry : (u << bits) | v;
    if (undirected) key[slot + 1] = loop ? no_entry : (v << bits) | u;
    if (weight != nullptr) {
      weight[slot] = ws[i];
      if (undirected) weight[slot + 1] = __fmul_rn(sign, ws[i]);
    }
  });
}

// Steps 1-4; `expanded` runs once the entries are read (a host list's
// upload is handed back there, lowering the peak).
DeviceBuildResult build(const DeviceContext& context, const DeviceEdgeArrays& list, const BuildPlan& plan,
                        const std::function<void()>& expanded) {
  MemoryResource& memory = context.memory;
  const vertex_t n = plan.vertices;
  const auto m = static_cast<std::int64_t>(list.count);
  const bool weighted = list.weights != nullptr;
  const bool undirected = plan.undirected;
  const std::int64_t slots = undirected ? 2 * m : m;
  const int bits = id_bits(n);
  const Key column_mask = (Key{1} << bits) - 1;

  DeviceBuildResult result;
  // 1. Expand.
  DeviceVector<Key> keys(memory, static_cast<std::size_t>(slots)), keys_alt(memory, static_cast<std::size_t>(slots));
  DeviceVector<float> weights(memory, weighted ? static_cast<std::size_t>(slots) : 0),
      weights_alt(memory, weighted ? static_cast<std::size_t>(slots) : 0);
  if (list.id_width == IdWidth::bits64)
    expand<std::int64_t>(context, list, plan, bits, keys.data(), weights.data());
  else
    // 32-bit ids, known to lie in 0..n-1 (the plan's or the device scan's
    // check), read as unsigned: no sign extension, whatever vertex_t is.
    expand<std::uint32_t>(context, list, plan, bits, keys.data(), weights.data());
  if (expanded) expanded();
  // 2. Stable sort by key.
  cub::DoubleBuffer<Key> key_buffers(keys.data(), keys_alt.data());
  cub::DoubleBuffer<float> weight_buffers(weights.data(), weights_alt.data());
  // A row and a column, and one bit more so that no_entry sorts last; 64
  // bits at 32-bit ids, where no real key has every bit set.
  const int end_bit = std::min(2 * bits + 1, 64);
  if (slots > 0) {
    if (weighted)
      run_cub(context, "cub::DeviceRadixSort::SortPairs", [&](void* temp, std::size_t& temp_bytes) {
        return cub::DeviceRadixSort::SortPairs(temp, temp_bytes, key_buffers, weight_buffers, slots, 0, end_bit,
                                               context.stream);
      });
    else
      run_cub(context, "cub::DeviceRadixSort::SortKeys", [&](void* temp, std::size_t& temp_bytes) {
        return cub::DeviceRadixSort::SortKeys(temp, temp_bytes, key_buffers, slots, 0, end_bit, context.stream);
      });
  }
  const Key* sorted = key_buffers.Current();
  const float* sorted_weights = weighted ? weight_buffers.Current() : nullptr;

  // Slots without an entry sort last: the host counted them.
  const std::int64_t loops = static_cast<std::int64_t>(plan.file_self_loops);
  const std::int64_t empty_slots = plan.drop_self_loops ? loops * (undirected ? 2 : 1) : (undirected ? loops : 0);
  const std::int64_t valid = slots - empty_slots;
  result.scattered = static_cast<std::uint64_t>(valid);

  // 3. Run heads: the positions k where a run of equal keys starts, selected
  // into the sort's spare buffer (free now, and as wide as a position).
  static_assert(sizeof(Key) == sizeof(edge_t));
  edge_t* run_start = reinterpret_cast<edge_t*>(key_buffers.Alternate());
  DeviceVector<edge_t> run_count(memory, 1);
  run_cub(context, "cub::DeviceSelect::If", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceSelect::If(temp, temp_bytes, thrust::counting_iterator<edge_t>(0), run_start, run_count.data(),
                                 valid, RunStart{sorted}, context.stream);
  });
  const edge_t entries = read_scalar(context, run_count.data());

  // 4. One thread per run (entry i): its column, its folded weight, and
  // when it ends a row r, row_end[r + 1] = i + 1; offsets are then the
  // running maximum of those ends (a row without entries takes the end of
  // the row before it, offsets[0] = 0).
  DeviceVector<vertex_t> columns(memory, static_cast<std::size_t>(entries));
  DeviceVector<float> merged(memory, weighted ? static_cast<std::size_t>(entries) : 0);
  DeviceVector<edge_t> offsets(memory, static_cast<std::size_t>(n) + 1);
  DeviceVector<Counters> counters(memory, 1);
  {
    const Counters start{0, std::numeric_limits<unsigned long long>::max()};
    memory.copy(counters.data(), &start, sizeof start, CopyKind::host_to_backend);
    edge_t* row_end = offsets.data();
    for_each_index(context, static_cast<std::int64_t>(n) + 1, [=] __device__(std::int64_t r) { row_end[r] = 0; });
    vertex_t* column_out = columns.data();
    float* weight_out = merged.data();
    Counters* counter = counters.data();
    const DuplicatePolicy policy = plan.duplicates;
    for_each_index(context, entries, [=] __device__(std::int64_t i) {
      const edge_t first = run_start[i];
      const edge_t end = i + 1 < entries ? run_start[i + 1] : valid;
      const Key key = sorted[first];
      const auto row = static_cast<vertex_t>(key >> bits), column = static_cast<vertex_t>(key & column_mask);
      column_out[i] = column;
      if (row == column) atomicAdd(&counter->self_loops, 1ull);
      if (end == valid || static_cast<vertex_t>(sorted[end] >> bits) != row) row_end[row + 1] = i + 1;
      if (sorted_weights == nullptr) return;
      float kept = sorted_weights[first];
      for (edge_t j = first + 1; j < end; ++j) {
        const float next = sorted_weights[j];
        const float folded = merge_duplicate_weight(policy, kept, next);
        if (isinf(folded) && isfinite(kept) && isfinite(next)) atomicMin(&counter->overflow_key, key);
        kept = folded;
      }
      weight_out[i] = kept;
    });
  }
  run_cub(context, "cub::DeviceScan::InclusiveScan", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceScan::InclusiveScan(temp, temp_bytes, offsets.data(), offsets.data(), ::cuda::maximum<>{},
                                          static_cast<std::int64_t>(n) + 1, context.stream);
  });

  const Counters counted = read_scalar(context, counters.data());
  result.self_loops = counted.self_loops;
  if (counted.overflow_key != std::numeric_limits<unsigned long long>::max()) {
    result.overflow = true;
    result.overflow_row = static_cast<vertex_t>(counted.overflow_key >> bits);
    result.overflow_column = static_cast<vertex_t>(counted.overflow_key & column_mask);
  }
  result.csr.offsets = std::move(offsets);
  result.csr.indices = std::move(columns);
  result.csr.values = std::move(merged);
  return result;
}

}  // namespace

std::size_t device_build_bytes(std::size_t entries, vertex_t vertices, bool weighted, bool undirected, bool uploaded) {
  const std::size_t slots = undirected ? 2 * entries : entries;
  const std::size_t weight = weighted ? 4 : 0;
  // The uploaded list; keys and weights twice (sort buffers; the spare key
  // buffer then holds the run starts); result columns and weights; offsets.
  return (uploaded ? entries * (8 + weight) : 0) + slots * (2 * (8 + weight) + 4 + weight) +
         (static_cast<std::size_t>(vertices) + 1) * sizeof(edge_t) + (std::size_t{64} << 20);
}

DeviceBuildResult build_csr_on_device(const DeviceContext& context, const DeviceEdgeArrays& entries, const BuildPlan& plan) {
  return build(context, entries, plan, {});
}

DeviceBuildResult build_csr_on_device(const DeviceContext& context, const EdgeList& edges, const BuildPlan& plan) {
  MemoryResource& memory = context.memory;
  DeviceVector<vertex_t> src(memory, std::span<const vertex_t>(edges.src));
  DeviceVector<vertex_t> dst(memory, std::span<const vertex_t>(edges.dst));
  DeviceVector<float> weights(memory, std::span<const float>(edges.weights));
  DeviceEdgeArrays entries;
  entries.src = src.data();
  entries.dst = dst.data();
  entries.weights = edges.weighted() ? weights.data() : nullptr;
  entries.count = edges.size();
  return build(context, entries, plan, [&] {  // stream-ordered: the expansion has been queued
    src = {};
    dst = {};
    weights = {};
  });
}

OwnedDeviceCsr transpose_on_device(const DeviceContext& context, const DeviceCsrArrays& csr) {
  const vertex_t n = csr.num_vertices;
  const edge_t entries = csr.num_entries;
  // The row of every entry, then the entries as (column, row) pairs: built
  // like a directed list, they come out in the transpose's order.
  DeviceVector<vertex_t> rows(context.memory, static_cast<std::size_t>(entries));
  {
    const edge_t* offsets = csr.offsets;
    vertex_t* row_of = rows.data();
    for_each_index(context, entries, [=] __device__(std::int64_t k) {
      row_of[k] = static_cast<vertex_t>(segment_of(offsets, static_cast<std::int64_t>(n) + 1, static_cast<edge_t>(k)));
    });
  }
  BuildPlan plan;
  plan.vertices = n;
  DeviceEdgeArrays swapped;
  swapped.src = csr.indices;
  swapped.dst = rows.data();
  swapped.weights = csr.values;
  swapped.count = static_cast<std::size_t>(entries);
  return build(context, swapped, plan, [&] {}).csr;
}

}  // namespace graphrun::cuda
