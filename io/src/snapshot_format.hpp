#pragma once
// Layout of graphrun's binary snapshot (.grb), version 4. Versions 1 to 3
// (the same layout with graphrun's own hash) are refused with a request to
// write the snapshot again: a snapshot is a cache of its source graph.
//
//   header (128 bytes, fields in the writer's byte order):
//     0  magic "\x89GRB\r\n\x1a\n"  (the PNG trick: text-mode transfers and
//                                    7-bit channels mangle it visibly)
//     8  u32 format version         12  u32 byte-order tag 0x01020304
//    16  u64 header bytes (128)     24  u64 vertices n
//    32  u64 stored entries m       40  u64 original ids k (0 or n)
//    48  i64 id base                56  u64 flags (bit 0: directed,
//                                        bit 1: pattern, no values section,
//                                        bit 2: named vertices, k = n)
//    64  u64 BuildStats.file_entries       72  u64 self_loops
//    80  u64 self_loops_dropped            88  u64 duplicates_merged
//    96  f64 build_seconds
//   104  u64 payload bytes         112  u64 payload hash
//   120  u64 header hash (of bytes 0..119)
//   both hashes are XXH3-64, defined in snapshot_checksum.hpp
//   payload, each section zero-padded to a multiple of 8 bytes:
//     offsets  (n + 1) x i64,  indices m x u32 (each below n),  values m x f32 (0 x f32 for
//     a pattern graph: every weight 1),  ids k x i64; for named vertices
//     the ids section holds each name's end (i64, in bytes, cumulative) and
//     a last section the names' bytes, back to back, strictly increasing in
//     byte order (its size is the last end; the payload size covers it)
#include <array>
#include <cstddef>
#include <cstdint>

namespace graphrun::io::detail {

inline constexpr std::array<unsigned char, 8> snapshot_magic = {0x89, 'G', 'R', 'B', '\r', '\n', 0x1a, '\n'};
inline constexpr std::uint32_t snapshot_version = 4;
inline constexpr std::uint32_t oldest_snapshot_version = 4;
inline constexpr std::uint32_t byte_order_tag = 0x01020304;
inline constexpr std::size_t snapshot_header_bytes = 128;
inline constexpr std::size_t header_hash_offset = 120;
inline constexpr std::uint64_t flag_directed = 1;
inline constexpr std::uint64_t flag_pattern = 2;
inline constexpr std::uint64_t flag_named = 4;

struct SnapshotHeader {
  std::uint32_t version = snapshot_version;
  std::uint32_t byte_order = byte_order_tag;
  std::uint64_t header_bytes = snapshot_header_bytes;
  std::uint64_t vertices = 0;
  std::uint64_t entries = 0;
  std::uint64_t original_ids = 0;
  std::int64_t id_base = 0;
  std::uint64_t flags = 0;
  std::uint64_t file_entries = 0;
  std::uint64_t self_loops = 0;
  std::uint64_t self_loops_dropped = 0;
  std::uint64_t duplicates_merged = 0;
  double build_seconds = 0.0;
  std::uint64_t payload_bytes = 0;
  std::uint64_t payload_hash = 0;
  std::uint64_t header_hash = 0;
};

using HeaderBytes = std::array<std::byte, snapshot_header_bytes>;

// Serialises field by field (no struct padding in the file); encode fills in
// header_hash.
HeaderBytes encode_header(const SnapshotHeader& header);
SnapshotHeader decode_header(const HeaderBytes& bytes);
std::uint64_t header_hash(const HeaderBytes& bytes);

inline constexpr std::uint64_t padded(std::uint64_t bytes) { return (bytes + 7) / 8 * 8; }

// Section sizes implied by the counts; false for counts too large to be real.
struct SectionSizes {
  std::uint64_t offsets = 0, indices = 0, values = 0, ids = 0;
  std::uint64_t payload() const { return padded(offsets) + padded(indices) + padded(values) + padded(ids); }
};
bool section_sizes(std::uint64_t vertices, std::uint64_t entries, std::uint64_t original_ids, bool pattern,
                   SectionSizes& sizes);

}  // namespace graphrun::io::detail
