// Experiment (not part of the build): csr-hub-split's rest part on a real
// graph, multiplied two ways on the same GPU in one run.
//   gather: CSR of the rest entries over a compact x, a group of lanes per
//           row, every entry gathers x from L2 (what the rest pass does);
//   binned: two streamed phases, no gathers. The entries are laid out by
//           (column block of 57344 compact columns, row block of R rows),
//           rows sorted within a tile, every tile padded to 8 entries.
//           Phase 1: one block per SM keeps its column block's x in shared
//           memory and writes each entry's product in layout order.
//           Phase 2: a block per row block adds its tiles' products into
//           its rows in shared memory and writes them.
// Bytes: gather 8 per entry + its gather's L2 sector; binned 16 per entry
// (2 + 4 read and 4 written in phase 1, 2 + 4 read in phase 2).
//   pb_experiment GRAPH.grb [hub_columns_excluded=229376]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <vector>

#include "graphrun/io/read.hpp"

#define CHECK(call)                                                                            \
  do {                                                                                         \
    cudaError_t status_ = (call);                                                              \
    if (status_ != cudaSuccess) {                                                              \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(status_)); \
      std::exit(1);                                                                            \
    }                                                                                          \
  } while (0)

constexpr int column_block = 57344;  // 224 KB of floats
constexpr int chunk = 8;

