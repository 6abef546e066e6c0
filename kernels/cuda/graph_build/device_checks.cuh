#pragma once
// Checks, on the device, of graph arrays that come from outside graphrun (a
// framework's tensors): the device side of plan_build's id check and of
// io::adopt_csr's CSR checks, so that such arrays never travel to the host
// to be trusted. Device code: include from .cu files only.
#include <cstdint>

#include "cuda/graph_build/device_csr_build.cuh"
#include "cuda/runtime/context.cuh"
#include "graphrun/device_input.hpp"

namespace graphrun::cuda {

// What one pass over an edge list's ids found, for the checks of the host
// path (python/src/graph_binding.cpp from_edges) in its order: a negative
// id first, then n, then the largest id against n.
struct DeviceIdScan {
  std::int64_t largest = -1;        // the largest id; -1 for an empty list
  std::int64_t first_negative = -1; // the first edge with a negative id; -1: none
  std::int64_t negative_id = 0;     // its negative id (the source's when both are)
  std::uint64_t self_loops = 0;     // edges u -> u
};
DeviceIdScan scan_device_ids(const DeviceContext& context, const DeviceEdgeArrays& entries);

// What checking a CSR found: `passed` when the offsets run from 0 to
// num_entries without decreasing, every row's columns lie in 0..n-1 and
// strictly increase, every value is finite and, when `symmetric` was asked,
// every entry (r, c, w) has its mirror (c, r) holding w or -w bit for bit.
// `self_loops` counts the entries (r, r) of a CSR that passed.
struct DeviceCsrCheck {
  bool passed = false;
  std::uint64_t self_loops = 0;
};
DeviceCsrCheck check_device_csr(const DeviceContext& context, const DeviceCsrArrays& csr, bool symmetric);

}  // namespace graphrun::cuda
