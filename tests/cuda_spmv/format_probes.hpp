#pragma once
// What the tests ask of the SpMV family's device formats that their headers,
// being CUDA-only, cannot tell a host translation unit.
#include "kernels/cuda/runtime/context.cuh"
#include "kernels/cuda/spmv/spmv.cuh"

namespace graphrun::test {

// The hub tiers csr-hub-split's copy of `csr` keeps (HubSplitFormat).
int hub_split_tiers_kept(const cuda::CsrView& csr, bool compact_rest_x, const cuda::DeviceContext& context);

// The SMs csr-hub-split's overlapped hub passes take on `csr`; 0 when its
// passes run in turn (HubSplitFormat::hub_multiprocessors).
int hub_split_overlap_multiprocessors(const cuda::CsrView& csr, bool compact_rest_x,
                                      const cuda::DeviceContext& context);

}  // namespace graphrun::test
