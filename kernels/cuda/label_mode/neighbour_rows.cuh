#pragma once
// The neighbourhood label_mode walks, as device code sees it: row v of one
// CSR adjacency, or row v of `first` followed by row v of `second`
// (Edges::both on a directed graph). Device code: include from .cu files only.
#include <cstdint>

#include "graphrun/types.hpp"
#include "cuda/spmv/spmv.cuh"

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

// Where row v lies in each adjacency (second_*: 0 with one adjacency).
struct RowBounds {
  edge_t first_begin = 0;
  edge_t first_end = 0;
  edge_t second_begin = 0;
  edge_t second_end = 0;
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

  // Row v's offsets: plain loads into registers, so that a kernel can ask
  // for the next row's bounds early and use them (span()) a row later.
  __device__ __forceinline__ RowBounds bounds(vertex_t v) const {
    RowBounds b;
    b.first_begin = first_offsets[v];
    b.first_end = first_offsets[v + 1];
    if (second_offsets != nullptr) {
      b.second_begin = second_offsets[v];
      b.second_end = second_offsets[v + 1];
    }
    return b;
  }

  __device__ __forceinline__ RowSpan span(const RowBounds& b) const {
    RowSpan span;
    span.first = first_indices + b.first_begin;
    span.first_count = b.first_end - b.first_begin;
    span.count = span.first_count;
    if (second_offsets != nullptr) {
      span.second = second_indices + b.second_begin;
      span.count += b.second_end - b.second_begin;
    }
    return span;
  }

  __device__ __forceinline__ RowSpan row(vertex_t v) const { return span(bounds(v)); }
};

}  // namespace graphrun::cuda::label_mode_detail
