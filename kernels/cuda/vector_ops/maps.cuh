#pragma once
// Element-wise maps of the primitive interface on the device (see the
// matching Backend members in graphrun/backend.hpp for their definitions).
// Host-side entry points: each queues one kernel on context.stream. Sizes are
// validated by the caller (CudaBackend).
#include <cstddef>
#include <cstdint>
#include <span>

#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// T in {float, double, vertex_t, std::uint8_t}.
template <class T>
void fill(const DeviceContext& context, std::span<T> v, T value);
void iota(const DeviceContext& context, std::span<vertex_t> out);
// y = a*x + b*y, literally (b == 0 still reads y, as the CPU backend does).
void axpby(const DeviceContext& context, float a, std::span<const float> x, float b, std::span<float> y);
void multiply(const DeviceContext& context, std::span<const float> x, std::span<const float> y, std::span<float> out);
void degree_power(const DeviceContext& context, std::span<const vertex_t> degree, vertex_t add, float exponent,
                  std::span<float> out);
void flag_zero(const DeviceContext& context, std::span<const float> values, std::span<std::uint8_t> flags);
// out[i] = 1 / x[i], or 0 where x[i] == 0.
void reciprocal(const DeviceContext& context, std::span<const float> x, std::span<float> out);
void scale_rows(const DeviceContext& context, std::span<float> x, std::size_t width, std::span<const float> scale);
// out[i] = values[indices[i]]. Returns false (after the kernel, one
// read-back) when an index was outside values; such entries get no_vertex.
bool gather(const DeviceContext& context, std::span<const vertex_t> values, std::span<const vertex_t> indices,
            std::span<vertex_t> out);
void minimum(const DeviceContext& context, std::span<const vertex_t> x, std::span<vertex_t> y);
// degree[r] = entries in row r of csr.
void row_lengths(const DeviceContext& context, const CsrView& csr, std::span<vertex_t> degree);

}  // namespace graphrun::cuda
