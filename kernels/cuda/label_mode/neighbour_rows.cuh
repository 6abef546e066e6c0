#pragma once
// The neighbourhood label_mode walks, as device code sees it: row v of one
// CSR adjacency, or row v of `first` followed by row v of `second`
// (Edges::both on a directed graph). Device code: include from .cu files only.
#include <cstdint>

#include "graphrun/types.hpp"
#include "kernels/cuda/spmv/spmv.cuh"

namespace graphrun::cuda::label_mode_detail {

// One vertex's neighbours: entry i < first_count lies in `first`, the rest
// in `second`.
struct RowSpan {
  const vertex_t* first = nullptr;
  const vertex_t* second = nullptr;
  edge_t first_count = 0;
  edge_t count = 0;

  __device__ __forceinline__ vertex_t neighbour(edge_t i) const {
    return i < first_count ? first[i] : second[i - first_count];
  }
};

// Trivially copyable, so kernels and extended lambdas take it by value.
struct NeighbourRows {
  const edge_t* first_offsets = nullptr;
  const vertex_t* first_indices = nullptr;
  const edge_t* second_offsets = nullptr;  // nullptr: one adjacency
  const vertex_t* second_indices = nullptr;

  NeighbourRows(const CsrView& first, const CsrView* second)
      : first_offsets(first.offsets), first_indices(first.indices),
        second_offsets(second ? second->offsets : nullptr), second_indices(second ? second->indices : nullptr) {}

  __device__ __forceinline__ edge_t degree(vertex_t v) const {
    edge_t count = first_offsets[v + 1] - first_offsets[v];
    if (second_offsets != nullptr) count += second_offsets[v + 1] - second_offsets[v];
    return count;
  }

  __device__ __forceinline__ RowSpan row(vertex_t v) const {
    RowSpan span;
    const edge_t first_begin = first_offsets[v];
    span.first = first_indices + first_begin;
    span.first_count = first_offsets[v + 1] - first_begin;
    span.count = span.first_count;
    if (second_offsets != nullptr) {
      const edge_t second_begin = second_offsets[v];
      span.second = second_indices + second_begin;
      span.count += second_offsets[v + 1] - second_begin;
    }
    return span;
  }
};

}  // namespace graphrun::cuda::label_mode_detail
