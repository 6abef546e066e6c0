#pragma once
// The payload checksum of a snapshot over its sections in file order
// (snapshot_checksum.hpp). Shared by the writer and the reader.
#include <cstdint>
#include <span>

#include "graphrun/graph.hpp"
#include "snapshot_checksum.hpp"

namespace graphrun::io::detail {

// A named graph's ids section holds the name ends, followed by the names'
// bytes; name_bytes is empty (no section) for an unnamed graph.
inline std::uint64_t snapshot_payload_hash(std::span<const edge_t> offsets, std::span<const vertex_t> indices,
                                           std::span<const float> values, std::span<const std::int64_t> ids,
                                           std::span<const char> name_bytes = {}) {
  PayloadChecksum checksum;
  checksum.add_values(offsets);
  checksum.add_values(indices);
  checksum.add_values(values);
  checksum.add_values(ids);
  checksum.add_values(name_bytes);
  return checksum.value();
}

}  // namespace graphrun::io::detail
