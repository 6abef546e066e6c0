#include "cpu/host_memory.hpp"

#include <cstring>
#include <new>
#include <string>

#include "graphrun/error.hpp"
#include "graphrun/host_memory.hpp"

namespace graphrun::cpu {

void* HostMemoryResource::allocate(std::size_t bytes) {
  if (bytes == 0) return nullptr;
  require_host_memory(bytes, "a cpu backend buffer");
  try {
    void* pointer = ::operator new(bytes, std::align_val_t{alignment});
    count_allocation(bytes);
    return pointer;
  } catch (const std::bad_alloc&) {
    throw RuntimeError("cpu backend: out of host memory allocating " + std::to_string(bytes) + " bytes (" +
                       std::to_string(bytes_in_use()) + " bytes already in use)");
  }
}

void HostMemoryResource::deallocate(void* pointer, std::size_t bytes) noexcept {
  if (pointer == nullptr) return;
  ::operator delete(pointer, std::align_val_t{alignment});
  count_deallocation(bytes);
}

void HostMemoryResource::copy(void* destination, const void* source, std::size_t bytes, CopyKind) {
  // Every kind is a host-to-host copy here; the kind only matters to GPUs.
  if (bytes != 0) std::memcpy(destination, source, bytes);
}

}  // namespace graphrun::cpu
