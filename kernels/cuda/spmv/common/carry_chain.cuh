#pragma once
// The carry levels behind coo-segmented and hyb's COO tail, which split rows
// across tiles (csr-merge finishes its spanning rows inside its own kernel:
// spanning_rows.cuh). A producer of P tiles writes 2 P
// carry slots (carry_slots.cuh); each level reduces its slots by row with
// segmented_reduce_kernel, writes the rows it completes and hands the rest on
// in 2 slots per tile, until one tile remains. Buffers are sized once, for
// 8-byte values, and reused by every semiring and call.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/common/carry_slots.cuh"
#include "cuda/spmv/common/row_access.cuh"

namespace graphrun::cuda::spmv {

class CarryChain {
 public:
  CarryChain() = default;
  // producer_tiles <= 1: the producer leaves no row open and there are no levels.
  CarryChain(MemoryResource& memory, std::int64_t producer_tiles);

  // Where the producer writes its slots (null slots when there are no levels).
  template <class T>
  CarrySlots<T> producer_slots();

  // Completes the rows left open by the producer: stores them through `out`.
  template <class Semiring>
  void reduce(const DeviceContext& context, RowMask mask, RowOutput<Semiring> out);

  std::size_t bytes() const;

 private:
  struct Level {
    std::int64_t count = 0;
    DeviceVector<vertex_t> rows;
    DeviceVector<std::byte> values;  // count values of the running semiring's type
    DeviceVector<std::uint8_t> has_entries;
  };
  template <class T>
  CarrySlots<T> slots_of(std::size_t level);

  std::vector<Level> levels_;
};

}  // namespace graphrun::cuda::spmv
