#include "payload_hash.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <vector>

namespace graphrun::io::detail {
namespace {

constexpr std::uint64_t multiplier = 0x9e3779b97f4a7c15ull;  // odd: multiplying by it is a bijection
constexpr std::size_t chunk_bytes = std::size_t{1} << 20;

inline std::uint64_t absorb(std::uint64_t state, std::uint64_t word) {
  return std::rotl((state ^ word) * multiplier, 31);
}

// Murmur3's finaliser: spreads every input bit over the whole result.
inline std::uint64_t avalanche(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return h;
}

inline std::uint64_t load_word(const std::byte* p) {
  std::uint64_t word;
  std::memcpy(&word, p, sizeof word);
  return word;
}

// Four independent lanes hide the multiply latency.
std::uint64_t hash_chunk(const std::byte* data, std::size_t size) {
  std::uint64_t lane[4] = {0x243f6a8885a308d3ull, 0x13198a2e03707344ull, 0xa4093822299f31d0ull, 0x082efa98ec4e6c89ull};
  std::size_t i = 0;
  for (; i + 32 <= size; i += 32) {
    lane[0] = absorb(lane[0], load_word(data + i));
    lane[1] = absorb(lane[1], load_word(data + i + 8));
    lane[2] = absorb(lane[2], load_word(data + i + 16));
    lane[3] = absorb(lane[3], load_word(data + i + 24));
  }
  for (int l = 0; i + 8 <= size; i += 8, ++l) lane[l] = absorb(lane[l], load_word(data + i));
  if (i < size) {
    std::uint64_t tail = 0;
    std::memcpy(&tail, data + i, size - i);
    lane[3] = absorb(lane[3], tail);
  }
  std::uint64_t h = absorb(size, lane[0]);
  for (int l = 1; l < 4; ++l) h = absorb(h, lane[l]);
  return avalanche(h);
}

}  // namespace

std::uint64_t combine_hashes(std::uint64_t first, std::uint64_t second) { return avalanche(absorb(first, second)); }

std::uint64_t hash_bytes(std::span<const std::byte> bytes) {
  const std::size_t chunks = (bytes.size() + chunk_bytes - 1) / chunk_bytes;
  std::vector<std::uint64_t> digests(chunks);
#pragma omp parallel for schedule(static) if (chunks > 1)
  for (std::size_t c = 0; c < chunks; ++c) {
    const std::size_t begin = c * chunk_bytes;
    digests[c] = hash_chunk(bytes.data() + begin, std::min(chunk_bytes, bytes.size() - begin));
  }
  std::uint64_t h = avalanche(bytes.size());
  for (const std::uint64_t digest : digests) h = absorb(h, digest);
  return avalanche(h);
}

}  // namespace graphrun::io::detail
