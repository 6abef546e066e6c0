#pragma once
// Backend memory: one resource interface and one owning vector type. No code
// outside a MemoryResource implementation allocates backend memory directly.
#include <cstddef>
#include <stdexcept>
#include <span>
#include <utility>
#include <vector>

#include "graphrun/checked_size.hpp"
#include "graphrun/memory_tally.hpp"

namespace graphrun {

enum class CopyKind { host_to_backend, backend_to_host, backend_to_backend };

// Where a backend's vectors live (host RAM for cpu, GPU memory for cuda) and
// how bytes move in and out. Implementations are stream-ordered where that
// applies; copies to the host are complete when they return.
class MemoryResource {
 public:
  virtual ~MemoryResource() = default;
  virtual void* allocate(std::size_t bytes) = 0;
  virtual void deallocate(void* pointer, std::size_t bytes) noexcept = 0;
  virtual void copy(void* destination, const void* source, std::size_t bytes, CopyKind kind) = 0;
  // Bytes allocated through this resource now, and the most at once since it
  // was made or since reset_peak() (the device footprint reports).
  std::size_t bytes_in_use() const noexcept { return tally_.in_use(); }
  std::size_t peak_bytes_in_use() const noexcept { return tally_.peak(); }
  void reset_peak() noexcept { tally_.reset_peak(); }

 protected:
  // Every implementation counts each allocation and deallocation it makes.
  void count_allocation(std::size_t bytes) noexcept { tally_.add(bytes); }
  void count_deallocation(std::size_t bytes) noexcept { tally_.remove(bytes); }

 private:
  MemoryTally tally_;
};

// Owning, move-only array of T in a backend's memory (RAFT's device_uvector
// idea): elements are uninitialised after construction.
template <class T>
class DeviceVector {
 public:
  DeviceVector() = default;
  // UsageError when size x sizeof(T) does not fit in std::size_t.
  DeviceVector(MemoryResource& memory, std::size_t size)
      : memory_(&memory), size_(size),
        data_(size ? static_cast<T*>(memory.allocate(product_or_throw(size, sizeof(T), "DeviceVector"))) : nullptr) {}
  DeviceVector(MemoryResource& memory, std::span<const T> host) : DeviceVector(memory, host.size()) {
    assign(host);
  }
  DeviceVector(const DeviceVector&) = delete;
  DeviceVector& operator=(const DeviceVector&) = delete;
  DeviceVector(DeviceVector&& other) noexcept { swap(other); }
  DeviceVector& operator=(DeviceVector&& other) noexcept {
    DeviceVector(std::move(other)).swap(*this);
    return *this;
  }
  ~DeviceVector() {
    if (data_) memory_->deallocate(data_, size_ * sizeof(T));
  }

  void swap(DeviceVector& other) noexcept {
    std::swap(memory_, other.memory_);
    std::swap(size_, other.size_);
    std::swap(data_, other.data_);
  }

  T* data() noexcept { return data_; }
  const T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  std::span<T> span() noexcept { return {data_, size_}; }
  std::span<const T> span() const noexcept { return {data_, size_}; }
  operator std::span<T>() noexcept { return span(); }
  operator std::span<const T>() const noexcept { return span(); }

  // Copies host data in; sizes must match.
  void assign(std::span<const T> host) {
    if (host.size() != size_) throw std::length_error("DeviceVector::assign: size mismatch");
    if (size_) memory_->copy(data_, host.data(), size_ * sizeof(T), CopyKind::host_to_backend);
  }
  std::vector<T> to_host() const {
    std::vector<T> host(size_);
    if (size_) memory_->copy(host.data(), data_, size_ * sizeof(T), CopyKind::backend_to_host);
    return host;
  }

 private:
  MemoryResource* memory_ = nullptr;
  std::size_t size_ = 0;
  T* data_ = nullptr;
};

}  // namespace graphrun
