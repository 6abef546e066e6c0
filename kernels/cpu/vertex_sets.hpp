#pragma once
// Sets and claims over vertex ids that the cpu backend's BFS kernels share
// (bfs_frontier.cpp, bfs_levels.cpp): a frontier bitmap, the range check
// of a listed frontier, and an atomic minimum.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "graphrun/types.hpp"
#include "cpu/parallel_for.hpp"

namespace graphrun::cpu {

// One bit per vertex: 1/8 byte per vertex keeps a frontier in cache while
// pull scans test it once per in-edge read.
class VertexBitmap {
 public:
  static constexpr std::size_t word_bits = 64;

  explicit VertexBitmap(std::size_t n) : words_((n + word_bits - 1) / word_bits, 0) {}

  bool contains(vertex_t v) const {
    const auto id = static_cast<std::size_t>(v);
    return (words_[id / word_bits] >> (id % word_bits)) & 1u;
  }
  std::size_t word_count() const { return words_.size(); }
  std::uint64_t word(std::size_t w) const { return words_[w]; }
  void set_word(std::size_t w, std::uint64_t bits) { words_[w] = bits; }

  // Exactly the listed vertices (repeats are harmless; ids must be in range).
  void assign(std::span<const vertex_t> vertices, int threads) {
    parallel_for(words_.size(), threads, [&](std::size_t w) { words_[w] = 0; });
    parallel_for(vertices.size(), threads, [&](std::size_t i) {
      const auto id = static_cast<std::size_t>(vertices[i]);
      // Atomic: two listed ids may share a word.
      std::atomic_ref<std::uint64_t>(words_[id / word_bits])
          .fetch_or(std::uint64_t{1} << (id % word_bits), std::memory_order_relaxed);
    });
  }

  void swap(VertexBitmap& other) noexcept { words_.swap(other.words_); }

 private:
  std::vector<std::uint64_t> words_;
};

// Whether a listed id lies outside 0..n-1.
inline bool any_out_of_range(std::span<const vertex_t> ids, std::size_t n, int threads) {
  return parallel_any(ids.size(), threads,
                      [&](std::size_t i) { return !is_vertex(ids[i], static_cast<vertex_t>(n)); });
}

// slot = min(slot, candidate) atomically; returns the value slot held before.
template <typename T>
T atomic_fetch_min(T& slot, T candidate) {
  std::atomic_ref<T> shared(slot);
  T seen = shared.load(std::memory_order_relaxed);
  while (candidate < seen && !shared.compare_exchange_weak(seen, candidate, std::memory_order_relaxed)) {
  }
  return seen;
}

}  // namespace graphrun::cpu