template <class T>
T* upload(const std::vector<T>& host) {
  T* device = nullptr;
  CHECK(cudaMalloc(&device, std::max<size_t>(1, host.size()) * sizeof(T)));
  CHECK(cudaMemcpy(device, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return device;
}

// Gather: `lanes` lanes per row.
template <int lanes>
__global__ void gather_spmv(const int64_t* offsets, const int* columns, const float* weights, const float* x,
                            int rows, float* y) {
  const int64_t thread = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const int64_t row = thread / lanes;
  const int lane = static_cast<int>(thread % lanes);
  float sum = 0.f;
  if (row < rows)
    for (int64_t e = offsets[row] + lane; e < offsets[row + 1]; e += lanes) sum += weights[e] * __ldg(x + columns[e]);
#pragma unroll
  for (int offset = lanes / 2; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset, lanes);
  if (row < rows && lane == 0) y[row] = sum;
}

// Phase 1: block b takes chunks [b * per, (b + 1) * per), reloading its
// column block's x whenever the chunks cross into the next one.
__global__ void __launch_bounds__(1024, 1)
    binned_products(const uint4* column_chunks, const float4* weight_chunks, const int64_t* block_first_chunk,
                    int column_blocks, int64_t chunks, const float* x, int64_t x_size, float4* products) {
  extern __shared__ float cached_x[];
  const int64_t per = (chunks + gridDim.x - 1) / gridDim.x;
  int64_t begin = blockIdx.x * per;
  const int64_t end = min(chunks, begin + per);
  if (begin >= end) return;
  int lo = 0, hi = column_blocks;  // the last cb with block_first_chunk[cb] <= begin
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (block_first_chunk[mid] <= begin) lo = mid; else hi = mid - 1;
  }
  int cb = lo;
  while (begin < end) {
    const int64_t segment_end = min(end, block_first_chunk[cb + 1]);
    if (segment_end > begin) {
      __syncthreads();
      const int64_t first_column = static_cast<int64_t>(cb) * column_block;
      const int width = static_cast<int>(min(static_cast<int64_t>(column_block), x_size - first_column));
      for (int i = threadIdx.x; i < width; i += blockDim.x) cached_x[i] = x[first_column + i];
      __syncthreads();
      for (int64_t c = begin + threadIdx.x; c < segment_end; c += blockDim.x) {
        const uint4 packed = column_chunks[c];
        const float4 w0 = weight_chunks[2 * c], w1 = weight_chunks[2 * c + 1];
        float4 p0, p1;
        p0.x = w0.x * cached_x[packed.x & 0xffffu];
        p0.y = w0.y * cached_x[packed.x >> 16];
        p0.z = w0.z * cached_x[packed.y & 0xffffu];
        p0.w = w0.w * cached_x[packed.y >> 16];
        p1.x = w1.x * cached_x[packed.z & 0xffffu];
        p1.y = w1.y * cached_x[packed.z >> 16];
        p1.z = w1.z * cached_x[packed.w & 0xffffu];
        p1.w = w1.w * cached_x[packed.w >> 16];
        products[2 * c] = p0;
        products[2 * c + 1] = p1;
      }
    }
    begin = segment_end;
    ++cb;
  }
}

// mode 0: shared atomics; 1: plain adds (racy: a diagnostic of what the
// atomics cost, its sums are wrong); 2: atomics, two chunks a lane loaded
// before either is added.
template <int mode>
__device__ __forceinline__ void add_to(float* sums, unsigned row, float value) {
  if constexpr (mode == 1)
    sums[row] += value;
  else
    atomicAdd(sums + row, value);
}

template <int mode>
__device__ __forceinline__ void add_run(float* sums, unsigned row, float value, unsigned& open_row, float& open_sum) {
  if (row == open_row) {
    open_sum += value;
  } else {
    add_to<mode>(sums, open_row, open_sum);
    open_row = row;
    open_sum = value;
  }
}

template <int mode>
__device__ __forceinline__ void add_chunk(float* sums, uint4 packed, float4 p0, float4 p1) {
  unsigned open_row = packed.x & 0xffffu;
  float open_sum = p0.x;
  add_run<mode>(sums, packed.x >> 16, p0.y, open_row, open_sum);
  add_run<mode>(sums, packed.y & 0xffffu, p0.z, open_row, open_sum);
  add_run<mode>(sums, packed.y >> 16, p0.w, open_row, open_sum);
  add_run<mode>(sums, packed.z & 0xffffu, p1.x, open_row, open_sum);
  add_run<mode>(sums, packed.z >> 16, p1.y, open_row, open_sum);
  add_run<mode>(sums, packed.w & 0xffffu, p1.z, open_row, open_sum);
  add_run<mode>(sums, packed.w >> 16, p1.w, open_row, open_sum);
  add_to<mode>(sums, open_row, open_sum);
}

// Phase 2: block rb sums the tiles (cb, rb) of every column block cb; each
// warp takes column blocks in turn, its lanes the tile's chunks.
template <int row_block, int mode>
__global__ void __launch_bounds__(256) binned_sums(const uint4* row_chunks, const float4* products,
                                                  const int64_t* tile_first_chunk, int column_blocks,
                                                  int row_blocks, int rows, float* y) {
  extern __shared__ float sums[];
  for (int i = threadIdx.x; i < row_block; i += blockDim.x) sums[i] = 0.f;
  __syncthreads();
  const int rb = blockIdx.x;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = blockDim.x / 32;
  for (int cb = warp; cb < column_blocks; cb += warps) {
    const int64_t tile = static_cast<int64_t>(cb) * row_blocks + rb;
    const int64_t first = tile_first_chunk[tile], last = tile_first_chunk[tile + 1];
    if constexpr (mode == 2) {
      for (int64_t c = first + lane; c < last; c += 64) {
        const bool second = c + 32 < last;
        const uint4 packed = row_chunks[c];
        const float4 p0 = products[2 * c], p1 = products[2 * c + 1];
        uint4 packed2{};
        float4 q0{}, q1{};
        if (second) {
          packed2 = row_chunks[c + 32];
          q0 = products[2 * (c + 32)];
          q1 = products[2 * (c + 32) + 1];
        }
        add_chunk<mode>(sums, packed, p0, p1);
        if (second) add_chunk<mode>(sums, packed2, q0, q1);
      }
    } else {
      for (int64_t c = first + lane; c < last; c += 32)
        add_chunk<mode>(sums, row_chunks[c], products[2 * c], products[2 * c + 1]);
    }
  }
  __syncthreads();
  const int64_t first_row = static_cast<int64_t>(rb) * row_block;
  for (int i = threadIdx.x; i < row_block && first_row + i < rows; i += blockDim.x) y[first_row + i] = sums[i];
}

// Phase 2 without atomics: each warp owns a row block (its own sums in
// shared memory) and takes its tiles one after another, a chunk a lane.
// In a tile the rows are sorted, so a lane's runs other than its first and
// last are rows no other lane holds; first runs of lanes with several runs
// are distinct too; last runs of equal rows sit in consecutive lanes and are
// summed by a segmented scan over the lanes before the segment's last lane
// adds them. Nothing else is written at once, so plain adds suffice.
struct OwnedChunk {
  bool active;
  uint4 packed;
  float4 p0, p1;
};

__device__ __forceinline__ void sum_owned_chunk(float* sums, const OwnedChunk& chunk, unsigned lane) {
  const unsigned row[8] = {chunk.packed.x & 0xffffu, chunk.packed.x >> 16, chunk.packed.y & 0xffffu,
                           chunk.packed.y >> 16,      chunk.packed.z & 0xffffu, chunk.packed.z >> 16,
                           chunk.packed.w & 0xffffu, chunk.packed.w >> 16};
  const float value[8] = {chunk.p0.x, chunk.p0.y, chunk.p0.z, chunk.p0.w, chunk.p1.x, chunk.p1.y, chunk.p1.z, chunk.p1.w};
  unsigned first_row = row[0], open_row = row[0];
  float first_sum = 0.f, open_sum = value[0];
  bool in_first = true;
#pragma unroll
  for (int i = 1; i < 8; ++i) {
    if (row[i] == open_row) {
      open_sum += value[i];
    } else {
      if (in_first) {
        first_sum = open_sum;
        in_first = false;
      } else if (chunk.active) {
        sums[open_row] += open_sum;  // an interior run
      }
      open_row = row[i];
      open_sum = value[i];
    }
  }
  __syncwarp();
  if (chunk.active && !in_first) sums[first_row] += first_sum;
  __syncwarp();
  unsigned key = chunk.active ? open_row : 0xffffffffu;
  float sum = chunk.active ? open_sum : 0.f;
#pragma unroll
  for (int offset = 1; offset < 32; offset *= 2) {
    const float other = __shfl_up_sync(0xffffffffu, sum, offset);
    const unsigned other_key = __shfl_up_sync(0xffffffffu, key, offset);
    if (lane >= offset && other_key == key) sum += other;
  }
  const unsigned next_key = __shfl_down_sync(0xffffffffu, key, 1);
  if (chunk.active && (lane == 31 || next_key != key)) sums[key] += sum;
  __syncwarp();
}

template <int row_block, int warps, int unroll>
__global__ void __launch_bounds__(32 * warps) binned_sums_owned(const uint4* row_chunks, const float4* products,
                                                               const int64_t* tile_first_chunk, int column_blocks,
                                                               int row_blocks, int rows, float* y) {
  extern __shared__ float all_sums[];
  const unsigned lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  const int rb = blockIdx.x * warps + warp;
  if (rb >= row_blocks) return;
  float* sums = all_sums + warp * row_block;
  for (int i = lane; i < row_block; i += 32) sums[i] = 0.f;
  __syncwarp();
  int64_t first = tile_first_chunk[rb], last = tile_first_chunk[rb + 1];
  for (int cb = 0; cb < column_blocks; ++cb) {
    int64_t next_first = 0, next_last = 0;
    if (cb + 1 < column_blocks) {
      const int64_t tile = static_cast<int64_t>(cb + 1) * row_blocks + rb;
      next_first = tile_first_chunk[tile];
      next_last = tile_first_chunk[tile + 1];
    }
    for (int64_t base = first; base < last; base += 32 * unroll) {
      OwnedChunk chunk[unroll];
#pragma unroll
      for (int u = 0; u < unroll; ++u) {
        const int64_t c = base + u * 32 + lane;
        chunk[u].active = c < last;
        if (chunk[u].active) {
          chunk[u].packed = row_chunks[c];
          chunk[u].p0 = products[2 * c];
          chunk[u].p1 = products[2 * c + 1];
        } else {
          chunk[u].packed = make_uint4(0, 0, 0, 0);
          chunk[u].p0 = chunk[u].p1 = make_float4(0.f, 0.f, 0.f, 0.f);
        }
      }
#pragma unroll
      for (int u = 0; u < unroll; ++u) sum_owned_chunk(sums, chunk[u], lane);
    }
    first = next_first;
    last = next_last;
  }
  __syncwarp();
  const int64_t first_row = static_cast<int64_t>(rb) * row_block;
  for (int i = lane; i < row_block && first_row + i < rows; i += 32) y[first_row + i] = sums[i];
}

// The owned-rows phase 2 with its tiles' first 32 chunks loaded `depth`
// tiles ahead (a ring of registers), and the warp's tile bounds read once
// into shared memory.
__device__ __forceinline__ OwnedChunk load_owned(const uint4* row_chunks, const float4* products, int64_t c,
                                                 int64_t last) {
  OwnedChunk chunk;
  chunk.active = c < last;
  if (chunk.active) {
    chunk.packed = row_chunks[c];
    chunk.p0 = products[2 * c];
    chunk.p1 = products[2 * c + 1];
  } else {
    chunk.packed = make_uint4(0, 0, 0, 0);
    chunk.p0 = chunk.p1 = make_float4(0.f, 0.f, 0.f, 0.f);
  }
  return chunk;
}

template <int row_block, int depth, int max_column_blocks>
__global__ void __launch_bounds__(32) binned_sums_pipelined(const uint4* row_chunks, const float4* products,
                                                           const int64_t* tile_first_chunk, int column_blocks,
                                                           int row_blocks, int rows, float* y) {
  extern __shared__ float sums[];
  __shared__ int64_t bounds[2 * max_column_blocks];
  const unsigned lane = threadIdx.x;
  const int rb = blockIdx.x;
  for (int i = lane; i < row_block; i += 32) sums[i] = 0.f;
  for (int cb = lane; cb < column_blocks; cb += 32) {
    const int64_t tile = static_cast<int64_t>(cb) * row_blocks + rb;
    bounds[2 * cb] = tile_first_chunk[tile];
    bounds[2 * cb + 1] = tile_first_chunk[tile + 1];
  }
  __syncwarp();
  OwnedChunk ring[depth];
#pragma unroll
  for (int u = 0; u < depth; ++u)
    ring[u] = u < column_blocks ? load_owned(row_chunks, products, bounds[2 * u] + lane, bounds[2 * u + 1])
                                : OwnedChunk{false, {}, {}, {}};
  for (int cb0 = 0; cb0 < column_blocks; cb0 += depth) {
#pragma unroll
    for (int u = 0; u < depth; ++u) {
      const int cb = cb0 + u;
      if (cb < column_blocks) {
        sum_owned_chunk(sums, ring[u], lane);
        const int64_t last = bounds[2 * cb + 1];
        for (int64_t base = bounds[2 * cb] + 32; base < last; base += 32)
          sum_owned_chunk(sums, load_owned(row_chunks, products, base + lane, last), lane);
        const int ahead = cb + depth;
        if (ahead < column_blocks)
          ring[u] = load_owned(row_chunks, products, bounds[2 * ahead] + lane, bounds[2 * ahead + 1]);
      }
    }
  }
  __syncwarp();
  const int64_t first_row = static_cast<int64_t>(rb) * row_block;
  for (int i = lane; i < row_block && first_row + i < rows; i += 32) y[first_row + i] = sums[i];
}

// Phase 1 with `unroll` chunks a thread in flight.
template <int unroll>
__global__ void __launch_bounds__(1024, 1)
    binned_products_unrolled(const uint4* column_chunks, const float4* weight_chunks, const int64_t* block_first_chunk,
                             int column_blocks, int64_t chunks, const float* x, int64_t x_size, float4* products) {
  extern __shared__ float cached_x[];
  const int64_t per = (chunks + gridDim.x - 1) / gridDim.x;
  int64_t begin = blockIdx.x * per;
  const int64_t end = min(chunks, begin + per);
  if (begin >= end) return;
  int lo = 0, hi = column_blocks;
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (block_first_chunk[mid] <= begin) lo = mid; else hi = mid - 1;
  }
  int cb = lo;
  while (begin < end) {
    const int64_t segment_end = min(end, block_first_chunk[cb + 1]);
    if (segment_end > begin) {
      __syncthreads();
      const int64_t first_column = static_cast<int64_t>(cb) * column_block;
      const int width = static_cast<int>(min(static_cast<int64_t>(column_block), x_size - first_column));
      for (int i = threadIdx.x; i < width; i += blockDim.x) cached_x[i] = x[first_column + i];
      __syncthreads();
      for (int64_t c0 = begin + threadIdx.x; c0 < segment_end; c0 += unroll * blockDim.x) {
        uint4 packed[unroll];
        float4 w0[unroll], w1[unroll];
#pragma unroll
        for (int u = 0; u < unroll; ++u) {
          const int64_t c = c0 + u * blockDim.x;
          if (c < segment_end) {
            packed[u] = column_chunks[c];
            w0[u] = weight_chunks[2 * c];
            w1[u] = weight_chunks[2 * c + 1];
          }
        }
#pragma unroll
        for (int u = 0; u < unroll; ++u) {
          const int64_t c = c0 + u * blockDim.x;
          if (c < segment_end) {
            float4 p0, p1;
            p0.x = w0[u].x * cached_x[packed[u].x & 0xffffu];
            p0.y = w0[u].y * cached_x[packed[u].x >> 16];
            p0.z = w0[u].z * cached_x[packed[u].y & 0xffffu];
            p0.w = w0[u].w * cached_x[packed[u].y >> 16];
            p1.x = w1[u].x * cached_x[packed[u].z & 0xffffu];
            p1.y = w1[u].y * cached_x[packed[u].z >> 16];
            p1.z = w1[u].z * cached_x[packed[u].w & 0xffffu];
            p1.w = w1[u].w * cached_x[packed[u].w >> 16];
            products[2 * c] = p0;
            products[2 * c + 1] = p1;
          }
        }
      }
    }
    begin = segment_end;
    ++cb;
  }
}

