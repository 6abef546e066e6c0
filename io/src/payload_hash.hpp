#pragma once
// A fast 64-bit checksum for snapshot payloads. Not cryptographic: it guards
// against truncation, bit rot and stray writes, at memory speed (four
// independent lanes a core, and chunks hash in parallel), so verifying a
// reload costs far less than reading it. Any change confined to one 8-byte
// word is always detected: every step is a bijection of the state for a
// fixed input word.
#include <cstddef>
#include <cstdint>
#include <span>

namespace graphrun::io::detail {

// The result does not depend on the number of threads.
std::uint64_t hash_bytes(std::span<const std::byte> bytes);

// Order-dependent combination of two hashes.
std::uint64_t combine_hashes(std::uint64_t first, std::uint64_t second);

template <typename T>
std::uint64_t hash_values(std::span<const T> values) {
  return hash_bytes(std::as_bytes(values));
}

}  // namespace graphrun::io::detail
