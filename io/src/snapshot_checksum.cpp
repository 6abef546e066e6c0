#include "snapshot_checksum.hpp"

#include <algorithm>

// Header-only use of Debian's libxxhash-dev: XXH3 compiled here, nothing to link.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace graphrun::io::detail {

void PayloadChecksum::add(std::span<const std::byte> section) {
  const std::size_t chunks = (section.size() + checksum_chunk_bytes - 1) / checksum_chunk_bytes;
  const std::size_t first = chunk_digests_.size();
  chunk_digests_.resize(first + chunks);
#pragma omp parallel for schedule(static) if (chunks > 1)
  for (std::size_t c = 0; c < chunks; ++c) {
    const std::size_t begin = c * checksum_chunk_bytes;
    chunk_digests_[first + c] =
        XXH3_64bits(section.data() + begin, std::min(checksum_chunk_bytes, section.size() - begin));
  }
}

std::uint64_t PayloadChecksum::value() const {
  return XXH3_64bits(chunk_digests_.data(), chunk_digests_.size() * sizeof(std::uint64_t));
}

std::uint64_t header_checksum(std::span<const std::byte> header_bytes) {
  return XXH3_64bits(header_bytes.data(), header_bytes.size());
}

}  // namespace graphrun::io::detail