struct Timer {
  cudaEvent_t start, stop;
  Timer() {
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
  }
  template <class F>
  double median_ms(F&& launch, int warmup = 3, int reps = 21) {
    for (int i = 0; i < warmup; ++i) launch();
    std::vector<float> times;
    for (int i = 0; i < reps; ++i) {
      CHECK(cudaEventRecord(start));
      launch();
      CHECK(cudaEventRecord(stop));
      CHECK(cudaEventSynchronize(stop));
      float ms = 0;
      CHECK(cudaEventElapsedTime(&ms, start, stop));
      times.push_back(ms);
    }
    CHECK(cudaGetLastError());
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
  }
};

struct Rest {
  int rows = 0;
  int64_t compact_columns = 0;
  std::vector<int64_t> offsets;
  std::vector<int> columns;  // compact
  std::vector<float> weights;
};

// Binned layout of the rest entries for row blocks of `row_block` rows.
struct Binned {
  int column_blocks = 0, row_blocks = 0;
  int64_t chunks = 0;
  std::vector<uint16_t> column_in_block, row_in_block;  // chunks * 8
  std::vector<float> weights;                           // chunks * 8, pads 0
  std::vector<int64_t> tile_first_chunk;                // tiles + 1
  std::vector<int64_t> block_first_chunk;               // column blocks + 1
};

