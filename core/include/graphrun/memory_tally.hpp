#pragma once
// MemoryTally: the bytes a MemoryResource holds now and the most it has held
// at once. Every resource counts through one, so that the footprints they
// report (the CLI's memory plan, Python's Engine) mean the same thing.
#include <atomic>
#include <cstddef>

namespace graphrun {

class MemoryTally {
 public:
  // Counts an allocation; the peak rises with it. Safe from several threads.
  void add(std::size_t bytes) noexcept {
    const std::size_t now = in_use_.fetch_add(bytes, std::memory_order_relaxed) + bytes;
    std::size_t peak = peak_.load(std::memory_order_relaxed);
    while (now > peak && !peak_.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
    }
  }
  void remove(std::size_t bytes) noexcept { in_use_.fetch_sub(bytes, std::memory_order_relaxed); }

  std::size_t in_use() const noexcept { return in_use_.load(std::memory_order_relaxed); }
  // The most in_use() reached since construction or the last reset_peak().
  std::size_t peak() const noexcept { return peak_.load(std::memory_order_relaxed); }
  void reset_peak() noexcept { peak_.store(in_use(), std::memory_order_relaxed); }

 private:
  std::atomic<std::size_t> in_use_{0};
  std::atomic<std::size_t> peak_{0};
};

}  // namespace graphrun
