#pragma once
// What the tests ask of the SpMV family's device formats that their headers,
// being CUDA-only, cannot tell a host translation unit.
#include "kernels/cuda/runtime/context.cuh"
#include "kernels/cuda/spmv/spmv.cuh"

namespace graphrun::test {

// The shape of csr-hub-split's copy of `csr` (HubSplitFormat).
struct HubSplitShape {
  int tiers_kept = 0;  // each one hub pass a call
  // The SMs its overlapped hub passes take; 0 when its passes run in turn.
  int hub_multiprocessors = 0;
};
HubSplitShape hub_split_shape(const cuda::CsrView& csr, bool compact_rest_x, const cuda::DeviceContext& context);

}  // namespace graphrun::test
