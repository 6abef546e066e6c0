#include "cuda/spmv/common/segmented_coo.cuh"

#include "cuda/spmv/common/segmented_launch.cuh"
#include "cuda/spmv/dispatch/semiring_list.cuh"

namespace graphrun::cuda::spmv {

SegmentedCoo::SegmentedCoo(CooView coo, MemoryResource& memory)
    : coo_(coo), carries_(memory, segmented_tiles(coo.count)) {}

template <class Semiring>
void SegmentedCoo::run(const DeviceContext& context, const typename Semiring::value_type* x, bool weighted,
                       RowMask mask, RowOutput<Semiring> out) {
  if (coo_.count == 0) return;
  with_weighting<Semiring>(weighted, [&](auto weighted_constant) {
    constexpr bool kWeighted = decltype(weighted_constant)::value;
    const CooProductItems<Semiring, kWeighted> items{coo_, EntryProduct<Semiring, kWeighted, LoadPath::streamed>{coo_.columns, coo_.weights, x}};
    launch_segmented_reduce<Semiring>(context, items, coo_.count, mask, out,
                                      carries_.producer_slots<typename Semiring::value_type>());
  });
  carries_.reduce<Semiring>(context, mask, out);
}

#define GRAPHRUN_INSTANTIATE(S)                                                                                  \
  template void SegmentedCoo::run<S>(const DeviceContext&, const S::value_type*, bool, RowMask, RowOutput<S>);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv
