#pragma once
// Triangle sums on the device (contract: TriangleKernels in graphrun/
// algorithms/kernels/triangle_kernels.hpp; the graph is undirected there).
// Host-side entry point.
#include <cstdint>
#include <span>

#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

struct TrianglePolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int blocks_per_multiprocessor = 8;
};

// 1. Orient: a warp per row keeps the entries u -> v with u before v in
//    (degree, id) order, in row order, into a compact CSR (rows of at most
//    sqrt(2m) entries).
// 2. Count: a thread per oriented edge (u, v) binary-searches each entry of
//    the shorter of the two oriented rows in the longer; a match w closes
//    {u, v, w}. Counts are reduced per warp before one atomic; the sums take
//    three atomic adds per triangle, and only when asked.
std::uint64_t triangle_sums(const DeviceContext& context, const CsrView& graph, bool weighted,
                            std::span<std::uint64_t> sums);

}  // namespace graphrun::cuda
