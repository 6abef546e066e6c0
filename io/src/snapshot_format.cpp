#include "snapshot_format.hpp"

#include <cstring>
#include <span>

#include "snapshot_checksum.hpp"

namespace graphrun::io::detail {
namespace {

class FieldWriter {
 public:
  explicit FieldWriter(HeaderBytes& bytes) : bytes_(bytes) {}
  template <typename T>
  void put(const T& value) {
    std::memcpy(bytes_.data() + at_, &value, sizeof value);
    at_ += sizeof value;
  }

 private:
  HeaderBytes& bytes_;
  std::size_t at_ = 0;
};

class FieldReader {
 public:
  explicit FieldReader(const HeaderBytes& bytes) : bytes_(bytes) {}
  template <typename T>
  void get(T& value) {
    std::memcpy(&value, bytes_.data() + at_, sizeof value);
    at_ += sizeof value;
  }

 private:
  const HeaderBytes& bytes_;
  std::size_t at_ = 0;
};

// One list of the fields in file order, shared by encode and decode so they
// cannot drift apart.
template <typename Io, typename Header>
void visit_fields(Io& io, Header& h) {
  io.get_or_put(h.version);
  io.get_or_put(h.byte_order);
  io.get_or_put(h.header_bytes);
  io.get_or_put(h.vertices);
  io.get_or_put(h.entries);
  io.get_or_put(h.original_ids);
  io.get_or_put(h.id_base);
  io.get_or_put(h.flags);
  io.get_or_put(h.file_entries);
  io.get_or_put(h.self_loops);
  io.get_or_put(h.self_loops_dropped);
  io.get_or_put(h.duplicates_merged);
  io.get_or_put(h.build_seconds);
  io.get_or_put(h.payload_bytes);
  io.get_or_put(h.payload_hash);
}

struct Encoder : FieldWriter {
  using FieldWriter::FieldWriter;
  template <typename T>
  void get_or_put(const T& value) {
    put(value);
  }
};

struct Decoder : FieldReader {
  using FieldReader::FieldReader;
  template <typename T>
  void get_or_put(T& value) {
    get(value);
  }
};

}  // namespace

std::uint64_t header_hash(const HeaderBytes& bytes) {
  return header_checksum(std::span<const std::byte>(bytes.data(), header_hash_offset));
}

HeaderBytes encode_header(const SnapshotHeader& header) {
  HeaderBytes bytes{};
  Encoder encoder(bytes);
  encoder.put(snapshot_magic);
  visit_fields(encoder, header);
  const std::uint64_t hash = header_hash(bytes);
  std::memcpy(bytes.data() + header_hash_offset, &hash, sizeof hash);
  return bytes;
}

SnapshotHeader decode_header(const HeaderBytes& bytes) {
  SnapshotHeader header;
  Decoder decoder(bytes);
  std::array<unsigned char, 8> magic{};
  decoder.get(magic);
  visit_fields(decoder, header);
  decoder.get(header.header_hash);
  return header;
}

bool section_sizes(std::uint64_t vertices, std::uint64_t entries, std::uint64_t original_ids, bool pattern,
                   SectionSizes& sizes) {
  // Far beyond any real graph, and small enough that no size below overflows.
  constexpr std::uint64_t limit = std::uint64_t{1} << 58;
  if (vertices >= limit || entries >= limit || original_ids >= limit) return false;
  sizes.offsets = (vertices + 1) * 8;
  sizes.indices = entries * 4;
  sizes.values = pattern ? 0 : entries * 4;
  sizes.ids = original_ids * 8;
  return true;
}

}  // namespace graphrun::io::detail
