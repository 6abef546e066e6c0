#pragma once
// Host RAM as the cpu backend's MemoryResource: the cpu backend's "device"
// memory is ordinary memory, so copies are memcpy and nothing is stream-ordered.
#include <atomic>
#include <cstddef>

#include "graphrun/memory.hpp"
#include "cpu/tuning.hpp"

namespace graphrun::cpu {

class HostMemoryResource final : public MemoryResource {
 public:
  static constexpr std::size_t alignment = CpuTuning::allocation_alignment;

  void* allocate(std::size_t bytes) override;
  void deallocate(void* pointer, std::size_t bytes) noexcept override;
  void copy(void* destination, const void* source, std::size_t bytes, CopyKind kind) override;
  std::size_t bytes_in_use() const override { return bytes_in_use_.load(std::memory_order_relaxed); }

 private:
  std::atomic<std::size_t> bytes_in_use_{0};
};

}  // namespace graphrun::cpu
