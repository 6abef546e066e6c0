#include "posix_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "graphrun/error.hpp"

namespace graphrun::io::detail {
namespace {
std::string errno_text(int error) { return std::strerror(error); }

// Repeats `read_call(destination, bytes, bytes_done)` (read or pread) until
// dst is full or the file ends; EINTR retries, other failures throw.
template <class ReadCall>
std::size_t read_until_full(std::span<char> dst, const std::string& path, ReadCall read_call) {
  std::size_t done = 0;
  while (done < dst.size()) {
    const ssize_t got = read_call(dst.data() + done, dst.size() - done, done);
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputError(path, 0, "read failed: " + errno_text(errno));
    }
    done += static_cast<std::size_t>(got);
  }
  return done;
}
}  // namespace

InputFile::InputFile(std::string path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) {
    const int error = errno;
    if (error == ENOENT) throw InputError(path_, 0, "no such file");
    throw InputError(path_, 0, "cannot open for reading: " + errno_text(error));
  }
  struct stat info {};
  if (::fstat(fd_, &info) != 0) {
    const int error = errno;
    ::close(fd_);
    throw InputError(path_, 0, "cannot stat: " + errno_text(error));
  }
  if (S_ISDIR(info.st_mode)) {
    ::close(fd_);
    throw InputError(path_, 0, "is a directory, expected a graph file");
  }
  if (!S_ISREG(info.st_mode)) {
    ::close(fd_);
    throw InputError(path_, 0, "is not a regular file");
  }
  size_ = static_cast<std::uint64_t>(info.st_size);
}

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

std::size_t InputFile::read_some(std::span<char> dst) {
  return read_until_full(dst, path_, [this](char* to, std::size_t bytes, std::size_t) { return ::read(fd_, to, bytes); });
}

void InputFile::read_exact(std::span<char> dst, const char* what) {
  if (read_some(dst) != dst.size())
    throw InputError(path_, 0, std::string("truncated file: ") + what + " is incomplete");
}

std::size_t InputFile::read_some_at(std::span<char> dst, std::uint64_t offset) const {
  return read_until_full(dst, path_, [this, offset](char* to, std::size_t bytes, std::size_t done) {
    return ::pread(fd_, to, bytes, static_cast<off_t>(offset + done));
  });
}

void InputFile::read_exact_at(std::span<char> dst, std::uint64_t offset, const char* what) const {
  if (read_some_at(dst, offset) != dst.size())
    throw InputError(path_, 0, std::string("truncated file: ") + what + " is incomplete");
}

void InputFile::rewind() {
  if (::lseek(fd_, 0, SEEK_SET) != 0) throw InputError(path_, 0, "cannot seek: " + errno_text(errno));
}

OutputFile::OutputFile(std::string path) : path_(std::move(path)), partial_path_(path_ + ".partial") {
  fd_ = ::open(partial_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) fail("cannot open for writing: " + errno_text(errno));
}

OutputFile::~OutputFile() {
  if (fd_ >= 0) {
    ::close(fd_);
    ::unlink(partial_path_.c_str());
  }
}

void OutputFile::write(std::span<const char> bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t put = ::write(fd_, bytes.data() + done, bytes.size() - done);
    if (put < 0) {
      if (errno == EINTR) continue;
      fail("write failed: " + errno_text(errno));
    }
    done += static_cast<std::size_t>(put);
  }
}

void OutputFile::commit() {
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(partial_path_.c_str());
    fail("write failed on close: " + errno_text(error));
  }
  if (std::rename(partial_path_.c_str(), path_.c_str()) != 0) {
    const int error = errno;
    ::unlink(partial_path_.c_str());
    fail("cannot rename the finished file into place: " + errno_text(error));
  }
}

void OutputFile::fail(const std::string& what) const { throw InputError(path_, 0, what); }

}  // namespace graphrun::io::detail
