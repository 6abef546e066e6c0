#include <zlib.h>

#include <charconv>
#include <cstdio>
#include <memory>

#include "graphrun/error.hpp"
#include "graphrun/io/write.hpp"
#include "posix_file.hpp"

namespace graphrun::io {
namespace {

// Buffered sink over an OutputFile (posix_file.hpp: never clobbers PATH),
// gzip-compressed through a deflate stream when PATH ends in ".gz".
class TextSink {
 public:
  explicit TextSink(const std::string& path) : path_(path), out_(path) {
    gz_ = path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
    // windowBits 15 + 16: a gzip header and trailer around the deflate data.
    if (gz_ && deflateInit2(&stream_, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      throw InputError(path, 0, "cannot start gzip compression");
    buffer_.reserve(capacity);
  }
  ~TextSink() {
    if (gz_) deflateEnd(&stream_);
  }
  TextSink(const TextSink&) = delete;
  TextSink& operator=(const TextSink&) = delete;

  void put(std::string_view text) {
    buffer_.append(text);
    if (buffer_.size() >= capacity) flush(Z_NO_FLUSH);
  }
  void close() {
    flush(Z_FINISH);
    out_.commit();
  }

 private:
  void flush(int mode) {
    if (!gz_) {
      out_.write(buffer_.data(), buffer_.size());
      buffer_.clear();
      return;
    }
    stream_.next_in = reinterpret_cast<Bytef*>(buffer_.data());
    stream_.avail_in = static_cast<uInt>(buffer_.size());
    int status = Z_OK;
    do {
      stream_.next_out = reinterpret_cast<Bytef*>(compressed_);
      stream_.avail_out = sizeof compressed_;
      status = deflate(&stream_, mode);
      if (status == Z_STREAM_ERROR) throw InputError(path_, 0, "gzip compression failed");
      out_.write(compressed_, sizeof compressed_ - stream_.avail_out);
    } while (stream_.avail_out == 0 || (mode == Z_FINISH && status != Z_STREAM_END));
    buffer_.clear();
  }

  static constexpr std::size_t capacity = 1 << 20;
  std::string path_;
  detail::OutputFile out_;
  bool gz_ = false;
  z_stream stream_{};
  char compressed_[1 << 16];
  std::string buffer_;
};

const char* symmetry_name(Symmetry s) {
  switch (s) {
    case Symmetry::general: return "general";
    case Symmetry::symmetric: return "symmetric";
    case Symmetry::skew_symmetric: return "skew-symmetric";
  }
  return "general";
}

}  // namespace

void write_matrix_market(const std::string& path, const EdgeList& edges, const std::string& comment) {
  TextSink sink(path);
  sink.put("%%MatrixMarket matrix coordinate ");
  sink.put(edges.weighted() ? "real " : "pattern ");
  sink.put(symmetry_name(edges.symmetry));
  sink.put("\n");
  if (!comment.empty()) sink.put("% " + comment + "\n");
  sink.put(std::to_string(edges.num_vertices) + " " + std::to_string(edges.num_vertices) + " " +
           std::to_string(edges.size()) + "\n");
  // Two ids and a float take at most 3 x 24 characters; the separators and
  // the newline get room after `fields_end`, so no write can pass the array.
  char line[80];
  char* const fields_end = line + 72;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    char* p = std::to_chars(line, fields_end, static_cast<std::int64_t>(edges.src[i]) + 1).ptr;
    *p++ = ' ';
    p = std::to_chars(p, fields_end, static_cast<std::int64_t>(edges.dst[i]) + 1).ptr;
    if (edges.weighted()) {
      *p++ = ' ';
      p = std::to_chars(p, fields_end, edges.weights[i]).ptr;  // shortest round-trip form
    }
    *p++ = '\n';
    sink.put(std::string_view(line, static_cast<std::size_t>(p - line)));
  }
  sink.close();
}

}  // namespace graphrun::io
