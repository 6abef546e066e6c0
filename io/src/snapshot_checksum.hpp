#pragma once
// The checksums of a .grb snapshot (format version 4): xxHash's XXH3-64
// with seed 0 (the documented algorithm of libxxhash, `xxhsum -H3`).
//   header checksum  = XXH3-64 of header bytes 0..119
//   payload checksum = XXH3-64 of d_1 d_2 ... d_k, each d_i an 8-byte digest
//                      in the writer's byte order: the XXH3-64 of one chunk,
//                      the chunks being each section's bytes (unpadded, in
//                      file order) cut into 1 MiB pieces, a section's last
//                      piece shorter, an empty section none.
// Chunks hash in parallel, so verifying a reload runs at memory speed on
// every core. Not cryptographic: it catches truncation, bit rot and stray
// writes; forged files are caught by the reader's invariant checks.
// scripts/grb-checksum.py recomputes both independently (python3-xxhash).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace graphrun::io::detail {

inline constexpr std::size_t checksum_chunk_bytes = std::size_t{1} << 20;

// The payload checksum, fed one section at a time in file order. The result
// does not depend on the number of threads.
class PayloadChecksum {
 public:
  void add(std::span<const std::byte> section);
  template <typename T>
  void add_values(std::span<const T> values) {
    add(std::as_bytes(values));
  }
  std::uint64_t value() const;

 private:
  std::vector<std::uint64_t> chunk_digests_;
};

std::uint64_t header_checksum(std::span<const std::byte> header_bytes);

}  // namespace graphrun::io::detail