Binned bin(const Rest& rest, int row_block) {
  Binned b;
  b.column_blocks = static_cast<int>((rest.compact_columns + column_block - 1) / column_block);
  b.row_blocks = (rest.rows + row_block - 1) / row_block;
  const int64_t tiles = static_cast<int64_t>(b.column_blocks) * b.row_blocks;
  std::vector<int64_t> count(tiles + 1, 0);
  for (int r = 0; r < rest.rows; ++r)
    for (int64_t e = rest.offsets[r]; e < rest.offsets[r + 1]; ++e)
      ++count[static_cast<int64_t>(rest.columns[e] / column_block) * b.row_blocks + r / row_block];
  b.tile_first_chunk.assign(tiles + 1, 0);
  std::vector<int64_t> place(tiles);
  for (int64_t t = 0; t < tiles; ++t) {
    place[t] = b.tile_first_chunk[t] * chunk;
    b.tile_first_chunk[t + 1] = b.tile_first_chunk[t] + (count[t] + chunk - 1) / chunk;
  }
  b.chunks = b.tile_first_chunk[tiles];
  const int64_t slots = b.chunks * chunk;
  b.column_in_block.assign(slots, 0);
  b.row_in_block.assign(slots, 0);
  b.weights.assign(slots, 0.f);
  // Rows in order, so each tile's entries come out sorted by row.
  for (int r = 0; r < rest.rows; ++r)
    for (int64_t e = rest.offsets[r]; e < rest.offsets[r + 1]; ++e) {
      const int64_t t = static_cast<int64_t>(rest.columns[e] / column_block) * b.row_blocks + r / row_block;
      const int64_t s = place[t]++;
      b.column_in_block[s] = static_cast<uint16_t>(rest.columns[e] % column_block);
      b.row_in_block[s] = static_cast<uint16_t>(r % row_block);
      b.weights[s] = rest.weights[e];
    }
  // A tile's pads repeat its last row (sums 0 into it; a row of 0 would
  // break the run in phase 2 for nothing).
  for (int64_t t = 0; t < tiles; ++t) {
    const int64_t end = b.tile_first_chunk[t + 1] * chunk;
    for (int64_t s = place[t]; s < end; ++s) b.row_in_block[s] = s > 0 ? b.row_in_block[s - 1] : 0;
  }
  b.block_first_chunk.resize(b.column_blocks + 1);
  for (int cb = 0; cb <= b.column_blocks; ++cb)
    b.block_first_chunk[cb] = b.tile_first_chunk[static_cast<int64_t>(cb) * b.row_blocks];
  return b;
}

