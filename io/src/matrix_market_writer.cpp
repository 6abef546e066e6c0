#include <zlib.h>

#include <charconv>
#include <cstdio>
#include <memory>

#include "graphrun/error.hpp"
#include "graphrun/io/write.hpp"

namespace graphrun::io {
namespace {

// Buffered sink over either a plain FILE* or a gzFile, chosen by extension.
class TextSink {
 public:
  explicit TextSink(const std::string& path) : path_(path) {
    const bool gz = path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
    if (gz) gz_ = gzopen(path.c_str(), "wb6");
    else file_ = std::fopen(path.c_str(), "wb");
    if (!gz_ && !file_) throw InputError(path, 0, "cannot open for writing");
    buffer_.reserve(capacity);
  }
  ~TextSink() {
    if (file_) std::fclose(file_);
    if (gz_) gzclose(gz_);
  }
  void put(std::string_view text) {
    buffer_.append(text);
    if (buffer_.size() >= capacity) flush();
  }
  void flush() {
    if (buffer_.empty()) return;
    const bool ok = file_ ? std::fwrite(buffer_.data(), 1, buffer_.size(), file_) == buffer_.size()
                          : gzwrite(gz_, buffer_.data(), static_cast<unsigned>(buffer_.size())) ==
                                static_cast<int>(buffer_.size());
    if (!ok) throw InputError(path_, 0, "write failed (disk full?)");
    buffer_.clear();
  }
  void close() {
    flush();
    const bool ok = file_ ? std::fclose(file_) == 0 : gzclose(gz_) == Z_OK;
    file_ = nullptr;
    gz_ = nullptr;
    if (!ok) throw InputError(path_, 0, "write failed when closing");
  }

 private:
  static constexpr std::size_t capacity = 1 << 20;
  std::string path_;
  std::FILE* file_ = nullptr;
  gzFile gz_ = nullptr;
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
