#include <cmath>

#include "cuda/runtime/device_flag.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/vector_ops/maps.cuh"

namespace graphrun::cuda {

namespace {

// (d + add)^exponent in double, rounded once to float: the CPU backend does
// the same, so the normalisations (1/d, 1/sqrt(d)) agree to the last bit
// instead of differing by powf's float rounding. A one-time setup step, so
// the double arithmetic costs nothing that matters.
__device__ float degree_power_of(std::int64_t base, float exponent) {
  if (base == 0) return 0.0f;
  return static_cast<float>(pow(static_cast<double>(base), static_cast<double>(exponent)));
}

}  // namespace

template <class T>
void fill(const DeviceContext& context, std::span<T> v, T value) {
  T* data = v.data();
  for_each_index(context, static_cast<std::int64_t>(v.size()), [=] __device__(std::int64_t i) { data[i] = value; });
}
template void fill<float>(const DeviceContext&, std::span<float>, float);
template void fill<double>(const DeviceContext&, std::span<double>, double);
template void fill<vertex_t>(const DeviceContext&, std::span<vertex_t>, vertex_t);
template void fill<std::uint8_t>(const DeviceContext&, std::span<std::uint8_t>, std::uint8_t);

void iota(const DeviceContext& context, std::span<vertex_t> out) {
  vertex_t* data = out.data();
  for_each_index(context, static_cast<std::int64_t>(out.size()),
                 [=] __device__(std::int64_t i) { data[i] = static_cast<vertex_t>(i); });
}

void axpby(const DeviceContext& context, float a, std::span<const float> x, float b, std::span<float> y) {
  const float* xs = x.data();
  float* ys = y.data();
  // Explicitly rounded multiplies and add: nvcc would otherwise contract
  // this into fmaf, one rounding fewer than the CPU backend's a*x + b*y, and
  // the backends would disagree in the last bit.
  for_each_index(context, static_cast<std::int64_t>(y.size()), [=] __device__(std::int64_t i) {
    ys[i] = __fadd_rn(__fmul_rn(a, xs[i]), __fmul_rn(b, ys[i]));
  });
}

void multiply(const DeviceContext& context, std::span<const float> x, std::span<const float> y, std::span<float> out) {
  const float* xs = x.data();
  const float* ys = y.data();
  float* result = out.data();
  for_each_index(context, static_cast<std::int64_t>(out.size()),
                 [=] __device__(std::int64_t i) { result[i] = xs[i] * ys[i]; });
}

void degree_power(const DeviceContext& context, std::span<const vertex_t> degree, vertex_t add, float exponent,
                  std::span<float> out) {
  const vertex_t* degrees = degree.data();
  float* result = out.data();
  for_each_index(context, static_cast<std::int64_t>(out.size()), [=] __device__(std::int64_t i) {
    // In 64 bits: degree + add must not wrap for degrees near 2^32.
    const std::int64_t base = static_cast<std::int64_t>(degrees[i]) + add;
    result[i] = degree_power_of(base, exponent);
  });
}

void flag_zero(const DeviceContext& context, std::span<const float> values, std::span<std::uint8_t> flags) {
  const float* xs = values.data();
  std::uint8_t* result = flags.data();
  for_each_index(context, static_cast<std::int64_t>(flags.size()),
                 [=] __device__(std::int64_t i) { result[i] = xs[i] == 0.0f ? 1 : 0; });
}

void reciprocal(const DeviceContext& context, std::span<const float> x, std::span<float> out) {
  const float* xs = x.data();
  float* result = out.data();
  for_each_index(context, static_cast<std::int64_t>(out.size()),
                 [=] __device__(std::int64_t i) { result[i] = xs[i] == 0.0f ? 0.0f : 1.0f / xs[i]; });
}

void scale_rows(const DeviceContext& context, std::span<float> x, std::size_t width, std::span<const float> scale) {
  float* matrix = x.data();
  const float* factors = scale.data();
  const auto row_width = static_cast<std::int64_t>(width);
  for_each_index(context, static_cast<std::int64_t>(x.size()),
                 [=] __device__(std::int64_t i) { matrix[i] *= factors[i / row_width]; });
}

bool gather(const DeviceContext& context, std::span<const vertex_t> values, std::span<const vertex_t> indices,
            std::span<vertex_t> out) {
  if (out.empty()) return true;
  const vertex_t* source = values.data();
  const vertex_t* index = indices.data();
  vertex_t* result = out.data();
  const auto size = static_cast<std::int64_t>(values.size());
  DeviceFlag out_of_range(context);
  int* flag = out_of_range.data();
  // An index outside `values` (a caller bug) is reported, and its entry gets
  // no_vertex instead of a read outside the allocation, which would poison
  // the whole CUDA context.
  for_each_index(context, static_cast<std::int64_t>(out.size()), [=] __device__(std::int64_t i) {
    const vertex_t k = index[i];
    const bool inside = k >= 0 && k < size;
    if (!inside) *flag = 1;
    result[i] = inside ? source[k] : no_vertex;
  });
  return !out_of_range.raised();
}

void minimum(const DeviceContext& context, std::span<const vertex_t> x, std::span<vertex_t> y) {
  const vertex_t* xs = x.data();
  vertex_t* ys = y.data();
  for_each_index(context, static_cast<std::int64_t>(y.size()),
                 [=] __device__(std::int64_t i) { ys[i] = min(xs[i], ys[i]); });
}

void row_lengths(const DeviceContext& context, const CsrView& csr, std::span<vertex_t> degree) {
  const edge_t* offsets = csr.offsets;
  vertex_t* result = degree.data();
  for_each_index(context, static_cast<std::int64_t>(degree.size()),
                 [=] __device__(std::int64_t r) { result[r] = static_cast<vertex_t>(offsets[r + 1] - offsets[r]); });
}

}  // namespace graphrun::cuda