template <int row_block>
void run_binned(const Rest& rest, const float* x, const std::vector<float>& reference, double copy_gbs, int sms,
                float* y) {
  const Binned b = bin(rest, row_block);
  const int64_t entries = rest.offsets.back();
  uint16_t* d_columns = upload(b.column_in_block);
  uint16_t* d_rows = upload(b.row_in_block);
  float* d_weights = upload(b.weights);
  int64_t* d_tiles = upload(b.tile_first_chunk);
  int64_t* d_blocks = upload(b.block_first_chunk);
  float* d_products = nullptr;
  CHECK(cudaMalloc(&d_products, b.chunks * chunk * sizeof(float)));
  const int shared = column_block * sizeof(float);
  CHECK(cudaFuncSetAttribute(binned_products, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
  CHECK(cudaFuncSetAttribute(binned_sums<row_block, 0>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             int(row_block * sizeof(float))));
  CHECK(cudaFuncSetAttribute(binned_sums<row_block, 1>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             int(row_block * sizeof(float))));
  CHECK(cudaFuncSetAttribute(binned_sums<row_block, 2>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             int(row_block * sizeof(float))));
  auto phase1 = [&] {
    binned_products<<<sms, 1024, shared>>>(reinterpret_cast<const uint4*>(d_columns),
                                           reinterpret_cast<const float4*>(d_weights), d_blocks, b.column_blocks,
                                           b.chunks, x, rest.compact_columns, reinterpret_cast<float4*>(d_products));
  };
  auto phase2_mode = [&](auto mode_tag) {
    constexpr int mode = decltype(mode_tag)::value;
    binned_sums<row_block, mode><<<b.row_blocks, 256, row_block * sizeof(float)>>>(
        reinterpret_cast<const uint4*>(d_rows), reinterpret_cast<const float4*>(d_products), d_tiles,
        b.column_blocks, b.row_blocks, rest.rows, y);
  };
  auto phase2 = [&] { phase2_mode(std::integral_constant<int, 2>{}); };
  CHECK(cudaMemset(y, 0xff, rest.rows * sizeof(float)));  // poison
  phase1();
  phase2();
  CHECK(cudaDeviceSynchronize());
  std::vector<float> got(rest.rows);
  CHECK(cudaMemcpy(got.data(), y, rest.rows * sizeof(float), cudaMemcpyDeviceToHost));
  double worst = 0;
  for (int r = 0; r < rest.rows; ++r)
    worst = std::max(worst, std::abs(double(got[r]) - reference[r]) / (std::abs(double(reference[r])) + 1e-3));
  Timer timer;
  const double slots = static_cast<double>(b.chunks) * chunk;
  const double t1 = timer.median_ms(phase1);
  const double t2 = timer.median_ms(phase2);
  const double t2_atomic = timer.median_ms([&] { phase2_mode(std::integral_constant<int, 0>{}); });
  const double t2_plain = timer.median_ms([&] { phase2_mode(std::integral_constant<int, 1>{}); });
  std::printf("  phase 2 variants: atomics one chunk a lane %.4f ms, two chunks a lane %.4f ms, plain adds (racy, "
              "diagnostic) %.4f ms\n", t2_atomic, t2, t2_plain);
  const double both = timer.median_ms([&] { phase1(); phase2(); });
  auto owned = [&](auto warps_tag, auto unroll_tag) {
    constexpr int warps = decltype(warps_tag)::value, unroll = decltype(unroll_tag)::value;
    auto kernel = binned_sums_owned<row_block, warps, unroll>;
    const int shared_bytes = warps * row_block * int(sizeof(float));
    CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, shared_bytes));
    auto launch = [&] {
      kernel<<<(b.row_blocks + warps - 1) / warps, 32 * warps, shared_bytes>>>(
          reinterpret_cast<const uint4*>(d_rows), reinterpret_cast<const float4*>(d_products), d_tiles,
          b.column_blocks, b.row_blocks, rest.rows, y);
    };
    CHECK(cudaMemset(y, 0xff, rest.rows * sizeof(float)));
    phase1();
    launch();
    CHECK(cudaDeviceSynchronize());
    std::vector<float> owned_y(rest.rows);
    CHECK(cudaMemcpy(owned_y.data(), y, rest.rows * sizeof(float), cudaMemcpyDeviceToHost));
    double owned_worst = 0;
    for (int r = 0; r < rest.rows; ++r)
      owned_worst = std::max(owned_worst, std::abs(double(owned_y[r]) - reference[r]) / (std::abs(double(reference[r])) + 1e-3));
    const double t = timer.median_ms(launch);
    const double t_both = timer.median_ms([&] { phase1(); launch(); });
    std::printf("  phase 2 owned rows, %d warps a block, %d chunks a lane: %.4f ms; both phases %.4f ms (%.2f us per M "
                "entries, %.1f %% of copy); worst relative error %.2e\n",
                warps, unroll, t, t_both, t_both * 1e3 / (entries / 1e6),
                100.0 * (slots * 16 + rest.compact_columns * 4.0 + rest.rows * 4.0) / (t_both * 1e6) / copy_gbs, owned_worst);
  };
  const double bytes = slots * 16 + rest.compact_columns * 4.0 + rest.rows * 4.0;
  std::printf(
      "binned R=%d: column blocks %d, row blocks %d, tiles %lld, %.1f entries a tile, pads %.2f %%; "
      "phase 1 %.4f ms, phase 2 %.4f ms, both %.4f ms (%.2f us per M entries, %.1f GB/s by 16 B a slot = %.1f %% of "
      "copy); worst relative error vs gather %.2e\n",
      row_block, b.column_blocks, b.row_blocks, static_cast<long long>(b.tile_first_chunk.size() - 1),
      double(entries) / double(b.tile_first_chunk.size() - 1), 100.0 * (slots - entries) / entries, t1, t2, both,
      both * 1e3 / (entries / 1e6), bytes / (both * 1e6), 100.0 * bytes / (both * 1e6) / copy_gbs, worst);
  owned(std::integral_constant<int, 1>{}, std::integral_constant<int, 2>{});
  auto phase1_unrolled = [&](auto unroll_tag) {
    constexpr int unroll = decltype(unroll_tag)::value;
    CHECK(cudaFuncSetAttribute(binned_products_unrolled<unroll>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
    binned_products_unrolled<unroll><<<sms, 1024, shared>>>(
        reinterpret_cast<const uint4*>(d_columns), reinterpret_cast<const float4*>(d_weights), d_blocks,
        b.column_blocks, b.chunks, x, rest.compact_columns, reinterpret_cast<float4*>(d_products));
  };
  const double t1_u2 = timer.median_ms([&] { phase1_unrolled(std::integral_constant<int, 2>{}); });
  const double t1_u4 = timer.median_ms([&] { phase1_unrolled(std::integral_constant<int, 4>{}); });
  std::printf("  phase 1 with 2 chunks a thread in flight %.4f ms, 4: %.4f ms\n", t1_u2, t1_u4);
  auto pipelined = [&](auto depth_tag) {
    constexpr int depth = decltype(depth_tag)::value;
    auto kernel = binned_sums_pipelined<row_block, depth, 160>;
    if (b.column_blocks > 160) return;
    const int shared_bytes = row_block * int(sizeof(float));
    CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, shared_bytes));
    auto launch = [&] {
      kernel<<<b.row_blocks, 32, shared_bytes>>>(reinterpret_cast<const uint4*>(d_rows),
                                                 reinterpret_cast<const float4*>(d_products), d_tiles,
                                                 b.column_blocks, b.row_blocks, rest.rows, y);
    };
    CHECK(cudaMemset(y, 0xff, rest.rows * sizeof(float)));
    phase1();
    launch();
    CHECK(cudaDeviceSynchronize());
    std::vector<float> got_y(rest.rows);
    CHECK(cudaMemcpy(got_y.data(), y, rest.rows * sizeof(float), cudaMemcpyDeviceToHost));
    double got_worst = 0;
    for (int r = 0; r < rest.rows; ++r)
      got_worst = std::max(got_worst, std::abs(double(got_y[r]) - reference[r]) / (std::abs(double(reference[r])) + 1e-3));
    const double t = timer.median_ms(launch);
    const double t_both = timer.median_ms([&] { phase1_unrolled(std::integral_constant<int, 2>{}); launch(); });
    std::printf("  phase 2 pipelined, %d tiles ahead: %.4f ms; with phase 1 (2 chunks a thread) %.4f ms (%.2f us per M "
                "entries, %.1f %% of copy); worst relative error %.2e\n",
                depth, t, t_both, t_both * 1e3 / (entries / 1e6),
                100.0 * (slots * 16 + rest.compact_columns * 4.0 + rest.rows * 4.0) / (t_both * 1e6) / copy_gbs, got_worst);
  };
  pipelined(std::integral_constant<int, 2>{});
  pipelined(std::integral_constant<int, 4>{});
  pipelined(std::integral_constant<int, 8>{});
  CHECK(cudaFree(d_columns));
  CHECK(cudaFree(d_rows));
  CHECK(cudaFree(d_weights));
  CHECK(cudaFree(d_tiles));
  CHECK(cudaFree(d_blocks));
  CHECK(cudaFree(d_products));
}

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s GRAPH [hub_columns_excluded]\n", argv[0]);
    return 2;
  }
  const int64_t excluded = argc > 2 ? std::atoll(argv[2]) : 4 * int64_t{column_block};
  const graphrun::Graph graph = graphrun::io::load_graph(argv[1]);
  const graphrun::Csr& csr = graph.out_edges();
  const int rows = static_cast<int>(csr.num_rows());
  const int64_t entries = csr.num_entries();
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device %s, %d SMs; graph %s: %d rows, %lld entries, weighted %d\n", prop.name,
              prop.multiProcessorCount, argv[1], rows, static_cast<long long>(entries), int(!csr.values.empty()));

  // The rest part: every entry whose column is not among the `excluded`
  // columns of most entries; its columns renumbered compactly.
  std::vector<int64_t> degree(rows, 0);
  for (int64_t e = 0; e < entries; ++e) ++degree[csr.indices[e]];
  std::vector<int> order(rows);
  std::iota(order.begin(), order.end(), 0);
  const int64_t hubs = std::min<int64_t>(excluded, rows);
  std::partial_sort(order.begin(), order.begin() + hubs, order.end(),
                    [&](int a, int b) { return degree[a] > degree[b] || (degree[a] == degree[b] && a < b); });
  std::vector<int> compact(rows, -1);
  for (int64_t i = 0; i < hubs; ++i) compact[order[i]] = -2;
  Rest rest;
  rest.rows = rows;
  for (int c = 0; c < rows; ++c)
    if (compact[c] == -1 && degree[c] > 0) compact[c] = static_cast<int>(rest.compact_columns++);
  rest.offsets.assign(rows + 1, 0);
  for (int r = 0; r < rows; ++r) {
    for (int64_t e = csr.offsets[r]; e < csr.offsets[r + 1]; ++e)
      if (compact[csr.indices[e]] >= 0) {
        rest.columns.push_back(compact[csr.indices[e]]);
        rest.weights.push_back(csr.values.empty() ? 1.f : csr.values[e]);
      }
    rest.offsets[r + 1] = static_cast<int64_t>(rest.columns.size());
  }
  const int64_t rest_entries = rest.offsets.back();
  std::printf("rest part: %lld entries (%.1f %%), %lld compact columns (%.1f MB of x)\n",
              static_cast<long long>(rest_entries), 100.0 * rest_entries / entries,
              static_cast<long long>(rest.compact_columns), rest.compact_columns * 4e-6);

  std::vector<float> x(rest.compact_columns);
  for (int64_t i = 0; i < rest.compact_columns; ++i) x[i] = 0.5f + float((i * 2654435761u) % 1000) / 1000.f;
  float* d_x = upload(x);
  float* d_y = nullptr;
  CHECK(cudaMalloc(&d_y, rows * sizeof(float)));

  // Copy bandwidth: 2 GB device to device.
  Timer timer;
  const size_t copy_bytes = size_t{1} << 30;
  void *a = nullptr, *b = nullptr;
  CHECK(cudaMalloc(&a, copy_bytes));
  CHECK(cudaMalloc(&b, copy_bytes));
  CHECK(cudaMemset(a, 1, copy_bytes));
  const double copy_ms = timer.median_ms([&] { CHECK(cudaMemcpyAsync(b, a, copy_bytes, cudaMemcpyDeviceToDevice)); });
  const double copy_gbs = 2.0 * copy_bytes / (copy_ms * 1e6);
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  std::printf("copy: %.1f GB/s (read + write of 1 GiB)\n", copy_gbs);

  // Gather, with the host's sums as the reference.
  std::vector<double> reference(rows, 0.0);
  for (int r = 0; r < rows; ++r)
    for (int64_t e = rest.offsets[r]; e < rest.offsets[r + 1]; ++e)
      reference[r] += double(rest.weights[e]) * x[rest.columns[e]];
  std::vector<float> reference_f(reference.begin(), reference.end());
  int64_t* d_offsets = upload(rest.offsets);
  int* d_columns = upload(rest.columns);
  float* d_weights = upload(rest.weights);
  auto gather = [&](auto lanes_tag) {
    constexpr int lanes = decltype(lanes_tag)::value;
    const int64_t threads = int64_t{rows} * lanes;
    gather_spmv<lanes><<<static_cast<unsigned>((threads + 255) / 256), 256>>>(d_offsets, d_columns, d_weights, d_x,
                                                                              rows, d_y);
  };
  auto report_gather = [&](auto lanes_tag) {
    CHECK(cudaMemset(d_y, 0xff, rows * sizeof(float)));
    gather(lanes_tag);
    std::vector<float> got(rows);
    CHECK(cudaMemcpy(got.data(), d_y, rows * sizeof(float), cudaMemcpyDeviceToHost));
    double worst = 0;
    for (int r = 0; r < rows; ++r)
      worst = std::max(worst, std::abs(double(got[r]) - reference[r]) / (std::abs(reference[r]) + 1e-3));
    const double ms = timer.median_ms([&] { gather(lanes_tag); });
    const double bytes = rest_entries * 8.0 + (rows + 1) * 8.0 + rest.compact_columns * 4.0 + rows * 4.0;
    std::printf("gather, %d lanes a row: %.4f ms (%.2f us per M entries, %.1f %% of copy by 8 B an entry); worst "
                "relative error %.2e\n",
                decltype(lanes_tag)::value, ms, ms * 1e3 / (rest_entries / 1e6), 100.0 * bytes / (ms * 1e6) / copy_gbs,
                worst);
  };
  report_gather(std::integral_constant<int, 4>{});
  report_gather(std::integral_constant<int, 8>{});
  CHECK(cudaFree(d_offsets));
  CHECK(cudaFree(d_columns));
  CHECK(cudaFree(d_weights));

  const std::vector<float> reference_float(reference.begin(), reference.end());
  run_binned<1024>(rest, d_x, reference_float, copy_gbs, prop.multiProcessorCount, d_y);
  run_binned<512>(rest, d_x, reference_float, copy_gbs, prop.multiProcessorCount, d_y);
  run_binned<2048>(rest, d_x, reference_float, copy_gbs, prop.multiProcessorCount, d_y);
  run_binned<4096>(rest, d_x, reference_float, copy_gbs, prop.multiProcessorCount, d_y);

  return 0;
}
