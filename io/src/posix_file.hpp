#pragma once
// RAII wrappers over POSIX file descriptors for io/. Every failure becomes an
// InputError naming the path, so callers never see a raw errno.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace graphrun::io::detail {

// A regular file opened for reading. Refuses missing paths, directories and
// anything else that is not a regular file (a FIFO could block forever).
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

// Writes to PATH.partial and renames it to PATH on commit(), so a crash or
// an error never leaves a half-written file under the real name.
class OutputFile {
 public:
  explicit OutputFile(std::string path);
  ~OutputFile();  // removes the partial file unless committed
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void write(std::span<const char> bytes);
  void write(const void* data, std::size_t bytes) { write({static_cast<const char*>(data), bytes}); }
  void commit();

 private:
  [[noreturn]] void fail(const std::string& what) const;

  std::string path_;
  std::string partial_path_;
  int fd_ = -1;
};

}  // namespace graphrun::io::detail
