#pragma once
// Inputs that are streams: "-" (standard input on a pipe or terminal), a
// FIFO, a character device. Readers open an input several times (format
// detection, then the read) and read it with pread from several threads,
// which a stream cannot serve, so a stream is read once, to its end, into
// an in-memory file, and every open of its path reads that copy for as long
// as a StreamScope of the path lives. load_graph, read_edges, read_snapshot
// and detect_format each hold one for their call: to detect and then load
// the same stream in two calls, hold a scope around both. Without a scope a
// stream serves one open. A scope of a regular file (or of nothing) does
// nothing. Scopes nest; the copy is freed with the outermost.
#include <string>

namespace graphrun::io {

class StreamScope {
 public:
  // Reads the stream now when `path` is one and no scope holds it yet
  // (blocks until a FIFO has a writer and ends); InputError naming `path`
  // when reading fails or the copy does not fit in memory (RuntimeError).
  explicit StreamScope(std::string path);
  ~StreamScope();
  StreamScope(const StreamScope&) = delete;
  StreamScope& operator=(const StreamScope&) = delete;

 private:
  std::string path_;
  bool holds_ = false;  // counted in the registry of copies
};

}  // namespace graphrun::io
