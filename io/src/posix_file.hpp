#pragma once
// RAII wrappers over POSIX file descriptors for io/. Every failure becomes an
// InputError naming the path, so callers never see a raw errno.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace graphrun::io::detail {

// A file opened for reading: a regular file, or "-" (standard input), a
// FIFO or another stream, read from the in-memory copy a StreamScope holds
// (graphrun/io/stream_scope.hpp), or else copied for this open alone.
// Refuses missing paths and directories.
class InputFile {
 public:
  explicit InputFile(std::string path);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  const std::string& path() const noexcept { return path_; }
  std::uint64_t size() const noexcept { return size_; }

  // Up to dst.size() bytes; fewer only at end of file; 0 at end of file.
  std::size_t read_some(std::span<char> dst);
  // Exactly dst.size() bytes, else InputError "truncated" naming `what`.
  void read_exact(std::span<char> dst, const char* what);
  void rewind();

  // Positional reads (pread): they neither use nor move the file position,
  // so several threads may read disjoint parts of the file at once.
  // read_some_at: up to dst.size() bytes, fewer only at end of file.
  std::size_t read_some_at(std::span<char> dst, std::uint64_t offset) const;
  // Exactly dst.size() bytes at offset, else InputError "truncated" naming `what`.
  void read_exact_at(std::span<char> dst, std::uint64_t offset, const char* what) const;

 private:
  std::string path_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

// An output that never clobbers what it replaces. The rules, by what PATH is:
// - "-" or "/dev/stdout": standard output's descriptor, written in place
//   (no file named "-" is created, and no /dev/stdout node is needed).
// - a regular file or nothing: the bytes go to a fresh temporary created
//   with O_EXCL in PATH's directory ("PATH.XXXXXX.partial"), renamed onto
//   PATH by commit(). Two runs writing the same PATH never share a
//   temporary; the last commit wins and neither sees a half-written file.
// - a symbolic link: never replaced. A regular target is replaced
//   atomically in its own directory and the link stays; a link to anything
//   else, or one under /dev or /proc (/dev/stdout, /dev/fd/N: a descriptor
//   the process holds), is written through in place; a link to nothing is
//   refused.
// - anything else that exists (a device such as /dev/null or /dev/stdout, a
//   FIFO): opened and written in place, never renamed onto.
// - a directory: refused.
// The temporary is removed on every failure: a failed write (a full disk),
// a failed close or rename, destruction without commit(), and SIGINT,
// SIGTERM or SIGHUP (partial_files.hpp).
class OutputFile {
 public:
  explicit OutputFile(std::string path);
  ~OutputFile();  // removes the temporary unless committed
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void write(std::span<const char> bytes);
  void write(const void* data, std::size_t bytes) { write({static_cast<const char*>(data), bytes}); }
  void commit();

  // The temporary being written, empty when writing in place.
  const std::string& partial_path() const noexcept { return partial_path_; }

 private:
  [[noreturn]] void fail(const std::string& what);
  void open_in_place(const std::string& target);
  void open_temporary(const std::string& target);
  void remove_temporary() noexcept;

  std::string path_;          // as the caller named it, for messages
  std::string final_path_;    // what the temporary is renamed onto
  std::string partial_path_;  // empty when writing in place
  int fd_ = -1;
  bool owns_fd_ = true;  // false for standard output
  int signal_slot_ = -1;
};

}  // namespace graphrun::io::detail
