#include "format_probes.hpp"

#include "kernels/cuda/spmv/hub_split_format.cuh"

namespace graphrun::test {

int hub_split_tiers_kept(const cuda::CsrView& csr, bool compact_rest_x, const cuda::DeviceContext& context) {
  return cuda::spmv::HubSplitFormat(csr, nullptr, compact_rest_x, context).tier_count();
}

int hub_split_overlap_multiprocessors(const cuda::CsrView& csr, bool compact_rest_x,
                                      const cuda::DeviceContext& context) {
  return cuda::spmv::HubSplitFormat(csr, nullptr, compact_rest_x, context).hub_multiprocessors();
}

}  // namespace graphrun::test
