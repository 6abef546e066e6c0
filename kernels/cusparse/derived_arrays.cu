#include "cuda/runtime/launch.cuh"
#include "cusparse/derived_arrays.hpp"

namespace graphrun::cusparse {

template <class From, class To>
void convert(const cuda::DeviceContext& context, const From* from, To* to, std::int64_t count, From base) {
  cuda::for_each_index(context, count, [=] __device__(std::int64_t i) { to[i] = static_cast<To>(from[i] - base); });
}

template void convert<edge_t, std::int32_t>(const cuda::DeviceContext&, const edge_t*, std::int32_t*, std::int64_t,
                                            edge_t);
template void convert<float, double>(const cuda::DeviceContext&, const float*, double*, std::int64_t, float);

void fill_ones(const cuda::DeviceContext& context, float* values, std::int64_t count) {
  cuda::for_each_index(context, count, [=] __device__(std::int64_t i) { values[i] = 1.0f; });
}

}  // namespace graphrun::cusparse
