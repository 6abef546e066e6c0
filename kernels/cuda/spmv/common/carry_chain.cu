#include "cuda/spmv/common/carry_chain.cuh"

#include "cuda/spmv/common/segmented_launch.cuh"
#include "cuda/spmv/dispatch/semiring_list.cuh"

namespace graphrun::cuda::spmv {
namespace {

// Largest value type of the instantiated semirings (PlusTimes<double>).
constexpr std::size_t max_value_bytes = sizeof(double);

}  // namespace

CarryChain::CarryChain(MemoryResource& memory, std::int64_t producer_tiles) {
  if (producer_tiles <= 1) return;
  std::int64_t count = 2 * producer_tiles;
  while (true) {
    Level level;
    level.count = count;
    level.rows = DeviceVector<vertex_t>(memory, static_cast<std::size_t>(count));
    level.values = DeviceVector<std::byte>(memory, static_cast<std::size_t>(count) * max_value_bytes);
    level.has_entries = DeviceVector<std::uint8_t>(memory, static_cast<std::size_t>(count));
    levels_.push_back(std::move(level));
    const std::int64_t tiles = segmented_tiles(count);
    if (tiles <= 1) break;
    count = 2 * tiles;
  }
}

template <class T>
CarrySlots<T> CarryChain::slots_of(std::size_t level) {
  static_assert(sizeof(T) <= max_value_bytes, "carry buffers hold at most 8-byte values");
  if (level >= levels_.size()) return {};
  Level& target = levels_[level];
  return CarrySlots<T>{target.rows.data(), reinterpret_cast<T*>(target.values.data()), target.has_entries.data()};
}

template <class T>
CarrySlots<T> CarryChain::producer_slots() {
  return slots_of<T>(0);
}

template <class Semiring>
void CarryChain::reduce(const DeviceContext& context, RowMask mask, RowOutput<Semiring> out) {
  using value_type = typename Semiring::value_type;
  for (std::size_t level = 0; level < levels_.size(); ++level) {
    const CarrySlots<value_type> input = slots_of<value_type>(level);
    const CarryItems<Semiring> items{input.rows, input.values, input.has_entries};
    launch_segmented_reduce<Semiring>(context, items, levels_[level].count, mask, out,
                                      slots_of<value_type>(level + 1));
  }
}

std::size_t CarryChain::bytes() const {
  std::size_t total = 0;
  for (const Level& level : levels_)
    total += level.rows.size() * sizeof(vertex_t) + level.values.size() + level.has_entries.size();
  return total;
}

#define GRAPHRUN_INSTANTIATE(S) template void CarryChain::reduce<S>(const DeviceContext&, RowMask, RowOutput<S>);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

// One per value type (PlusTimes<float> and MinPlus share float).
template CarrySlots<float> CarryChain::producer_slots<float>();
template CarrySlots<double> CarryChain::producer_slots<double>();
template CarrySlots<std::uint8_t> CarryChain::producer_slots<std::uint8_t>();
template CarrySlots<vertex_t> CarryChain::producer_slots<vertex_t>();

}  // namespace graphrun::cuda::spmv
