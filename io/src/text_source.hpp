#pragma once
// The bytes of a text input, transparently gunzipped. Gzip is recognised by
// its magic bytes (1f 8b), not by the file name, so "graph.txt" that is really
// compressed still reads, and "graph.gz" that is plain text does too.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace graphrun::io::detail {

class TextSource {
 public:
  virtual ~TextSource() = default;
  // Fills dst as far as the input allows; returns the bytes written, 0 only at
  // the end of the input. Throws InputError for a truncated or corrupt stream.
  virtual std::size_t read(std::span<char> dst) = 0;
  // Bytes of the file on disk consumed so far, and its size (for progress).
  virtual std::uint64_t file_bytes_read() const = 0;
  virtual std::uint64_t file_size() const = 0;
  virtual bool compressed() const = 0;
  virtual const std::string& path() const = 0;
};

std::unique_ptr<TextSource> open_text_source(const std::string& path);

// First bytes of the decompressed text (format sniffing); empty when the file
// cannot be opened.
std::string peek_text(const std::string& path, std::size_t bytes);

// True when the file starts with gzip's magic bytes.
bool has_gzip_magic(std::span<const char> first_bytes);

}  // namespace graphrun::io::detail
