#include "cuda/runtime/launch.cuh"
#include "cuda/runtime/segment_search.cuh"
#include "cusparse/derived_arrays.hpp"

namespace graphrun::cusparse {

void narrow_offsets(const cuda::DeviceContext& context, const edge_t* offsets, std::int32_t* narrowed,
                    std::int64_t count) {
  cuda::for_each_index(context, count,
                       [=] __device__(std::int64_t i) { narrowed[i] = static_cast<std::int32_t>(offsets[i]); });
}

void expand_row_ids(const cuda::DeviceContext& context, const std::int32_t* offsets, vertex_t num_rows,
                    std::int32_t* row_ids, std::int64_t entries) {
  cuda::for_each_index(context, entries, [=] __device__(std::int64_t e) {
    row_ids[e] =
        static_cast<std::int32_t>(cuda::segment_of<std::int32_t>(offsets, num_rows, static_cast<std::int32_t>(e)));
  });
}

void widen_indices(const cuda::DeviceContext& context, const vertex_t* columns, std::int64_t* wide, std::int64_t count) {
  cuda::for_each_index(context, count, [=] __device__(std::int64_t i) { wide[i] = columns[i]; });
}

void expand_row_ids64(const cuda::DeviceContext& context, const edge_t* offsets, vertex_t num_rows,
                      std::int64_t* row_ids, std::int64_t entries) {
  cuda::for_each_index(context, entries, [=] __device__(std::int64_t e) {
    row_ids[e] = cuda::segment_of<edge_t>(offsets, num_rows, static_cast<edge_t>(e));
  });
}

void fill_ones(const cuda::DeviceContext& context, float* values, std::int64_t count) {
  cuda::for_each_index(context, count, [=] __device__(std::int64_t i) { values[i] = 1.0f; });
}

void widen_values(const cuda::DeviceContext& context, const float* values, double* widened, std::int64_t count) {
  cuda::for_each_index(context, count, [=] __device__(std::int64_t i) { widened[i] = static_cast<double>(values[i]); });
}

}  // namespace graphrun::cusparse
