#pragma once
// Host RAM as the cpu backend's MemoryResource: the cpu backend's "device"
// memory is ordinary memory, so copies are memcpy and nothing is stream-ordered.
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
};

}  // namespace graphrun::cpu
