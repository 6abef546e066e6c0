#include "format_probes.hpp"

#include "kernels/cuda/spmv/formats/csr_hub_split/hub_split_format.cuh"

namespace graphrun::test {

HubSplitShape hub_split_shape(const cuda::CsrView& csr, bool compact_rest_x, const cuda::DeviceContext& context) {
  const cuda::spmv::HubSplitFormat format(csr, nullptr, compact_rest_x, context);
  return HubSplitShape{format.tier_count(), format.hub_multiprocessors()};
}

}  // namespace graphrun::test
