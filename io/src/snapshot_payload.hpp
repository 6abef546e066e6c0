#pragma once
// The payload hash of a snapshot: one hash per section, combined in file
// order. Shared by the writer and the reader.
#include <cstdint>
#include <span>

#include "graphrun/graph.hpp"
#include "payload_hash.hpp"

namespace graphrun::io::detail {

inline std::uint64_t snapshot_payload_hash(std::span<const edge_t> offsets, std::span<const vertex_t> indices,
                                           std::span<const float> values, std::span<const std::int64_t> ids) {
  std::uint64_t h = hash_values(offsets);
  h = combine_hashes(h, hash_values(indices));
  h = combine_hashes(h, hash_values(values));
  return combine_hashes(h, hash_values(ids));
}

// A named graph's snapshot: the hash above (over the name ends as `ids`),
// then the names' bytes.
inline std::uint64_t named_payload_hash(std::uint64_t sections_hash, std::span<const char> name_bytes) {
  return combine_hashes(sections_hash, hash_values(name_bytes));
}

}  // namespace graphrun::io::detail
