#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>

#include <cuda/functional>

#include <cstdint>

#include "cuda/components/skip_root.cuh"
#include "cuda/runtime/check.cuh"

namespace graphrun::cuda {

namespace {

// One block sorts the sampled values and ranks each run of equal values by
// its length (skip_root_rank); a max-reduction takes the best run.
constexpr int skip_root_threads = static_cast<int>(max_root_samples);

// The threads beyond `samples` hold n, above every vertex id, so they sort
// after every sampled value and need no more key bits than the ids.
__global__ void __launch_bounds__(skip_root_threads)
    pick_skip_root_kernel(const vertex_t* parent, vertex_t n, std::uint32_t samples, ForestState* state) {
  using Sort = cub::BlockRadixSort<std::uint32_t, skip_root_threads, 1>;
  using Reduce = cub::BlockReduce<std::uint64_t, skip_root_threads>;
  __shared__ union {
    typename Sort::TempStorage sort;
    typename Reduce::TempStorage reduce;
  } temp;
  __shared__ std::uint32_t sorted[skip_root_threads];

  const auto i = static_cast<std::uint32_t>(threadIdx.x);
  const auto unsampled = static_cast<std::uint32_t>(n);
  // A parent value is an id in [0, n) on any forest the primitives accept;
  // anything else is clamped to `unsampled` rather than sorted on bits the
  // sort does not look at.
  std::uint32_t value[1] = {unsampled};
  if (i < samples && n > 0) {
    const auto sampled = static_cast<std::uint32_t>(parent[sampled_vertex(i, n)]);
    if (sampled < unsampled) value[0] = sampled;
  }
  // Only the bits an id below n can have: 22 on 4M vertices, not 32.
  Sort(temp.sort).Sort(value, 0, 32 - __clz(static_cast<int>(unsampled)));
  sorted[i] = value[0];
  __syncthreads();

  // The first thread of each run counts it: the run ends where the sorted
  // values first exceed it (a binary search of the block's shared copy).
  std::uint64_t rank = 0;
  if (value[0] != unsampled && (i == 0 || sorted[i - 1] != value[0])) {
    std::uint32_t low = i, high = skip_root_threads;  // the end lies in (low, high]
    while (high - low > 1) {
      const std::uint32_t middle = (low + high) / 2;
      if (sorted[middle] == value[0])
        low = middle;
      else
        high = middle;
    }
    rank = skip_root_rank(high - i, static_cast<vertex_t>(value[0]));
  }
  __syncthreads();  // temp.sort is reused by the reduction
  const std::uint64_t best = Reduce(temp.reduce).Reduce(rank, ::cuda::maximum<>{});
  if (i == 0) state->skip = best == 0 ? no_vertex : skip_root_of_rank(best);  // 0: nothing sampled (n = 0)
}

}  // namespace

void pick_skip_root(const DeviceContext& context, std::span<const vertex_t> parent, std::uint32_t samples,
                    ForestState* state) {
  pick_skip_root_kernel<<<1, skip_root_threads, 0, context.stream>>>(parent.data(), static_cast<vertex_t>(parent.size()),
                                                                      samples, state);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

}  // namespace graphrun::cuda
