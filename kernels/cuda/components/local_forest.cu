#include <algorithm>
#include <cstdint>
#include <limits>

#include "cuda/components/local_forest.cuh"
#include "cuda/runtime/check.cuh"

namespace graphrun::cuda {

namespace {

// The shared forest is read with atomics as well as written with them:
// threads hook and halve paths concurrently, and a plain load racing an
// atomicMin is a data race (compute-sanitizer's racecheck reports it).
__device__ __forceinline__ int shared_parent(int* forest, int i) { return atomicOr(forest + i, 0); }

// Root of i, halving the path on the way (i skips to its grandparent). Every
// value a slot takes is an ancestor at the time, smaller than the slot, so
// atomicMin keeps the forest decreasing whatever order the writes land in.
__device__ int shared_root(int* forest, int i) {
  for (;;) {
    const int up = shared_parent(forest, i);
    if (up == i) return i;
    const int grand = shared_parent(forest, up);
    if (grand == up) return up;
    atomicMin(forest + i, grand);
    i = grand;
  }
}

// Joins the trees of a and b, the larger root under the smaller, and
// returns the joined tree's root as it found it (a start for the next
// unite of the same row: often already the root). atomicMin hooks `high`
// whether or not another thread hooked it first; when it had (old !=
// high), high's former parent `old` still has to meet `low`, so the loop
// joins those two.
__device__ int shared_unite(int* forest, int a, int b) {
  for (;;) {
    a = shared_root(forest, a);
    b = shared_root(forest, b);
    if (a == b) return a;
    const int low = a < b ? a : b;
    const int high = a < b ? b : a;
    const int old = atomicMin(forest + high, low);
    if (old == high) return low;
    a = old;
    b = low;
  }
}

// One thread block per block of ids. Thread t walks rows base + t, base + t
// + blockDim.x, ...: neighbouring threads read neighbouring rows. Each unite
// of a row starts from the root the row's last unite returned. The warp
// meets again (__syncwarp) after every row: the unites' loops run for
// different trip counts in each lane, and without a meeting point the lanes
// go on as separate groups through all their rows, each instruction issued
// for a few threads at a time. So the loop runs while the warp's first row
// is in range. After
// the barrier nobody writes the shared forest, so the roots are read plainly.
// Blocks of ids are taken grid-stride: with one id a block, n past 2^31 - 1
// needs more thread blocks than a grid holds.
__global__ void __launch_bounds__(LocalForestPolicy::threads_per_block)
    local_forest_kernel(CsrView rows, vertex_t block_vertices, bool symmetric, vertex_t* parent) {
  extern __shared__ int forest[];
  const std::int64_t id_blocks = (static_cast<std::int64_t>(rows.num_rows) + block_vertices - 1) / block_vertices;
  const int lane = static_cast<int>(threadIdx.x % 32);
  for (std::int64_t block = blockIdx.x; block < id_blocks; block += gridDim.x) {
    const std::int64_t base = block * block_vertices;
    const int size = static_cast<int>(std::min<std::int64_t>(block_vertices, rows.num_rows - base));
    for (int i = static_cast<int>(threadIdx.x); i < size; i += blockDim.x) forest[i] = i;
    __syncthreads();
    for (int i = static_cast<int>(threadIdx.x); i - lane < size; i += blockDim.x) {
      if (i < size) {
        const std::int64_t u = base + i;
        const edge_t end = rows.offsets[u + 1];
        int root = i;
        for (edge_t k = rows.offsets[u]; k < end; ++k) {
          const std::int64_t w = rows.indices[k] - base;
          // A symmetric adjacency holds each edge in both rows: its lower entry suffices.
          if (w >= 0 && w < size && (symmetric ? w < i : w != i))
            root = shared_unite(forest, root, static_cast<int>(w));
        }
      }
      __syncwarp();
    }
    __syncthreads();
    for (int i = static_cast<int>(threadIdx.x); i < size; i += blockDim.x) {
      int root = i;
      while (forest[root] != root) root = forest[root];
      parent[base + i] = static_cast<vertex_t>(base + root);
    }
    __syncthreads();  // every root is read before the next block of ids refills the forest
  }
}

}  // namespace

void local_forest(const DeviceContext& context, const CsrView& rows, bool symmetric, vertex_t block_vertices,
                  std::span<vertex_t> parent) {
  const vertex_t n = rows.num_rows;
  if (n == 0) return;
  const std::int64_t blocks = (static_cast<std::int64_t>(n) + block_vertices - 1) / block_vertices;
  const std::size_t shared_bytes = static_cast<std::size_t>(block_vertices) * sizeof(int);
  // Above 48 KB a kernel must opt in to dynamic shared memory; once per
  // process is enough, but the call is cheap and keeps this stateless.
  GRAPHRUN_CUDA_CHECK(cudaFuncSetAttribute(local_forest_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           static_cast<int>(LocalForestPolicy::max_block_vertices * sizeof(int))));
  const auto grid = static_cast<unsigned>(std::min<std::int64_t>(blocks, std::numeric_limits<int>::max()));
  local_forest_kernel<<<grid, LocalForestPolicy::threads_per_block, shared_bytes, context.stream>>>(
      rows, block_vertices, symmetric, parent.data());
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

}  // namespace graphrun::cuda
