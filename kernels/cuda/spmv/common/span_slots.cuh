#pragma once
// The device buffers behind SpanningRows (spanning_rows.cuh) for a fixed
// count of tiles: an arrival counter and two partial slots per tile, zeroed
// once when made; every call leaves them zero again. Shared by csr-merge's
// partition and csr-hub-split's hub passes.
#include <cstddef>
#include <cstdint>

#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/common/spanning_rows.cuh"

namespace graphrun::cuda::spmv {

class SpanSlots {
 public:
  SpanSlots() = default;
  SpanSlots(const DeviceContext& context, std::int64_t tiles);

  template <class T>
  SpanningRows<T> spanning_rows() {
    static_assert(sizeof(T) <= sizeof(std::uint64_t), "a span slot holds at most an 8-byte value");
    return SpanningRows<T>{arrivals_.data(), slots_.data(), slots_.data() + tiles_};
  }

  std::size_t bytes() const { return arrivals_.size() * sizeof(unsigned) + slots_.size() * sizeof(std::uint64_t); }

 private:
  std::int64_t tiles_ = 0;
  DeviceVector<unsigned> arrivals_;      // per tile; zero between calls
  DeviceVector<std::uint64_t> slots_;    // two per tile: opening, then closing
};

}  // namespace graphrun::cuda::spmv
